package dev.soapbench.common;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Tells a database that cannot be reached (down, restarting, refusing connections) from any other
 * failure, so requests answer 503 with Retry-After and consumers put messages back instead of
 * dropping them. A pool whose connections are all at work is no outage: callers wait their turn
 * ({@link ConnectionQueue}), and only one that waited in vain is answered as {@linkplain #isBusy busy}.
 */
public final class DatabaseOutages {

    /** Seconds a client is asked to wait; PostgreSQL restarts in about that time. */
    public static final long RETRY_AFTER_SECONDS = 5;

    private static final long CONSUMER_PAUSE_MILLIS = 1000;

    private DatabaseOutages() {}

    /** Whether the database cannot be reached; a pool whose connections are all at work is not an outage. */
    public static boolean isOutage(Throwable failure) {
        if (isBusy(failure)) {
            return false;
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof DataAccessResourceFailureException
                    || cause instanceof CannotCreateTransactionException
                    // A connection that died mid-transaction fails its rollback this way.
                    || cause instanceof org.springframework.transaction.TransactionSystemException
                    || cause instanceof SQLTransientConnectionException
                    || cause instanceof SQLNonTransientConnectionException) {
                return true;
            }
            // 08: connection exception; 57P01-57P03: the server is shutting down or starting up.
            if (cause instanceof SQLException sql
                    && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("57P"))) {
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }

    /** Whether no pooled connection came free while the caller waited its turn (the database answers). */
    public static boolean isBusy(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof DatabaseBusy) {
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }

    /**
     * Whether a pool that gave up waiting for a connection did so only because every connection was
     * at work. Hikari gives up after its connection timeout in both cases; when the database cannot
     * be reached, its last failure to open a connection is the timeout's cause (a connection opened
     * since clears it), and the pool stays below its size because it cannot open new ones.
     */
    static boolean busyPool(SQLException timeout, int totalConnections, int maximumPoolSize) {
        return timeout instanceof SQLTransientConnectionException
                && !(timeout instanceof DatabaseBusy)
                && timeout.getCause() == null
                && timeout.getSQLState() == null
                && totalConnections >= maximumPoolSize;
    }

    /**
     * For message consumers: when {@code failure} is an outage or a busy pool, waits a moment so the
     * message that goes back to the queue is not retried in a tight loop.
     *
     * @return whether it was an outage or a busy pool
     */
    public static boolean pauseIfOutage(RuntimeException failure) {
        if (!isOutage(failure) && !isBusy(failure)) {
            return false;
        }
        try {
            Thread.sleep(CONSUMER_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return true;
    }
}
