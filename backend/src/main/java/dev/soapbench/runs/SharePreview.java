package dev.soapbench.runs;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.PreviewHead;
import dev.soapbench.common.SoapBenchProperties;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * What a pasted link of a run previews: the page's title and its OpenGraph and Twitter tags, with
 * the run's card as the image. Link previewers do not run the UI's scripts, so the tags go into the
 * page the server sends. Only public runs are described; anything else gets the plain page.
 */
@Component
public class SharePreview {

    private final RunViews views;
    private final SoapBenchProperties properties;
    // Keyed by the kept view's summary (by identity, so a changed run draws anew): a card is drawn
    // once per change of its run, however often it is asked for.
    private final Cache<Object, byte[]> cards =
            Caffeine.newBuilder().weakKeys().maximumSize(500).build();

    SharePreview(RunViews views, SoapBenchProperties properties) {
        this.views = views;
        this.properties = properties;
    }

    /** The head elements for the run named by {@code idOrSlug}, HTML-escaped; empty when there is none to show. */
    public Optional<String> headFor(String idOrSlug) {
        RunView run;
        try {
            run = views.visibleView(idOrSlug, Caller.anonymous());
        } catch (ApiProblem notVisible) {
            return Optional.empty();
        }
        String title = "SOAP stack comparison: " + source(run);
        String verdict = Headline.of(run.status(), run.summary());
        String description = (verdict == null ? "Run " + run.status() : verdict) + " · stacks "
                + String.join(
                        ", ",
                        run.stacks().stream()
                                .map(s -> s.id() + "@" + s.version())
                                .toList());
        String image = properties.statusUrl(run.id()) + "/card.png";
        return Optional.of(PreviewHead.of(title, description, run.shareUrl(), image, RunCard.WIDTH, RunCard.HEIGHT));
    }

    /** The run's card, PNG, for a public run only. */
    public Optional<byte[]> cardFor(String idOrSlug) {
        RunView run;
        try {
            run = views.visibleView(idOrSlug, Caller.anonymous());
        } catch (ApiProblem notVisible) {
            return Optional.empty();
        }
        String verdict = Headline.of(run.status(), run.summary());
        Object key = run.summary() != null ? run.summary() : run.stacks();
        return Optional.of(cards.get(
                key,
                k -> RunCard.png(
                        "SOAP stacks on " + source(run),
                        verdict == null ? "run " + run.status() : verdict,
                        run.summary())));
    }

    private static String source(RunView run) {
        if (run.source().catalog() != null) {
            return "catalog " + run.source().catalog();
        }
        return run.source().fileName() != null ? run.source().fileName() : "an uploaded WSDL";
    }
}
