package dev.soapbench.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * At most {@code soapbench.limits.max-in-flight-per-address} requests with a body (submissions,
 * cancels) of one client address hold a request thread at once; the next is refused at once with a
 * 429, so one address that sends its bodies slowly cannot take every thread. Reads are not counted:
 * their request is read before a thread takes it, and a kept view is written in well under a
 * millisecond, so 200 readers behind one address (a proxy, a dashboard wall) wait their turn
 * instead of being refused.
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
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return READS.contains(request.getMethod());
    }

    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");

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
