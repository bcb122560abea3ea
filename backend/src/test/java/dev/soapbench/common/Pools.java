package dev.soapbench.common;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.PrintWriter;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Real Hikari pools, so the tests see the exceptions Hikari really throws: one over a database that
 * always answers (connections that do nothing), one over an address where nothing listens.
 */
final class Pools {

    /** Hikari's shortest connection timeout. */
    static final long TIMEOUT_MILLIS = 250;

    private Pools() {}

    /** A pool of {@code size} connections to a database that always answers. */
    static HikariDataSource answering(int size) {
        HikariConfig config = config(size);
        config.setDataSource(new AnsweringDatabase());
        return new HikariDataSource(config);
    }

    /** A pool whose database refuses every connection (nothing listens on port 1). */
    static HikariDataSource unreachable(int size) {
        HikariConfig config = config(size);
        config.setJdbcUrl("jdbc:postgresql://127.0.0.1:1/none");
        config.setUsername("none");
        return new HikariDataSource(config);
    }

    /**
     * A connection of {@code pool} to hold, however long the pool takes to open it (a loaded machine
     * may need more than the pool's timeout).
     */
    static Connection hold(HikariDataSource pool) throws SQLException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                return pool.getConnection();
            } catch (SQLTransientConnectionException notYet) {
                if (System.nanoTime() - deadline >= 0) {
                    throw notYet;
                }
            }
        }
    }

    private static HikariConfig config(int size) {
        HikariConfig config = new HikariConfig();
        config.setMaximumPoolSize(size);
        config.setConnectionTimeout(TIMEOUT_MILLIS);
        config.setValidationTimeout(TIMEOUT_MILLIS);
        // Started without a connection, as the application's pool is when the database is down.
        config.setInitializationFailTimeout(-1);
        return config;
    }

    /** Connections that accept every call and do nothing. */
    private static final class AnsweringDatabase implements DataSource {

        @Override
        public Connection getConnection() {
            boolean[] closed = {false};
            return (Connection) Proxy.newProxyInstance(
                    Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                        switch (method.getName()) {
                            case "close" -> closed[0] = true;
                            case "isClosed" -> {
                                return closed[0];
                            }
                            case "isValid" -> {
                                return !closed[0];
                            }
                            case "getAutoCommit" -> {
                                return true;
                            }
                            case "getTransactionIsolation" -> {
                                return Connection.TRANSACTION_READ_COMMITTED;
                            }
                            case "hashCode" -> {
                                return System.identityHashCode(proxy);
                            }
                            case "equals" -> {
                                return proxy == args[0];
                            }
                            case "toString" -> {
                                return "answering connection";
                            }
                            default -> {}
                        }
                        Class<?> type = method.getReturnType();
                        if (type == boolean.class) {
                            return false;
                        }
                        if (type == int.class) {
                            return 0;
                        }
                        if (type == long.class) {
                            return 0L;
                        }
                        return null;
                    });
        }

        @Override
        public Connection getConnection(String username, String password) {
            return getConnection();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {}

        @Override
        public void setLoginTimeout(int seconds) {}

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return false;
        }
    }
}
