package dev.soapbench.jvmsupport.drive;

import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * DriveLoop is what every native client does around its stack's own calls: read the command
 * line, send requests 0..N-1 from one thread per client until N are answered, time each one into
 * an HdrHistogram in microseconds, count failures by exception type, and print the one JSON
 * summary line (or one {@code error:} line and a non-zero exit).
 */
public final class DriveLoop {
    private static final long HIGHEST_MICROS = 3_600_000_000L;

    /** A Client belongs to one thread and sends request number i of the cycled sequence. */
    @FunctionalInterface
    public interface Client {
        void send(long i) throws ReflectiveOperationException;
    }

    /** A Drive sets up one client per thread for the options it is given. */
    @FunctionalInterface
    public interface Drive {
        List<? extends Client> clients(DriveOptions options) throws Exception;
    }

    private DriveLoop() {}

    /** main runs a driver's command line to its exit status: 0 done, 1 failed, 2 usage. */
    public static void main(String[] args, Drive drive) {
        try {
            DriveOptions options = DriveOptions.parse(args);
            System.out.println(warmThenRun(options.warmup(), options.count(), drive.clients(options)).json());
            System.exit(0);
        } catch (DriveOptions.UsageException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.exit(1);
        } catch (Exception e) {
            System.err.println("error: " + String.valueOf(e.getMessage()).replaceAll("\\s+", " "));
            System.exit(1);
        }
    }

    /**
     * Sends {@code warmup} requests, untimed and uncounted, then the {@code count} measured ones over
     * the same clients: a fresh client JVM is as cold as a fresh server, and a measurement of its first
     * requests would time its JIT compiler, not its stack.
     */
    public static DriveResult warmThenRun(long warmup, long count, List<? extends Client> clients)
            throws InterruptedException {
        if (warmup > 0) {
            run(warmup, clients);
        }
        return run(count, clients);
    }

    public static DriveResult run(long count, List<? extends Client> clients) throws InterruptedException {
        AtomicLong next = new AtomicLong();
        Map<String, LongAdder> errors = new ConcurrentHashMap<>();
        List<Histogram> histograms = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        long cpuAtStart = processCpuNanos();
        long started = System.nanoTime();
        for (Client client : clients) {
            Histogram histogram = new Histogram(HIGHEST_MICROS, 3);
            histograms.add(histogram);
            Thread thread = new Thread(() -> {
                long i;
                while ((i = next.getAndIncrement()) < count) {
                    long sent = System.nanoTime();
                    try {
                        client.send(i);
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
        long cpuAtEnd = processCpuNanos();
        Histogram all = new Histogram(HIGHEST_MICROS, 3);
        histograms.forEach(all::add);
        double cpuSeconds = cpuAtStart < 0 || cpuAtEnd < cpuAtStart ? -1 : (cpuAtEnd - cpuAtStart) / 1e9;
        return new DriveResult(count, errors, elapsed, all, cpuSeconds);
    }

    /**
     * The whole client process's CPU time in nanoseconds, its JIT compiler and collector threads
     * included (they work for the requests too), or -1 where the JVM does not count it. The worker
     * counts the whole drive, start-up and warm-up included; this is what lets it tell the
     * measured requests' share apart.
     */
    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
