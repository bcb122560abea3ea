package dev.soapbench.results;

import dev.soapbench.results.ResultsSummary.StackFigures;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The stack of a cell every other is compared with: the one the workload names when it is ranked
 * in the cell, else the one with the highest median throughput. A named stack that could not be
 * ranked here (too many errors, every repetition disturbed) is no yardstick, so the fastest stands
 * in for it.
 *
 * @param key {@code stack@version}
 * @param chosenBy {@link ResultsSummary#CHOSEN_BY_WORKLOAD} or {@link ResultsSummary#CHOSEN_BY_SPEED}
 */
record Reference(String key, String chosenBy) {

    private static final Comparator<StackFigures> BY_MEDIAN =
            Comparator.comparingDouble(figures -> figures.throughput().median());

    /**
     * @param named the workload's {@code reference}, a stack id or {@code id@version}; null for none
     * @param rankable the cell's stacks that can be ranked
     */
    static Optional<Reference> choose(String named, List<StackFigures> rankable) {
        if (named != null) {
            Optional<StackFigures> match = rankable.stream()
                    .filter(figures -> named.contains("@")
                            ? figures.key().equals(named)
                            : figures.stack().equals(named))
                    .max(BY_MEDIAN);
            if (match.isPresent()) {
                return Optional.of(new Reference(match.get().key(), ResultsSummary.CHOSEN_BY_WORKLOAD));
            }
        }
        return fastest(rankable).map(key -> new Reference(key, ResultsSummary.CHOSEN_BY_SPEED));
    }

    /** The ranked stack with the highest median throughput; the first of equals. */
    static Optional<String> fastest(List<StackFigures> rankable) {
        return rankable.stream().max(BY_MEDIAN).map(StackFigures::key);
    }
}
