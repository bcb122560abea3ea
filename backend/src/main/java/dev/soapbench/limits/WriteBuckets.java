package dev.soapbench.limits;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import java.util.Optional;

/**
 * One token bucket per caller: {@code burst} writes at once, refilled at {@code refill} per {@code
 * period}.
 * The buckets live in this process only, so each instance of a multi-instance deployment would
 * allow the full rate; sharing the limit needs a shared store (Bucket4j's JDBC or Redis proxies).
 */
class WriteBuckets {

    private final int refill;
    private final Duration period;
    private final int burst;
    private final TimeMeter clock;
    private final Cache<String, Bucket> buckets;

    WriteBuckets(int writesPerMinute, int burst, long maxCallers, TimeMeter clock) {
        this(
                "soapbench.rate-limit.writes-per-minute",
                writesPerMinute,
                Duration.ofMinutes(1),
                burst,
                maxCallers,
                clock);
    }

    WriteBuckets(String refillProperty, int refill, Duration period, int burst, long maxCallers, TimeMeter clock) {
        if (refill < 1) {
            throw new IllegalStateException(refillProperty + " must be at least 1, not " + refill);
        }
        if (burst < 1) {
            throw new IllegalStateException("soapbench.rate-limit.burst must be at least 1, not " + burst);
        }
        this.refill = refill;
        this.period = period;
        this.burst = burst;
        this.clock = clock;
        // A bucket left alone this long is full again, so forgetting it changes nothing for its caller.
        long periodSeconds = period.toSeconds();
        Duration refillFromEmpty =
                Duration.ofSeconds(Math.max(periodSeconds, (periodSeconds * burst + refill - 1) / refill));
        this.buckets = Caffeine.newBuilder()
                .maximumSize(maxCallers)
                .expireAfterAccess(refillFromEmpty)
                .build();
    }

    /** Takes one write from the caller's bucket; empty when allowed, else how long until one is free. */
    Optional<Duration> tryWrite(String callerKey) {
        ConsumptionProbe probe = buckets.get(callerKey, key -> newBucket()).tryConsumeAndReturnRemaining(1);
        return probe.isConsumed() ? Optional.empty() : Optional.of(Duration.ofNanos(probe.getNanosToWaitForRefill()));
    }

    int refill() {
        return refill;
    }

    int burst() {
        return burst;
    }

    private Bucket newBucket() {
        return Bucket.builder()
                .addLimit(limit -> limit.capacity(burst).refillGreedy(refill, period))
                .withCustomTimePrecision(clock)
                .build();
    }
}
