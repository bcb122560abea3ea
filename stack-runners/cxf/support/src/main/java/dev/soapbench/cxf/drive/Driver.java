package dev.soapbench.cxf.drive;

import dev.soapbench.cxf.EndpointDescription;
import dev.soapbench.cxf.samples.SampleException;
import dev.soapbench.cxf.samples.SampleRequests;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Service;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import org.HdrHistogram.Histogram;

/**
 * Driver is the native client: the stack's own generated client (the JAX-WS service class and
 * the generated types) sends the request sequence of a requests folder, cycled, from C threads
 * until N requests are answered, and prints one JSON summary line with an HdrHistogram of the
 * latencies in microseconds.
 *
 * <p>{@code Driver --build DIR --endpoint URL --requests DIR --concurrency C --count N}
 */
public final class Driver {
    private static final long HIGHEST_MICROS = 3_600_000_000L;

    private Driver() {}

    public static void main(String[] args) {
        // stdout carries the one JSON line; the stack's start-up chatter would only bury errors on stderr.
        Logger root = LogManager.getLogManager().getLogger("");
        root.setLevel(Level.WARNING);
        for (Handler handler : root.getHandlers()) {
            handler.setLevel(Level.WARNING);
        }
        try {
            DriveOptions options = DriveOptions.parse(args);
            System.out.println(run(options).json());
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
        EndpointDescription endpoint = EndpointDescription.read(options.build());
        Class<?> serviceInterface = Class.forName(endpoint.serviceInterface());
        List<SampleRequests.Call> calls = SampleRequests.bind(serviceInterface, options.requests());
        Service service = Service.create(options.build().resolve(endpoint.wsdl()).toUri().toURL(), endpoint.service());

        // One proxy per thread: JAX-WS does not promise that a proxy is thread-safe.
        List<Object> ports = new ArrayList<>();
        for (int i = 0; i < options.concurrency(); i++) {
            Object port = service.getPort(endpoint.port(), serviceInterface);
            ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, options.endpoint());
            ports.add(port);
        }
        AtomicLong next = new AtomicLong();
        Map<String, LongAdder> errors = new ConcurrentHashMap<>();
        List<Histogram> histograms = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        long started = System.nanoTime();
        for (Object port : ports) {
            Histogram histogram = new Histogram(HIGHEST_MICROS, 3);
            histograms.add(histogram);
            Thread thread = new Thread(() -> {
                long i;
                while ((i = next.getAndIncrement()) < options.count()) {
                    SampleRequests.Call call = calls.get((int) (i % calls.size()));
                    long sent = System.nanoTime();
                    try {
                        call.method().invoke(port, call.freshArguments());
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

    record DriveOptions(Path build, String endpoint, Path requests, int concurrency, long count) {
        static final class UsageException extends Exception {
            UsageException(String message) {
                super(message);
            }
        }

        static DriveOptions parse(String[] args) throws UsageException {
            Path build = null;
            String endpoint = null;
            Path requests = null;
            int concurrency = 1;
            long count = 1;
            for (int i = 0; i < args.length; i += 2) {
                if (i + 1 >= args.length) {
                    throw new UsageException(args[i] + " needs a value");
                }
                String value = args[i + 1];
                switch (args[i]) {
                    case "--build" -> build = Path.of(value);
                    case "--endpoint" -> endpoint = value;
                    case "--requests" -> requests = Path.of(value);
                    case "--concurrency" -> concurrency = (int) positive(args[i], value);
                    case "--count" -> count = positive(args[i], value);
                    default -> throw new UsageException("drive: unknown argument " + args[i]);
                }
            }
            if (build == null || endpoint == null || requests == null) {
                throw new UsageException("drive needs --build DIR --endpoint URL --requests DIR --concurrency C --count N");
            }
            return new DriveOptions(build.toAbsolutePath(), endpoint, requests.toAbsolutePath(), concurrency, count);
        }

        private static long positive(String flag, String value) throws UsageException {
            try {
                long n = Long.parseLong(value);
                if (n > 0 && n <= Integer.MAX_VALUE) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // falls through to the usage message
            }
            throw new UsageException(flag + " wants a positive whole number, got " + value);
        }
    }
}
