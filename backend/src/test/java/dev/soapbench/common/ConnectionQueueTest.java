package dev.soapbench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ConnectionQueueTest {

    @Test
    void aCallerWaitsPastThePoolsTimeoutForAConnectionThatComesFree() throws Exception {
        try (HikariDataSource pool = Pools.answering(1)) {
            ConnectionQueue queue = new ConnectionQueue(pool, Duration.ofSeconds(10));
            Connection held = Pools.hold(pool);
            long waitedMillis = 4 * Pools.TIMEOUT_MILLIS;
            CompletableFuture.runAsync(
                    () -> close(held), CompletableFuture.delayedExecutor(waitedMillis, TimeUnit.MILLISECONDS));

            long start = System.nanoTime();
            try (Connection next = queue.getConnection()) {
                assertThat(next.isValid(1)).isTrue();
            }
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isGreaterThanOrEqualTo(Duration.ofMillis(waitedMillis - 50));
        }
    }

    @Test
    void aCallerThatWaitedItsPatienceInVainIsToldTheDatabaseIsBusy() throws SQLException {
        try (HikariDataSource pool = Pools.answering(1);
                Connection held = Pools.hold(pool)) {
            Duration patience = Duration.ofMillis(3 * Pools.TIMEOUT_MILLIS);
            ConnectionQueue queue = new ConnectionQueue(pool, patience);

            long start = System.nanoTime();
            SQLException busy = catchThrowableOfType(SQLException.class, queue::getConnection);
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat((Throwable) busy).isInstanceOf(DatabaseBusy.class);
            assertThat(took)
                    .isGreaterThanOrEqualTo(patience)
                    // A slice of the pool's timeout more, and room for a loaded machine.
                    .isLessThan(patience.plusSeconds(5));
        }
    }

    @Test
    void anUnreachableDatabaseIsReportedAfterOneTimeoutOfThePoolNotAfterThePatience() {
        try (HikariDataSource pool = Pools.unreachable(4)) {
            ConnectionQueue queue = new ConnectionQueue(pool, Duration.ofSeconds(30));

            long start = System.nanoTime();
            SQLException failure = catchThrowableOfType(SQLException.class, queue::getConnection);
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat((Throwable) failure).isNotInstanceOf(DatabaseBusy.class);
            assertThat(DatabaseOutages.isOutage(failure)).isTrue();
            // One timeout of the pool (250 ms), not the patience of 30 s; room for a loaded machine.
            assertThat(took).isLessThan(Duration.ofSeconds(10));
        }
    }

    @Test
    void closingTheQueueClosesThePool() {
        HikariDataSource pool = Pools.answering(1);
        new ConnectionQueue(pool, Duration.ofSeconds(1)).close();
        assertThat(pool.isClosed()).isTrue();
    }

    private static void close(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
