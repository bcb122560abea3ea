package dev.soapbench.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.Semaphore;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Reads take turns: at most {@code soapbench.limits.concurrent-reads} of them run at once, the others
 * wait parked, first come first served. A read is short work on the CPU (most answers are kept
 * bytes), and on a machine of a few cores 200 of them runnable at once answer in a worse order: the
 * scheduler shares the cores among all, a lock holder is put aside mid-answer, and the slowest
 * answer takes ten times the typical one. Waiting in line costs a reader less than that. Writes do
 * not take turns here: they may wait on the database or on a slow client's body, and their own
 * limits hold them ({@link InFlightPerAddress}, the write rate).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
class ReadTurns extends OncePerRequestFilter {

    private static final Set<String> READS = Set.of("GET", "HEAD");

    private final Semaphore turns;

    ReadTurns(@Value("${soapbench.limits.concurrent-reads:0}") int concurrentReads) {
        int turns =
                concurrentReads > 0 ? concurrentReads : 4 * Runtime.getRuntime().availableProcessors();
        this.turns = new Semaphore(turns, true);
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !READS.contains(request.getMethod());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        try {
            turns.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServletException("interrupted while waiting to read", e);
        }
        try {
            chain.doFilter(request, response);
        } finally {
            turns.release();
        }
    }

    /** Turns free now, for tests. */
    int free() {
        return turns.availablePermits();
    }
}
