package dev.soapbench.results;

import java.util.List;

/**
 * One stack's throughput against another's in the same cell, paired by round (openapi.yaml,
 * Comparison). Without enough paired rounds only the per-round ratios are given.
 *
 * @param rounds how many rounds both stacks have a usable measurement in
 * @param ratio the Hodges-Lehmann estimate of {@code stack}'s throughput over {@code against}'s
 * @param coverage the interval's real probability of covering the true ratio
 * @param factor how many times faster or slower, at least 1
 * @param text the verdict in one sentence, worded the same wherever it is shown
 * @param roundRatios the ratio in each paired round, in the order of {@code roundNumbers}
 */
public record Comparison(
        String stack,
        String against,
        int rounds,
        Double ratio,
        Double low,
        Double high,
        Double coverage,
        String verdict,
        Double factor,
        String text,
        List<Double> roundRatios,
        List<Integer> roundNumbers) {

    public static final String FASTER = "faster";
    public static final String SLOWER = "slower";
    public static final String TIED = "tied";
    public static final String NOT_ENOUGH_DATA = "not-enough-data";

    public boolean enoughData() {
        return !verdict.equals(NOT_ENOUGH_DATA);
    }

    /** True when the interval leaves the two throughputs indistinguishable, or there is too little data to tell. */
    public boolean undecided() {
        return verdict.equals(TIED) || verdict.equals(NOT_ENOUGH_DATA);
    }
}
