package dev.soapbench.axis2.drive;

import dev.soapbench.axis2.samples.SampleException;
import dev.soapbench.axis2.samples.SampleRequests;
import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.apache.axis2.client.Options;
import org.apache.axis2.client.Stub;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.kernel.http.HTTPConstants;

/**
 * Driver is Axis2's native client: the ADB client stub WSDL2Java generated with the server
 * ({@code -g}) sends the request sequence of a requests folder, cycled, from C threads until N
 * requests are answered, and prints one JSON summary line with an HdrHistogram of the latencies
 * in microseconds. Each thread has its own configuration context, so its own HTTP client and one
 * kept-alive connection, as a single-threaded Axis2 client would.
 *
 * <p>{@code Driver --build DIR --endpoint URL --requests DIR --concurrency C --count N}
 */
public final class Driver {
    private static final long HIGHEST_MICROS = 3_600_000_000L;

    private Driver() {}

    public static void main(String[] args) {
        try {
            DriveOptions drive = DriveOptions.parse(args);
            System.out.println(run(drive).json());
            System.exit(0);
        } catch (DriveOptions.UsageException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
        } catch (SampleException | IOException | ReflectiveOperationException | RuntimeException e) {
            System.err.println("error: " + String.valueOf(e.getMessage()).replaceAll("\\s+", " "));
            System.exit(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.exit(1);
        }
    }

    static DriveResult run(DriveOptions options)
            throws IOException, SampleException, ReflectiveOperationException, InterruptedException {
        Properties endpoint = new Properties();
        try (Reader reader = Files.newBufferedReader(options.build().resolve("endpoint.properties"), StandardCharsets.UTF_8)) {
            endpoint.load(reader);
        }
        String skeletonName = endpoint.getProperty("skeletonInterface");
        Class<?> skeleton = Class.forName(skeletonName);
        Class<?> stubType = Class.forName(skeletonName.replaceFirst("SkeletonInterface$", "Stub"));
        List<SampleRequests.Call> calls = SampleRequests.bind(skeleton, stubType, options.requests());

        List<Object> stubs = new ArrayList<>();
        for (int i = 0; i < options.concurrency(); i++) {
            ConfigurationContext context = ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
            Object stub = stubType.getConstructor(ConfigurationContext.class, String.class).newInstance(context, options.endpoint());
            Options client = ((Stub) stub)._getServiceClient().getOptions();
            client.setProperty(HTTPConstants.REUSE_HTTP_CLIENT, Boolean.TRUE);
            // Reads each response to its end, so the kept-alive connection is free for the next request.
            client.setCallTransportCleanup(true);
            stubs.add(stub);
        }
        AtomicLong next = new AtomicLong();
        Map<String, LongAdder> errors = new ConcurrentHashMap<>();
        List<Histogram> histograms = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        long started = System.nanoTime();
        for (Object stub : stubs) {
            Histogram histogram = new Histogram(HIGHEST_MICROS, 3);
            histograms.add(histogram);
            Thread thread = new Thread(() -> {
                long i;
                while ((i = next.getAndIncrement()) < options.count()) {
                    SampleRequests.Call call = calls.get((int) (i % calls.size()));
                    long sent = System.nanoTime();
                    try {
                        call.stubMethod().invoke(stub, call.request());
                    } catch (InvocationTargetException e) {
                        errors.computeIfAbsent(e.getCause().getClass().getSimpleName(), k -> new LongAdder()).increment();
                    } catch (ReflectiveOperationException | RuntimeException e) {
                        errors.computeIfAbsent(e.getClass().getSimpleName(), k -> new LongAdder()).increment();
                    }
                    histogram.recordValue(Math.min(HIGHEST_MICROS, (System.nanoTime() - sent) / 1_000));
                }
            }, "driver-" + threads.size());
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        double elapsed = (System.nanoTime() - started) / 1e9;
        Histogram all = new Histogram(HIGHEST_MICROS, 3);
        histograms.forEach(all::add);
        return new DriveResult(options.count(), errors, elapsed, all);
    }
}
