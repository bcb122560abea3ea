package dev.soapbench.jvmsupport.drive;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * DriveResult is the one JSON line `runner drive` prints (docs/runner-contract.md).
 *
 * @param cpuSeconds the client process's CPU time over the measured requests alone, its start-up
 *     and warm-up left out; negative when the JVM cannot say, and the line then leaves it out
 */
public record DriveResult(
        long requests, Map<String, LongAdder> errors, double elapsedSeconds, Histogram latencyMicros, double cpuSeconds) {

    public String json() {
        StringBuilder out = new StringBuilder("{\"requests\":").append(requests).append(",\"errors\":{");
        String separator = "";
        for (Map.Entry<String, LongAdder> error : new TreeMap<>(errors).entrySet()) {
            out.append(separator).append('"').append(error.getKey().replace("\"", "")).append("\":").append(error.getValue().sum());
            separator = ",";
        }
        out.append("},\"elapsedSeconds\":").append(String.format(java.util.Locale.ROOT, "%.3f", elapsedSeconds));
        if (cpuSeconds >= 0) {
            out.append(",\"cpuSeconds\":").append(String.format(java.util.Locale.ROOT, "%.4f", cpuSeconds));
        }
        out.append(",\"latencyUs\":{\"p50\":").append(latencyMicros.getValueAtPercentile(50))
            .append(",\"p90\":").append(latencyMicros.getValueAtPercentile(90))
            .append(",\"p99\":").append(latencyMicros.getValueAtPercentile(99))
            .append(",\"max\":").append(latencyMicros.getMaxValue()).append('}');
        out.append(",\"histogram\":\"").append(compressedBase64(latencyMicros)).append("\"}");
        return out.toString();
    }

    /** The HdrHistogram V2 compressed encoding, base64, as HdrHistogram's own tools read it. */
    private static String compressedBase64(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }
}
