package dev.soapbench.results;

/**
 * The median of a sample with a distribution-free confidence interval.
 *
 * @param coverage the interval's real probability of covering the population median
 * @param approximate true when {@code coverage} is below the confidence asked for
 * @param best the largest value
 * @param worst the smallest value
 */
public record MedianInterval(
        double median,
        double low,
        double high,
        int n,
        double coverage,
        boolean approximate,
        double best,
        double worst) {

    public boolean overlaps(MedianInterval other) {
        return low <= other.high && other.low <= high;
    }
}
