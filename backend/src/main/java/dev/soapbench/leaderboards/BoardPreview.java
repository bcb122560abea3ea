package dev.soapbench.leaderboards;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.PreviewHead;
import dev.soapbench.common.SoapBenchProperties;
import dev.soapbench.runs.RunCard;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** What a pasted link of a leaderboard previews: its title, its leader, and its official run's card. */
@Component
public class BoardPreview {

    private final Leaderboards leaderboards;
    private final SoapBenchProperties properties;
    // One card per standing run: drawn once, however often the board's link is previewed.
    private final Cache<String, byte[]> cards =
            Caffeine.newBuilder().maximumSize(200).build();

    BoardPreview(Leaderboards leaderboards, SoapBenchProperties properties) {
        this.leaderboards = leaderboards;
        this.properties = properties;
    }

    /** The head elements for the board's page; empty for a board that does not exist. */
    public Optional<String> headFor(String boardId) {
        return page(boardId)
                .map(page -> PreviewHead.of(
                        title(page),
                        page.stateText(),
                        properties.publicUrl() + "/leaderboards/" + page.id(),
                        properties.publicUrl() + "/api/v1/leaderboards/" + page.id() + "/card.png",
                        RunCard.WIDTH,
                        RunCard.HEIGHT));
    }

    /** The card of the board's standing, PNG; empty while it has none. */
    public Optional<byte[]> cardFor(String boardId) {
        return page(boardId).filter(page -> page.standing() != null).flatMap(page -> leaderboards
                .standingRun(page)
                .map(run -> cards.get(
                        page.id() + "/" + run.id(), key -> RunCard.png(title(page), headline(page), run.summary()))));
    }

    private Optional<BoardPage> page(String boardId) {
        try {
            return Optional.of(leaderboards.page(boardId));
        } catch (ApiProblem noSuchBoard) {
            return Optional.empty();
        }
    }

    private static String title(BoardPage page) {
        return "Leaderboard: " + page.title() + " · " + page.security() + " · " + page.hardwareClass();
    }

    private static String headline(BoardPage page) {
        BoardPage.Standing standing = page.standing();
        if (!standing.enoughData()) {
            return "not enough data for a verdict · official run " + standing.slug();
        }
        return standing.entries().stream()
                .filter(e -> e.band() != null && e.band() == 1)
                .map(e -> e.displayName() + " " + e.version())
                .reduce((a, b) -> a + ", " + b)
                .map(leaders -> leaders + " in band 1 · official run " + standing.slug())
                .orElse("official run " + standing.slug());
    }
}
