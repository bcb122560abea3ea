package dev.soapbench.results;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SortedMap;

/**
 * How much the reference's own throughput moved from round to round: the machine's drift over the
 * run, which paired verdicts are built to cancel, shown so a reader sees what absolute figures
 * carry and verdicts do not.
 *
 * @param roundRates the reference's throughput per round, in round order
 * @param spreadPercent 100 · (max - min) / median of {@code roundRates}
 */
public record Drift(
        String stack, List<Integer> roundNumbers, List<Double> roundRates, double spreadPercent, String text) {

    /** The drift of {@code stack}'s usable rounds; empty with fewer than two. */
    public static Optional<Drift> of(String stack, SortedMap<Integer, Double> rounds) {
        if (rounds.size() < 2) {
            return Optional.empty();
        }
        List<Double> rates = List.copyOf(rounds.values());
        double median = OrderStatistics.median(rates);
        if (!(median > 0)) {
            return Optional.empty();
        }
        double max = rates.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        double min = rates.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double spread = 100 * (max - min) / median;
        String text = "the reference's throughput moved by " + percent(spread) + " across " + rates.size()
                + " rounds; each verdict pairs stacks within a round, so drift that moves all stacks alike cancels out";
        return Optional.of(new Drift(stack, List.copyOf(rounds.keySet()), rates, spread, text));
    }

    /** Whole percents, with one decimal below 10 % where a whole number would hide the size. */
    private static String percent(double value) {
        return String.format(Locale.ROOT, value < 10 ? "%.1f %%" : "%.0f %%", value);
    }
}
