package dev.soapbench.limits;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import java.util.Optional;

/**
 * One token bucket per caller: {@code burst} writes at once, refilled at {@code writesPerMinute}.
 * The buckets live in this process only, so each instance of a multi-instance deployment would
 * allow the full rate; sharing the limit needs a shared store (Bucket4j's JDBC or Redis proxies).
 */
class WriteBuckets {

    private final int writesPerMinute;
    private final int burst;
    private final TimeMeter clock;
    private final Cache<String, Bucket> buckets;

    WriteBuckets(int writesPerMinute, int burst, long maxCallers, TimeMeter clock) {
        if (writesPerMinute < 1) {
            throw new IllegalStateException(
                    "soapbench.rate-limit.writes-per-minute must be at least 1, not " + writesPerMinute);
        }
        if (burst < 1) {
            throw new IllegalStateException("soapbench.rate-limit.burst must be at least 1, not " + burst);
        }
        this.writesPerMinute = writesPerMinute;
        this.burst = burst;
        this.clock = clock;
        // A bucket left alone this long is full again, so forgetting it changes nothing for its caller.
        Duration refillFromEmpty =
                Duration.ofSeconds(Math.max(60, (60L * burst + writesPerMinute - 1) / writesPerMinute));
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

    int writesPerMinute() {
        return writesPerMinute;
    }

    int burst() {
        return burst;
    }

    private Bucket newBucket() {
        return Bucket.builder()
                .addLimit(limit -> limit.capacity(burst).refillGreedy(writesPerMinute, Duration.ofMinutes(1)))
                .withCustomTimePrecision(clock)
                .build();
    }
}
