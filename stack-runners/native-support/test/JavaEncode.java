import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.Scanner;
import org.HdrHistogram.Histogram;

/**
 * JavaEncode prints, for the values on stdin, the line test/hdr_encode.cpp prints, computed by
 * HdrHistogram Java the way the JVM drive clients do (DriveLoop, DriveResult in jvm-support).
 */
public class JavaEncode {
    public static void main(String[] args) {
        long highest = args.length > 0 ? Long.parseLong(args[0]) : 3_600_000_000L;
        Histogram histogram = new Histogram(highest, 3);
        Scanner in = new Scanner(System.in);
        while (in.hasNextLong()) {
            histogram.recordValue(Math.max(0, Math.min(highest, in.nextLong())));
        }
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        System.out.printf("{\"count\":%d,\"max\":%d,\"p50\":%d,\"p90\":%d,\"p99\":%d,\"histogram\":\"%s\"}%n",
            histogram.getTotalCount(), histogram.getMaxValue(), histogram.getValueAtPercentile(50),
            histogram.getValueAtPercentile(90), histogram.getValueAtPercentile(99),
            Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length)));
    }
}
