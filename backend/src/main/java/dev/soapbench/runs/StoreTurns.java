package dev.soapbench.runs;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.DatabaseOutages;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Lets a few submissions store at once, fewer than the pool has connections, so that a burst of
 * submissions waits here in order of arrival, holding no connection, while readers and the
 * background work (outbox, event ingestion, watchdog) keep theirs. The store step is short; a
 * submission that waited {@code soapbench.database.store-wait} in vain is answered 503 with
 * Retry-After.
 */
@Component
class StoreTurns {

    private final Semaphore turns;
    private final Duration patience;

    StoreTurns(
            @Value("${soapbench.database.concurrent-stores:4}") int concurrentStores,
            @Value("${soapbench.database.store-wait:PT30S}") Duration patience) {
        if (concurrentStores < 1) {
            throw new IllegalStateException("soapbench.database.concurrent-stores must be at least 1");
        }
        this.turns = new Semaphore(concurrentStores, true);
        this.patience = patience;
    }

    void store(Runnable store) {
        // A caller inside a transaction (a study storing its cells) holds its connection already.
        if (TransactionSynchronizationManager.isActualTransactionActive()) {
            store.run();
            return;
        }
        if (!acquire()) {
            throw ApiProblem.unavailable(
                    "The service is too busy to store the run right now; retry in a few seconds.",
                    DatabaseOutages.RETRY_AFTER_SECONDS);
        }
        try {
            store.run();
        } finally {
            turns.release();
        }
    }

    private boolean acquire() {
        try {
            return turns.tryAcquire(patience.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
