package dev.soapbench.jvmsupport.drive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class DriveLoopTest {

    @Test
    void warmUpRequestsGoThroughTheSameClientsAndAreNeverCounted() throws InterruptedException {
        AtomicLong calls = new AtomicLong();
        List<Long> numbers = Collections.synchronizedList(new ArrayList<>());
        DriveLoop.Client client = i -> {
            calls.incrementAndGet();
            numbers.add(i);
        };

        DriveResult result = DriveLoop.warmThenRun(30, 100, List.of(client, client));

        assertEquals(130, calls.get(), "every warm-up and measured request is sent");
        assertEquals(100, result.requests());
        assertEquals(100, result.latencyMicros().getTotalCount(), "only measured requests are timed");
        assertEquals(0, numbers.stream().filter(i -> i >= 100).count(), "both passes cycle the sequence from 0");
    }

    @Test
    void noWarmUpMeansTheMeasuredRequestsOnly() throws InterruptedException {
        AtomicLong calls = new AtomicLong();
        DriveResult result = DriveLoop.warmThenRun(0, 25, List.of(i -> calls.incrementAndGet()));
        assertEquals(25, calls.get());
        assertEquals(25, result.latencyMicros().getTotalCount());
    }

    @Test
    void theCpuTimeReportedIsTheMeasuredRequestsAndNotTheWarmUps() throws InterruptedException {
        AtomicLong calls = new AtomicLong();
        // 40 warm-up calls spend 25 ms of CPU each (1 s); the 50 measured ones 8 ms each (0.4 s).
        DriveLoop.Client client = i -> burnCpuMillis(calls.incrementAndGet() <= 40 ? 25 : 8);

        DriveResult result = DriveLoop.warmThenRun(40, 50, List.of(client));

        assertTrue(result.cpuSeconds() >= 0.39, "the measured requests' CPU is counted: " + result.cpuSeconds());
        assertTrue(result.cpuSeconds() < 0.8, "the warm-up's 1 s is left out: " + result.cpuSeconds());
    }

    @Test
    void theSummaryLineCarriesTheCpuTimeOnlyWhenItIsKnown() {
        Histogram latencies = new Histogram(3_600_000_000L, 3);
        latencies.recordValue(120);
        String known = new DriveResult(1, Map.of(), 0.5, latencies, 0.25).json();
        assertTrue(known.contains("\"cpuSeconds\":0.2500,"), known);
        String unknown = new DriveResult(1, Map.of(), 0.5, latencies, -1).json();
        assertFalse(unknown.contains("cpuSeconds"), unknown);
    }

    /** Spins until this thread has spent the given CPU time, however busy the machine is. */
    private static void burnCpuMillis(long millis) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + millis * 1_000_000;
        while (threads.getCurrentThreadCpuTime() < until) {
            Thread.onSpinWait();
        }
    }

    @Test
    void warmupIsOptionalAndNeverNegative() throws DriveOptions.UsageException {
        String[] base = {"--build", "b", "--endpoint", "http://127.0.0.1:1/ws", "--requests", "r", "--count", "10"};
        assertEquals(0, DriveOptions.parse(base).warmup());
        String[] withWarmup = concat(base, "--warmup", "500");
        assertEquals(500, DriveOptions.parse(withWarmup).warmup());
        assertEquals(0, DriveOptions.parse(concat(base, "--warmup", "0")).warmup());
        assertThrows(DriveOptions.UsageException.class, () -> DriveOptions.parse(concat(base, "--warmup", "-1")));
    }

    @Test
    void mtomIsAFlagWithoutAValueWhereverItStands() throws DriveOptions.UsageException {
        String[] base = {"--build", "b", "--endpoint", "http://127.0.0.1:1/ws", "--requests", "r", "--count", "10"};
        assertFalse(DriveOptions.parse(base).mtom());
        assertTrue(DriveOptions.parse(concat(base, "--mtom")).mtom());
        DriveOptions first = DriveOptions.parse(concat(new String[] {"--mtom"}, base));
        assertTrue(first.mtom());
        assertEquals(10, first.count());
        // In a value's place it is the value: an endpoint named --mtom, not the flag.
        DriveOptions asValue = DriveOptions.parse(new String[] {"--build", "b", "--endpoint", "--mtom", "--requests", "r"});
        assertEquals("--mtom", asValue.endpoint());
        assertFalse(asValue.mtom());
    }

    private static String[] concat(String[] base, String... more) {
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }
}
