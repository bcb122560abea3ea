package dev.soapbench.results;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/** Latency percentiles of several measurements taken together, from their merged HdrHistograms. */
public final class Latencies {

    /** Percentiles in milliseconds; the histograms record microseconds. */
    public record Percentiles(double min, double mean, double p50, double p90, double p99, double p999, double max) {}

    private Latencies() {}

    /**
     * Merges the V2-compressed histograms and reads the percentiles; empty when there are none or
     * one cannot be decoded (the reported per-measurement figures still stand then).
     */
    public static Optional<Percentiles> merged(List<byte[]> encodedHistograms) {
        return mergedHistogram(encodedHistograms)
                .map(merged -> new Percentiles(
                        ms(merged.getMinValue()),
                        merged.getMean() / 1000.0,
                        ms(merged.getValueAtPercentile(50)),
                        ms(merged.getValueAtPercentile(90)),
                        ms(merged.getValueAtPercentile(99)),
                        ms(merged.getValueAtPercentile(99.9)),
                        ms(merged.getMaxValue())));
    }

    /** The V2-compressed histograms added up; empty when there are none, one cannot be decoded, or nothing was recorded. */
    static Optional<Histogram> mergedHistogram(List<byte[]> encodedHistograms) {
        Histogram merged = new Histogram(3);
        try {
            for (byte[] encoded : encodedHistograms) {
                merged.add(Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(encoded), 0));
            }
        } catch (DataFormatException | RuntimeException e) {
            return Optional.empty();
        }
        return merged.getTotalCount() == 0 ? Optional.empty() : Optional.of(merged);
    }

    static double ms(long micros) {
        return micros / 1000.0;
    }
}
