package dev.soapbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.soapbench.common.ApiProblem;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.transaction.support.TransactionSynchronizationManager;

class StoreTurnsTest {

    private final ExecutorService callers = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        callers.shutdownNow();
    }

    @Test
    void submissionsBeyondTheTurnsWaitAndStoreInOrderOfArrival() throws Exception {
        StoreTurns turns = new StoreTurns(1, Duration.ofSeconds(10));
        CountDownLatch storing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<Integer> stored = new CopyOnWriteArrayList<>();
        Thread first = new Thread(() -> turns.store(() -> {
            storing.countDown();
            await(release);
            stored.add(0);
        }));
        first.start();
        assertThat(storing.await(5, TimeUnit.SECONDS)).isTrue();
        List<Thread> next = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            int position = i;
            Thread waiter = new Thread(() -> turns.store(() -> stored.add(position)));
            waiter.start();
            awaitWaiting(waiter); // in line before the next one comes
            next.add(waiter);
        }
        assertThat(stored).isEmpty();

        release.countDown();
        first.join(5_000);
        for (Thread waiter : next) {
            waiter.join(5_000);
        }
        assertThat(stored).containsExactly(0, 1, 2, 3, 4, 5);
    }

    @Test
    void aSubmissionThatWaitedInVainIsAnswered503WithRetryAfter() throws Exception {
        StoreTurns turns = new StoreTurns(1, Duration.ofMillis(200));
        CountDownLatch storing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Future<?> holder = callers.submit(() -> turns.store(() -> {
            storing.countDown();
            await(release);
        }));
        assertThat(storing.await(5, TimeUnit.SECONDS)).isTrue();

        boolean[] ran = {false};
        ApiProblem refused = catchThrowableOfType(ApiProblem.class, () -> turns.store(() -> ran[0] = true));

        assertThat(ran[0]).isFalse();
        assertThat(refused.status()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(refused.retryAfterSeconds()).isPresent();
        release.countDown();
        holder.get(5, TimeUnit.SECONDS);
        // The turn was given back.
        turns.store(() -> ran[0] = true);
        assertThat(ran[0]).isTrue();
    }

    @Test
    void aFailedStoreGivesItsTurnBack() {
        StoreTurns turns = new StoreTurns(1, Duration.ofMillis(200));
        catchThrowableOfType(
                IllegalStateException.class,
                () -> turns.store(() -> {
                    throw new IllegalStateException("constraint violated");
                }));
        boolean[] ran = {false};
        turns.store(() -> ran[0] = true);
        assertThat(ran[0]).isTrue();
    }

    @Test
    void aCallerInsideATransactionHoldsItsConnectionAlreadyAndDoesNotWait() throws Exception {
        StoreTurns turns = new StoreTurns(1, Duration.ofMillis(200));
        CountDownLatch storing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Future<?> holder = callers.submit(() -> turns.store(() -> {
            storing.countDown();
            await(release);
        }));
        assertThat(storing.await(5, TimeUnit.SECONDS)).isTrue();

        boolean[] ran = {false};
        TransactionSynchronizationManager.setActualTransactionActive(true);
        try {
            turns.store(() -> ran[0] = true);
        } finally {
            TransactionSynchronizationManager.setActualTransactionActive(false);
        }
        assertThat(ran[0]).isTrue();
        release.countDown();
        holder.get(5, TimeUnit.SECONDS);
    }

    private static void awaitWaiting(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (thread.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(thread.getState()).isEqualTo(Thread.State.TIMED_WAITING);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
