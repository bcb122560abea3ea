package dev.soapbench.results;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The Hodges-Lehmann estimate of a sample's centre with its exact Wilcoxon signed-rank confidence
 * interval. Of the M = n(n+1)/2 sorted Walsh averages (d_i + d_j)/2, i ≤ j, the estimate is their
 * median and the interval is [W(k), W(M+1-k)], k the largest integer with 2·P(T ≤ k-1) ≤ 5 % under
 * the exact null distribution of the signed-rank statistic T. It covers the centre with probability
 * 1 - 2·P(T ≤ k-1) for any continuous distribution symmetric about it: no normality, and exact at
 * the handful of values a benchmark has, where t-intervals and bootstraps are not.
 *
 * @param estimate the Hodges-Lehmann estimate
 * @param coverage the interval's real probability of covering the centre
 */
record WilcoxonInterval(double estimate, double low, double high, int n, double coverage) {

    /**
     * The interval of {@code values}; empty when no interval reaches {@link OrderStatistics#CONFIDENCE}
     * (fewer than 6 values) or a value is not finite.
     */
    public static Optional<WilcoxonInterval> of(List<Double> values) {
        int n = values.size();
        if (values.stream().anyMatch(value -> !Double.isFinite(value))) {
            return Optional.empty();
        }
        int k = k(n);
        if (k == 0) {
            return Optional.empty();
        }
        double[] walsh = walshAverages(values);
        int m = walsh.length;
        return Optional.of(new WilcoxonInterval(median(walsh), walsh[k - 1], walsh[m - k], n, coverage(n)));
    }

    /** The interval's index k for n values; 0 when even [W(1), W(M)] covers less than asked. */
    static int k(int n) {
        double[] counts = nullCounts(n);
        double total = Math.pow(2, n);
        double below = 0;
        int k = 0;
        // P(T ≤ k-1) grows with k; the last k still within the two-sided 5 % is the answer.
        for (int t = 0; t < counts.length; t++) {
            below += counts[t];
            if (2 * below / total > 1 - OrderStatistics.CONFIDENCE) {
                break;
            }
            k = t + 1;
        }
        return k;
    }

    /** The real coverage 1 - 2·P(T ≤ k-1) of the interval for n values; 0 when there is none. */
    static double coverage(int n) {
        int k = k(n);
        if (k == 0) {
            return 0;
        }
        double[] counts = nullCounts(n);
        double below = 0;
        for (int t = 0; t < k; t++) {
            below += counts[t];
        }
        return 1 - 2 * below / Math.pow(2, n);
    }

    /**
     * How many of the 2^n sign assignments give each signed-rank sum T = 0 … n(n+1)/2: the number
     * of subsets of {1, …, n} with that sum, counted by adding one rank at a time. Doubles hold the
     * counts exactly up to 2^53, past any run's 50 repetitions.
     */
    static double[] nullCounts(int n) {
        double[] counts = new double[n * (n + 1) / 2 + 1];
        counts[0] = 1;
        for (int rank = 1; rank <= n; rank++) {
            for (int t = counts.length - 1; t >= rank; t--) {
                counts[t] += counts[t - rank];
            }
        }
        return counts;
    }

    /** The Hodges-Lehmann estimate: the median of the Walsh averages. */
    static double hodgesLehmann(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("the estimate of no values is undefined");
        }
        return median(walshAverages(values));
    }

    private static double[] walshAverages(List<Double> values) {
        int n = values.size();
        double[] walsh = new double[n * (n + 1) / 2];
        int next = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                walsh[next++] = (values.get(i) + values.get(j)) / 2;
            }
        }
        Arrays.sort(walsh);
        return walsh;
    }

    private static double median(double[] sorted) {
        int m = sorted.length;
        return m % 2 == 1 ? sorted[m / 2] : (sorted[m / 2 - 1] + sorted[m / 2]) / 2;
    }
}
