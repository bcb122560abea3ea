package dev.soapbench.results;

import dev.soapbench.results.ResultsSummary.StackFigures;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The paired verdicts of one cell: every ranked stack against the reference, the bands they fall
 * in, and the reference's drift. Bands are only drawn when every comparison with the reference has
 * enough paired rounds; a band built on some verdicts and some guesses would read as all verdicts.
 *
 * @param order the ranked stacks as bands list them: any shown faster than the reference, the
 *     reference, then the rest, each group by ratio against the reference
 * @param comparisons against the reference, by {@code stack@version}
 * @param places the band of each ranked stack; empty without enough data
 * @param percentOfBest by {@code stack@version}, when the reference is the fastest stack and there is enough data
 */
record CellVerdicts(
        Optional<Reference> reference,
        boolean enoughData,
        String notEnoughData,
        List<String> order,
        Map<String, Comparison> comparisons,
        Map<String, Bands.Place> places,
        Map<String, Double> percentOfBest,
        Optional<Drift> drift) {

    /**
     * @param rankable the cell's stacks that can be ranked
     * @param rounds each stack's usable throughput per round, by {@code stack@version}
     * @param named the workload's {@code reference}; null for the fastest
     */
    static CellVerdicts of(List<StackFigures> rankable, Map<String, SortedMap<Integer, Double>> rounds, String named) {
        Optional<Reference> reference = Reference.choose(named, rankable);
        if (reference.isEmpty()) {
            return new CellVerdicts(reference, true, null, List.of(), Map.of(), Map.of(), Map.of(), Optional.empty());
        }
        String ref = reference.get().key();
        SortedMap<Integer, Double> refRounds = rounds.getOrDefault(ref, new TreeMap<>());
        Map<String, Comparison> comparisons = new LinkedHashMap<>();
        for (StackFigures figures : rankable) {
            if (!figures.key().equals(ref)) {
                comparisons.put(
                        figures.key(),
                        PairedComparison.of(
                                figures.key(), rounds.getOrDefault(figures.key(), new TreeMap<>()), ref, refRounds));
            }
        }
        int fewestRounds =
                comparisons.values().stream().mapToInt(Comparison::rounds).min().orElse(PairedComparison.MIN_ROUNDS);
        boolean enoughData = comparisons.values().stream().allMatch(Comparison::enoughData);
        String notEnoughData =
                enoughData ? null : "not enough data for a verdict: " + VerdictText.shortOfRounds(fewestRounds);

        Map<String, Double> medians = new HashMap<>();
        rankable.forEach(
                figures -> medians.put(figures.key(), figures.throughput().median()));
        List<String> order = order(ref, comparisons, medians);
        Map<String, Bands.Place> places = Map.of();
        Map<String, Double> percentOfBest = new LinkedHashMap<>();
        if (enoughData) {
            places = Bands.of(
                    order,
                    (stack, leader) -> leader.equals(ref) && comparisons.containsKey(stack)
                            ? comparisons.get(stack)
                            : PairedComparison.of(
                                    stack,
                                    rounds.getOrDefault(stack, new TreeMap<>()),
                                    leader,
                                    rounds.getOrDefault(leader, new TreeMap<>())));
            if (Reference.fastest(rankable).orElseThrow().equals(ref)) {
                percentOfBest.put(ref, 100.0);
                comparisons.forEach((stack, comparison) -> percentOfBest.put(stack, 100 * comparison.ratio()));
            }
        }
        return new CellVerdicts(
                reference,
                enoughData,
                notEnoughData,
                order,
                comparisons,
                places,
                percentOfBest,
                Drift.of(ref, refRounds));
    }

    /**
     * Stacks shown faster than the reference lead (only possible when the workload names a slower
     * reference, or when the paired ratio and the medians disagree); without verdicts, medians order.
     */
    private static List<String> order(String ref, Map<String, Comparison> comparisons, Map<String, Double> medians) {
        Comparator<String> byRatio = Comparator.comparing(
                        (String stack) -> comparisons.get(stack).ratio(),
                        Comparator.nullsLast(Comparator.reverseOrder()))
                .thenComparing(medians::get, Comparator.reverseOrder());
        List<String> faster = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        comparisons.forEach(
                (stack, comparison) -> (comparison.verdict().equals(Comparison.FASTER) ? faster : rest).add(stack));
        faster.sort(byRatio);
        rest.sort(byRatio);
        List<String> order = new ArrayList<>(faster);
        order.add(ref);
        order.addAll(rest);
        return order;
    }
}
