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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class InFlightPerAddressTest {

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final CountDownLatch release = new CountDownLatch(1);
    private final InFlightPerAddress filter = new InFlightPerAddress(2);

    @AfterEach
    void stop() {
        release.countDown();
        threads.shutdownNow();
    }

    @Test
    void aThirdSubmissionFromOneAddressIsRefusedWhileTwoHoldThreads() throws Exception {
        List<Future<MockHttpServletResponse>> held = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            held.add(threads.submit(() -> send("POST", "127.0.0.9")));
        }
        awaitInFlight("127.0.0.9", 2);

        MockHttpServletResponse refused = send("POST", "127.0.0.9");
        MockHttpServletResponse otherAddress = sendWithoutHolding("POST", "127.0.0.10");

        assertThat(refused.getStatus()).isEqualTo(429);
        assertThat(refused.getContentType()).startsWith("application/problem+json");
        assertThat(refused.getHeader("Retry-After")).isEqualTo("1");
        assertThat(otherAddress.getStatus()).isEqualTo(200);
        release.countDown();
        for (Future<MockHttpServletResponse> response : held) {
            assertThat(response.get(5, TimeUnit.SECONDS).getStatus()).isEqualTo(200);
        }
        assertThat(filter.inFlight("127.0.0.9")).isZero();
    }

    @Test
    void readsFromOneAddressAreNotCountedAgainstIt() throws Exception {
        List<Future<MockHttpServletResponse>> held = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            held.add(threads.submit(() -> send("GET", "127.0.0.11")));
        }
        for (int i = 0; i < 2; i++) {
            held.add(threads.submit(() -> send("POST", "127.0.0.11")));
        }
        awaitInFlight("127.0.0.11", 2);
        release.countDown();
        for (Future<MockHttpServletResponse> response : held) {
            assertThat(response.get(5, TimeUnit.SECONDS).getStatus()).isEqualTo(200);
        }
    }

    /** A request whose handler holds its thread until the test releases it. */
    private MockHttpServletResponse send(String method, String address) throws Exception {
        return dispatch(method, address, (request, response) -> {
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private MockHttpServletResponse sendWithoutHolding(String method, String address) throws Exception {
        return dispatch(method, address, (request, response) -> {});
    }

    private MockHttpServletResponse dispatch(String method, String address, FilterChain handler) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest(method, "/api/v1/runs");
        request.setRemoteAddr(address);
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter.doFilter(request, response, handler);
        return response;
    }

    private void awaitInFlight(String address, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (filter.inFlight(address) < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(filter.inFlight(address)).isEqualTo(count);
    }
}
