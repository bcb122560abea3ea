package dev.soapbench.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WriteBucketsTest {

    static final class ManualClock implements TimeMeter {
        long nanos;

        @Override
        public long currentTimeNanos() {
            return nanos;
        }

        @Override
        public boolean isWallClockBased() {
            return false;
        }

        void advance(Duration by) {
            nanos += by.toNanos();
        }
    }

    final ManualClock clock = new ManualClock();

    @Test
    void aBurstIsAllowedAndTheNextWriteWaitsForOneRefill() {
        WriteBuckets buckets = new WriteBuckets(30, 3, 100, clock);

        for (int i = 0; i < 3; i++) {
            assertThat(buckets.tryWrite("address:10.0.0.1")).isEmpty();
        }
        Optional<Duration> wait = buckets.tryWrite("address:10.0.0.1");

        assertThat(wait).hasValue(Duration.ofSeconds(2));
    }

    @Test
    void writesComeBackAtTheConfiguredRate() {
        WriteBuckets buckets = new WriteBuckets(30, 1, 100, clock);
        assertThat(buckets.tryWrite("token:a")).isEmpty();
        assertThat(buckets.tryWrite("token:a")).isPresent();

        clock.advance(Duration.ofMillis(1500));
        assertThat(buckets.tryWrite("token:a")).hasValue(Duration.ofMillis(500));
        clock.advance(Duration.ofMillis(500));
        assertThat(buckets.tryWrite("token:a")).isEmpty();
    }

    @Test
    void everyCallerHasItsOwnBucket() {
        WriteBuckets buckets = new WriteBuckets(1, 1, 100, clock);

        assertThat(buckets.tryWrite("token:a")).isEmpty();
        assertThat(buckets.tryWrite("token:a")).isPresent();
        assertThat(buckets.tryWrite("token:b")).isEmpty();
        assertThat(buckets.tryWrite("address:127.0.0.1")).isEmpty();
    }

    @Test
    void aLimitBelowOneIsAConfigurationFaultNamingTheProperty() {
        assertThatThrownBy(() -> new WriteBuckets(0, 10, 100, clock))
                .hasMessage("soapbench.rate-limit.writes-per-minute must be at least 1, not 0");
        assertThatThrownBy(() -> new WriteBuckets(30, -1, 100, clock))
                .hasMessage("soapbench.rate-limit.burst must be at least 1, not -1");
    }

    @Test
    void waitsAreRoundedUpToWholeSeconds() {
        assertThat(WriteRateLimit.wholeSecondsUp(Duration.ofMillis(1))).isEqualTo(1);
        assertThat(WriteRateLimit.wholeSecondsUp(Duration.ofSeconds(2))).isEqualTo(2);
        assertThat(WriteRateLimit.wholeSecondsUp(Duration.ofMillis(2001))).isEqualTo(3);
    }
}
