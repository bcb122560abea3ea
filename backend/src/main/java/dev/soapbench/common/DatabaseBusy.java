package dev.soapbench.common;

import java.sql.SQLTransientConnectionException;
import java.time.Duration;

/**
 * No pooled connection came free while the caller waited its turn, although the database answers:
 * the service is overloaded, not cut off from its database.
 */
final class DatabaseBusy extends SQLTransientConnectionException {

    DatabaseBusy(Duration waited, Throwable lastTimeout) {
        super("every database connection stayed at work for " + waited.toMillis() + " ms", lastTimeout);
    }
}
