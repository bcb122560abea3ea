package dev.soapbench.results;

import java.util.Arrays;
import java.util.Collection;

/**
 * Medians and their order-statistic confidence intervals. The interval [x(j), x(n+1-j)] of the
 * sorted sample covers the population median with probability 1 - 2·P(Bin(n, 1/2) < j) whatever
 * the distribution, which suits benchmark throughputs: skewed, few, and with outliers.
 */
public final class OrderStatistics {

    public static final double CONFIDENCE = 0.95;

    private OrderStatistics() {}

    public static double median(Collection<Double> values) {
        return median(sorted(values));
    }

    /** @throws IllegalArgumentException for an empty sample */
    public static MedianInterval medianInterval(Collection<Double> values) {
        double[] sorted = sorted(values);
        int n = sorted.length;
        int j = 1;
        while (j + 1 <= n + 1 - (j + 1) && coverage(n, j + 1) >= CONFIDENCE) {
            j++;
        }
        double coverage = n < 2 ? 0 : coverage(n, j);
        return new MedianInterval(
                median(sorted),
                sorted[j - 1],
                sorted[n - j],
                n,
                coverage,
                coverage < CONFIDENCE,
                sorted[n - 1],
                sorted[0]);
    }

    /** Sample standard deviation over the mean; null with fewer than two values or a zero mean. */
    public static Double coefficientOfVariation(Collection<Double> values) {
        if (values.size() < 2) {
            return null;
        }
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        if (mean == 0) {
            return null;
        }
        double squares = values.stream()
                .mapToDouble(value -> (value - mean) * (value - mean))
                .sum();
        return Math.sqrt(squares / (values.size() - 1)) / mean;
    }

    /** Probability that [x(j), x(n+1-j)] covers the median: 1 - 2·P(B ≤ j-1), B ~ Bin(n, 1/2). */
    static double coverage(int n, int j) {
        return 1 - 2 * binomialCdfHalf(n, j - 1);
    }

    private static double binomialCdfHalf(int n, int k) {
        double term = Math.pow(0.5, n);
        double sum = 0;
        for (int i = 0; i <= k; i++) {
            sum += term;
            term = term * (n - i) / (i + 1);
        }
        return sum;
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static double[] sorted(Collection<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("the median of no values is undefined");
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        return sorted;
    }
}
