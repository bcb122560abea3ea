package dev.soapbench.common;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import java.io.Closeable;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * The pool's connections, taken in turn: while every connection is at work a caller waits up to
 * {@code patience} for one instead of failing after the pool's connection timeout. That timeout
 * stays short (1 s) because it is also how soon an outage is noticed: a timeout that is not only a
 * busy pool ({@link DatabaseOutages#busyPool}) is passed on at once.
 */
class ConnectionQueue extends DelegatingDataSource implements Closeable {

    private final HikariDataSource pool;
    private final Duration patience;

    ConnectionQueue(HikariDataSource pool, Duration patience) {
        super(pool);
        this.pool = pool;
        this.patience = patience;
    }

    @Override
    public Connection getConnection() throws SQLException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            try {
                return pool.getConnection();
            } catch (SQLException failure) {
                if (!busy(failure)) {
                    throw failure;
                }
                // Hikari serves its waiters about in order of arrival; one whose wait ran out joins the
                // end of the line again.
                if (System.nanoTime() - deadline >= 0) {
                    throw new DatabaseBusy(patience, failure);
                }
            }
        }
    }

    private boolean busy(SQLException failure) {
        HikariPoolMXBean state = pool.getHikariPoolMXBean();
        return state != null
                && DatabaseOutages.busyPool(failure, state.getTotalConnections(), pool.getMaximumPoolSize());
    }

    @Override
    public void close() {
        pool.close();
    }
}
