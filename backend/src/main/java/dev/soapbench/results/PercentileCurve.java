package dev.soapbench.results;

import java.util.List;
import java.util.Optional;

/**
 * Latency at fixed percentiles from 50 % to 99.99 %, from merged HdrHistograms: the curve drawn
 * against 1/(1-p) on a log axis, where every further nine gets the same width and the tail, which
 * a median hides, is in plain view. The same fixed percentiles for every curve let curves of
 * several runs be read against one another point by point.
 *
 * @param count the latencies recorded in the merged histograms
 * @param points latency at each of {@link #PERCENTILES}, in order
 * @param maxMs the largest latency recorded
 */
public record PercentileCurve(long count, List<Point> points, double maxMs) {

    /** @param ms the latency at {@code percentile} (0 to 100), in milliseconds */
    public record Point(double percentile, double ms) {}

    public static final List<Double> PERCENTILES = List.of(50.0, 75.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95, 99.99);

    /**
     * The curve of the V2-compressed histograms taken together (values recorded in µs); empty when
     * there are none, one cannot be decoded, or nothing was recorded.
     */
    public static Optional<PercentileCurve> of(List<byte[]> encodedHistograms) {
        return Latencies.mergedHistogram(encodedHistograms)
                .map(merged -> new PercentileCurve(
                        merged.getTotalCount(),
                        PERCENTILES.stream()
                                .map(p -> new Point(p, Latencies.ms(merged.getValueAtPercentile(p))))
                                .toList(),
                        Latencies.ms(merged.getMaxValue())));
    }
}
