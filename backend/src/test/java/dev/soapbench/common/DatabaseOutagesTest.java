package dev.soapbench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

class DatabaseOutagesTest {

    @Test
    void aPoolWhoseDatabaseRefusesConnectionsIsAnOutageNotABusyPool() {
        try (HikariDataSource pool = Pools.unreachable(4)) {
            SQLException timeout = catchThrowableOfType(SQLException.class, pool::getConnection);

            assertThat(DatabaseOutages.busyPool(
                            timeout, pool.getHikariPoolMXBean().getTotalConnections(), pool.getMaximumPoolSize()))
                    .isFalse();
            // How Spring hands it on: to a transaction, and to a JdbcClient query outside one.
            assertThat(DatabaseOutages.isOutage(new CannotCreateTransactionException("no transaction", timeout)))
                    .isTrue();
            assertThat(DatabaseOutages.isOutage(new CannotGetJdbcConnectionException("no connection", timeout)))
                    .isTrue();
            assertThat(DatabaseOutages.isBusy(new CannotCreateTransactionException("no transaction", timeout)))
                    .isFalse();
        }
    }

    @Test
    void theRefusedConnectionIsTheTimeoutsCauseEvenWhenThePoolIsFull() {
        // A pool that could open connections before stays full only while the database answers; a
        // timeout that carries a connect failure is an outage whatever the pool's size says.
        try (HikariDataSource pool = Pools.unreachable(1)) {
            // The second timeout: by then the pool has surely tried to open a connection.
            catchThrowableOfType(SQLException.class, pool::getConnection);
            SQLException timeout = catchThrowableOfType(SQLException.class, pool::getConnection);

            assertThat(timeout.getCause()).isNotNull();
            assertThat(timeout.getSQLState()).startsWith("08");
            assertThat(DatabaseOutages.busyPool(timeout, 1, 1)).isFalse();
        }
    }

    @Test
    void aFullPoolOfAnsweringConnectionsIsBusyNotAnOutage() throws SQLException {
        try (HikariDataSource pool = Pools.answering(2);
                Connection first = Pools.hold(pool);
                Connection second = Pools.hold(pool)) {
            SQLException timeout = catchThrowableOfType(SQLException.class, pool::getConnection);

            assertThat((Throwable) timeout).isInstanceOf(SQLTransientConnectionException.class);
            assertThat(DatabaseOutages.busyPool(
                            timeout, pool.getHikariPoolMXBean().getTotalConnections(), pool.getMaximumPoolSize()))
                    .isTrue();
            // A pool below its size that gave no connection could not open one.
            assertThat(DatabaseOutages.busyPool(timeout, 1, 2)).isFalse();
        }
    }

    @Test
    void aCallerThatWaitedInVainForABusyPoolIsBusyNotAnOutage() throws SQLException {
        try (HikariDataSource pool = Pools.answering(1);
                Connection held = Pools.hold(pool)) {
            ConnectionQueue queue = new ConnectionQueue(pool, Duration.ofMillis(300));
            // As JdbcClient and the transaction manager get their connections.
            CannotGetJdbcConnectionException query = catchThrowableOfType(
                    CannotGetJdbcConnectionException.class, () -> DataSourceUtils.getConnection(queue));
            CannotCreateTransactionException transaction =
                    new CannotCreateTransactionException("Could not open JDBC Connection", query.getCause());

            for (Exception failure : new Exception[] {query, transaction}) {
                assertThat(DatabaseOutages.isBusy(failure))
                        .as(failure.toString())
                        .isTrue();
                assertThat(DatabaseOutages.isOutage(failure))
                        .as(failure.toString())
                        .isFalse();
            }
        }
    }

    @Test
    void connectionFailuresOfTheDriverAreOutages() {
        // 08006: the connection broke; 57P01: the server shuts down; 57P03: it is starting up.
        for (String state : new String[] {"08006", "08001", "57P01", "57P03"}) {
            SQLException driver = new SQLException("driver says " + state, state);
            assertThat(DatabaseOutages.isOutage(new RuntimeException("wrapped", driver)))
                    .as(state)
                    .isTrue();
            assertThat(DatabaseOutages.isBusy(driver)).as(state).isFalse();
        }
        // A rollback on a connection that died mid-transaction.
        assertThat(DatabaseOutages.isOutage(new TransactionSystemException("rollback failed")))
                .isTrue();
    }

    @Test
    void otherDatabaseErrorsAreNeither() {
        SQLException syntax = new SQLException("syntax error", "42601");
        SQLException unique = new SQLException("duplicate key", "23505");
        for (Exception failure :
                new Exception[] {new RuntimeException(syntax), new RuntimeException(unique), new IllegalStateException()
                }) {
            assertThat(DatabaseOutages.isOutage(failure)).as(failure.toString()).isFalse();
            assertThat(DatabaseOutages.isBusy(failure)).as(failure.toString()).isFalse();
        }
    }
}
