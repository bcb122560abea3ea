package dev.soapbench.testing;

import java.nio.ByteBuffer;
import org.HdrHistogram.Histogram;

/** HdrHistograms in the V2 compressed encoding workers report and measurements store. */
public final class TestHistograms {

    private TestHistograms() {}

    /** {@code count} latencies of {@code micros} microseconds each, encoded. */
    public static byte[] of(long micros, long count) {
        Histogram histogram = new Histogram(3_600_000_000L, 3);
        histogram.recordValueWithCount(micros, count);
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return bytes;
    }
}
