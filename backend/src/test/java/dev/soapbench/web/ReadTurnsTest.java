package dev.soapbench.web;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.FilterChain;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class ReadTurnsTest {

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger running = new AtomicInteger();
    private final ReadTurns turns = new ReadTurns(2);

    @AfterEach
    void stop() {
        release.countDown();
        threads.shutdownNow();
    }

    @Test
    void readsBeyondTheTurnsWaitAndAllAreAnswered() throws Exception {
        List<Future<?>> reads = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            reads.add(threads.submit(() -> dispatch("GET")));
        }
        awaitRunning(2);
        Thread.sleep(100);
        assertThat(running.get()).as("reads at work at once").isEqualTo(2);
        assertThat(turns.free()).isZero();

        release.countDown();
        for (Future<?> read : reads) {
            read.get(5, TimeUnit.SECONDS);
        }
        assertThat(turns.free()).isEqualTo(2);
    }

    @Test
    void writesDoNotWaitForReads() throws Exception {
        for (int i = 0; i < 2; i++) {
            threads.submit(() -> dispatch("GET"));
        }
        awaitRunning(2);
        Future<?> write = threads.submit(() -> dispatch("POST"));
        awaitRunning(3);
        assertThat(write.isDone()).isFalse();
        release.countDown();
        write.get(5, TimeUnit.SECONDS);
    }

    /** A request whose handler holds its thread until the test releases it. */
    private Void dispatch(String method) throws Exception {
        FilterChain handler = (request, response) -> {
            running.incrementAndGet();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                running.decrementAndGet();
            }
        };
        turns.doFilter(new MockHttpServletRequest(method, "/api/v1/runs"), new MockHttpServletResponse(), handler);
        return null;
    }

    private void awaitRunning(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (running.get() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(running.get()).isEqualTo(count);
    }
}
