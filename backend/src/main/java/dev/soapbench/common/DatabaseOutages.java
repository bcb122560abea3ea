package dev.soapbench.common;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Tells a database that cannot be reached (down, restarting, refusing connections) from any other
 * failure, so requests answer 503 with Retry-After and consumers put messages back instead of
 * dropping them.
 */
public final class DatabaseOutages {

    /** Seconds a client is asked to wait; PostgreSQL restarts in about that time. */
    public static final long RETRY_AFTER_SECONDS = 5;

    private static final long CONSUMER_PAUSE_MILLIS = 1000;

    private DatabaseOutages() {}

    public static boolean isOutage(Throwable failure) {
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

    /**
     * For message consumers: when {@code failure} is an outage, waits a moment so the message that
     * goes back to the queue is not retried in a tight loop.
     *
     * @return whether it was an outage
     */
    public static boolean pauseIfOutage(RuntimeException failure) {
        if (!isOutage(failure)) {
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
