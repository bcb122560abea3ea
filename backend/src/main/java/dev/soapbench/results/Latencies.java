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
        Histogram merged = new Histogram(3);
        try {
            for (byte[] encoded : encodedHistograms) {
                merged.add(Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(encoded), 0));
            }
        } catch (DataFormatException | RuntimeException e) {
            return Optional.empty();
        }
        if (merged.getTotalCount() == 0) {
            return Optional.empty();
        }
        return Optional.of(new Percentiles(
                ms(merged.getMinValue()),
                merged.getMean() / 1000.0,
                ms(merged.getValueAtPercentile(50)),
                ms(merged.getValueAtPercentile(90)),
                ms(merged.getValueAtPercentile(99)),
                ms(merged.getValueAtPercentile(99.9)),
                ms(merged.getMaxValue())));
    }

    private static double ms(long micros) {
        return micros / 1000.0;
    }
}
