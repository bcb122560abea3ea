package dev.soapbench.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * At most {@code soapbench.limits.max-in-flight-per-address} requests of one client address hold a
 * request thread at once; the next is refused at once with a 429, so slow or many connections from
 * one address cannot take every thread. An event stream counts only while its thread is held.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class InFlightPerAddress extends OncePerRequestFilter {

    private final int maxPerAddress;
    private final ConcurrentHashMap<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();

    InFlightPerAddress(@Value("${soapbench.limits.max-in-flight-per-address:32}") int maxPerAddress) {
        if (maxPerAddress < 1) {
            throw new IllegalStateException(
                    "soapbench.limits.max-in-flight-per-address must be at least 1, not " + maxPerAddress);
        }
        this.maxPerAddress = maxPerAddress;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String address = request.getRemoteAddr();
        AtomicInteger count = inFlight.compute(address, (key, current) -> {
            AtomicInteger counter = current == null ? new AtomicInteger() : current;
            counter.incrementAndGet();
            return counter;
        });
        try {
            if (count.get() > maxPerAddress) {
                ProblemJson.write(
                        response,
                        429,
                        "Too many requests",
                        "Your address has " + maxPerAddress
                                + " requests in progress already; send the next when one has finished.",
                        1L);
                return;
            }
            chain.doFilter(request, response);
        } finally {
            inFlight.computeIfPresent(address, (key, counter) -> counter.decrementAndGet() == 0 ? null : counter);
        }
    }

    /** Requests now in progress for an address, for tests. */
    int inFlight(String address) {
        AtomicInteger count = inFlight.get(address);
        return count == null ? 0 : count.get();
    }
}
