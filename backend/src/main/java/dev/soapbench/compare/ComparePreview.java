package dev.soapbench.compare;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.PreviewHead;
import dev.soapbench.common.SoapBenchProperties;
import dev.soapbench.runs.RunCard;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * What a pasted link of a comparison previews: which runs, against which baseline, the first
 * verdict, and the baseline run's card. Only runs anyone may see are described.
 */
@Component
public class ComparePreview {

    private final RunComparisons comparisons;
    private final SoapBenchProperties properties;

    ComparePreview(RunComparisons comparisons, SoapBenchProperties properties) {
        this.comparisons = comparisons;
        this.properties = properties;
    }

    public Optional<String> headFor(String runs, String baseline) {
        ComparePage page;
        try {
            page = comparisons.compare(CompareQuery.parse(runs, baseline), Caller.anonymous());
        } catch (ApiProblem notComparable) {
            return Optional.empty();
        }
        ComparePage.Run base = page.runs().stream()
                .filter(ComparePage.Run::baseline)
                .findFirst()
                .orElseThrow();
        String title = page.runs().size() == 1
                ? "The stacks of run " + base.slug() + " side by side"
                : "Runs " + page.runs().stream().map(ComparePage.Run::slug).collect(Collectors.joining(", "))
                        + " compared with " + base.slug();
        String verdict = page.cells().stream()
                .flatMap(cell -> cell.stacks().stream())
                .flatMap(stack -> stack.runs().stream())
                .map(ComparePage.Figures::ratio)
                .filter(Objects::nonNull)
                .map(ratio -> ratio.text())
                .findFirst()
                .orElse("figures of each run per stack, latency percentiles");
        String description = verdict + " · " + base.source()
                + (page.warnings().isEmpty() ? "" : " · " + page.warnings().size() + " difference(s) flagged");
        String url = properties.publicUrl() + "/compare?runs=" + URLEncoder.encode(runs, StandardCharsets.UTF_8)
                + (baseline == null ? "" : "&baseline=" + URLEncoder.encode(baseline, StandardCharsets.UTF_8));
        return Optional.of(PreviewHead.of(
                title, description, url, properties.statusUrl(base.id()) + "/card.png", RunCard.WIDTH, RunCard.HEIGHT));
    }
}
