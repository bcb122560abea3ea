package dev.soapbench.leaderboards;

import dev.soapbench.common.CanonicalJson;
import dev.soapbench.runs.CatalogRuns;
import dev.soapbench.runs.RunResult;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Users' completed public runs of a board's very workload: shown beside the board, never ranked. */
final class UnverifiedRuns {

    static final int SHOWN = 10;

    private UnverifiedRuns() {}

    static List<BoardPage.Unverified> of(
            Board board,
            List<CatalogRuns.Completed> candidates,
            Set<UUID> officialIds,
            Function<UUID, Optional<RunResult>> results) {
        return candidates.stream()
                .filter(run -> !officialIds.contains(run.id()) && sameWorkload(board.workload(), run.workload()))
                .limit(SHOWN)
                .map(run -> results.apply(run.id())
                        .map(r -> new BoardPage.Unverified(
                                r.id(), r.slug(), r.finishedAt(), BoardStandings.values(board, r)))
                        .orElse(null))
                .filter(u -> u != null && !u.stacks().isEmpty())
                .sorted(Comparator.comparing(BoardPage.Unverified::finishedAt).reversed())
                .toList();
    }

    /**
     * True when the run measured the board's workload: every setting the board fixes (but the count
     * of rounds and the stacks) is the run's too.
     */
    static boolean sameWorkload(ObjectNode boardWorkload, JsonNode runWorkload) {
        ObjectNode fixed = boardWorkload.deepCopy();
        fixed.remove("repetitions");
        for (String name : fixed.propertyNames()) {
            JsonNode wanted = fixed.get(name);
            JsonNode actual = runWorkload.path(name);
            if (wanted.isObject()) {
                for (String inner : wanted.propertyNames()) {
                    if (!same(wanted.get(inner), actual.path(inner))) {
                        return false;
                    }
                }
            } else if (!same(wanted, actual)) {
                return false;
            }
        }
        return true;
    }

    private static boolean same(JsonNode wanted, JsonNode actual) {
        return !actual.isMissingNode() && CanonicalJson.write(wanted).equals(CanonicalJson.write(actual));
    }
}
