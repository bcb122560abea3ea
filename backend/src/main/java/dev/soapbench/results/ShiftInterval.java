package dev.soapbench.results;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Hodges-Lehmann estimate of the shift between two independent samples with its exact
 * Mann-Whitney confidence interval. Of the N = n·m sorted differences x_i - y_j, the estimate is
 * their median and the interval is [D(k), D(N+1-k)], k the largest integer with 2·P(U ≤ k-1) ≤ 5 %
 * under the exact null distribution of the Mann-Whitney statistic U. It covers the shift with
 * probability 1 - 2·P(U ≤ k-1) whenever the two samples come from one continuous distribution
 * shifted against the other: nothing about its shape, and exact at the handful of repetitions a
 * run has. It is the unpaired counterpart of {@link WilcoxonInterval}: repetitions of two different
 * runs share no round, so there is nothing to pair them by.
 *
 * @param estimate the Hodges-Lehmann estimate of x - y
 * @param n the size of the first sample
 * @param m the size of the second sample
 * @param coverage the interval's real probability of covering the shift
 */
record ShiftInterval(double estimate, double low, double high, int n, int m, double coverage) {

    /** k and the coverage by sample sizes: a comparison page asks for the same few sizes again and again. */
    private record Index(int k, double coverage) {}

    private static final Map<Long, Index> INDEXES = new ConcurrentHashMap<>();

    /**
     * The interval of the shift {@code x} - {@code y}; empty when no interval reaches {@link
     * OrderStatistics#CONFIDENCE} (fewer than 4 values in either sample) or a value is not finite.
     */
    public static Optional<ShiftInterval> of(List<Double> x, List<Double> y) {
        if (x.isEmpty()
                || y.isEmpty()
                || x.stream().anyMatch(value -> !Double.isFinite(value))
                || y.stream().anyMatch(value -> !Double.isFinite(value))) {
            return Optional.empty();
        }
        int n = x.size();
        int m = y.size();
        int k = k(n, m);
        if (k == 0) {
            return Optional.empty();
        }
        double[] differences = differences(x, y);
        int size = differences.length;
        return Optional.of(new ShiftInterval(
                median(differences), differences[k - 1], differences[size - k], n, m, coverage(n, m)));
    }

    /** The interval's index k for samples of n and m; 0 when even [D(1), D(N)] covers less than asked. */
    static int k(int n, int m) {
        return index(n, m).k();
    }

    /** The real coverage 1 - 2·P(U ≤ k-1) of the interval for samples of n and m; 0 when there is none. */
    static double coverage(int n, int m) {
        return index(n, m).coverage();
    }

    private static Index index(int n, int m) {
        return INDEXES.computeIfAbsent(((long) n << 32) | m, key -> {
            double[] probabilities = nullDistribution(n, m);
            double below = 0;
            int k = 0;
            // P(U ≤ k-1) grows with k; the last k still within the two-sided 5 % is the answer.
            for (int u = 0; u < probabilities.length; u++) {
                if (2 * (below + probabilities[u]) > 1 - OrderStatistics.CONFIDENCE) {
                    break;
                }
                below += probabilities[u];
                k = u + 1;
            }
            return new Index(k, k == 0 ? 0 : 1 - 2 * below);
        });
    }

    /**
     * P(U = u), u = 0 … n·m, when both samples come from one distribution: U counts the pairs with
     * x_i > y_j. The largest of the n + m values is an x with probability n/(n+m), and then it beats
     * all m values of y; otherwise it is a y and beats nothing. Hence p(n, m, u) = n/(n+m)·p(n-1, m,
     * u-m) + m/(n+m)·p(n, m-1, u). Probabilities rather than counts: the counts, C(n+m, n), pass
     * 2^53 at 30 repetitions each, while these stay exact to rounding at any size a run allows.
     */
    static double[] nullDistribution(int n, int m) {
        // previous[j] holds p(i-1, j, ·), current[j] p(i, j, ·), for j = 0 … m.
        double[][] previous = new double[m + 1][];
        for (int j = 0; j <= m; j++) {
            previous[j] = new double[] {1};
        }
        for (int i = 1; i <= n; i++) {
            double[][] current = new double[m + 1][];
            current[0] = new double[] {1};
            for (int j = 1; j <= m; j++) {
                double[] p = new double[i * j + 1];
                double xLargest = (double) i / (i + j);
                for (int u = 0; u < p.length; u++) {
                    double fromX = u >= j && u - j < previous[j].length ? previous[j][u - j] : 0;
                    double fromY = u < current[j - 1].length ? current[j - 1][u] : 0;
                    p[u] = xLargest * fromX + (1 - xLargest) * fromY;
                }
                current[j] = p;
            }
            previous = current;
        }
        return previous[m];
    }

    /** The Hodges-Lehmann estimate of the shift: the median of all differences x_i - y_j. */
    static double hodgesLehmann(List<Double> x, List<Double> y) {
        if (x.isEmpty() || y.isEmpty()) {
            throw new IllegalArgumentException("the shift between empty samples is undefined");
        }
        return median(differences(x, y));
    }

    private static double[] differences(List<Double> x, List<Double> y) {
        double[] differences = new double[x.size() * y.size()];
        int next = 0;
        for (double xi : x) {
            for (double yj : y) {
                differences[next++] = xi - yj;
            }
        }
        Arrays.sort(differences);
        return differences;
    }

    private static double median(double[] sorted) {
        int size = sorted.length;
        return size % 2 == 1 ? sorted[size / 2] : (sorted[size / 2 - 1] + sorted[size / 2]) / 2;
    }
}
