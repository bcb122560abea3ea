package dev.soapbench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SharedLoadsTest {

    private final ExecutorService callers = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        callers.shutdownNow();
    }

    /** A load that counts its calls and returns only when released. */
    private static final class Gate implements Supplier<String> {
        final AtomicInteger calls = new AtomicInteger();
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final String value;

        Gate(String value) {
            this.value = value;
        }

        @Override
        public String get() {
            calls.incrementAndGet();
            started.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return value;
        }
    }

    @Test
    void concurrentMissesOfOneKeyWaitForOneLoad() throws Exception {
        SharedLoads<String, String> loads = new SharedLoads<>(10);
        Gate load = new Gate("view");
        List<Future<String>> answers = new ArrayList<>();
        answers.add(callers.submit(() -> loads.get("run", load)));
        assertThat(load.started.await(5, TimeUnit.SECONDS)).isTrue();
        for (int i = 0; i < 50; i++) {
            answers.add(callers.submit(() -> loads.get("run", load)));
        }
        awaitWaiting(loads, 50);
        load.release.countDown();

        for (Future<String> answer : answers) {
            assertThat(answer.get(5, TimeUnit.SECONDS)).isEqualTo("view");
        }
        assertThat(load.calls).hasValue(1);
        // Kept: the next reader loads nothing.
        assertThat(loads.get("run", () -> "again")).isEqualTo("view");
    }

    @Test
    void aSlowLoadOfOneKeyDoesNotHoldUpAnother() throws Exception {
        SharedLoads<String, String> loads = new SharedLoads<>(10);
        Gate slow = new Gate("slow");
        Future<String> first = callers.submit(() -> loads.get("a", slow));
        assertThat(slow.started.await(5, TimeUnit.SECONDS)).isTrue();

        assertThat(loads.get("b", () -> "quick")).isEqualTo("quick");
        slow.release.countDown();
        assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo("slow");
    }

    @Test
    void aKeyDroppedWhileItLoadsIsLoadedAfreshAndTheOlderValueIsNotKept() throws Exception {
        SharedLoads<String, String> loads = new SharedLoads<>(10);
        Gate before = new Gate("before the change");
        Future<String> early = callers.submit(() -> loads.get("run", before));
        assertThat(before.started.await(5, TimeUnit.SECONDS)).isTrue();
        Future<String> joined = callers.submit(() -> loads.get("run", before));
        awaitWaiting(loads, 1);

        loads.drop("run"); // the run changed
        // A reader after the change does not join the load begun before it.
        assertThat(loads.get("run", () -> "after the change")).isEqualTo("after the change");
        before.release.countDown();

        assertThat(early.get(5, TimeUnit.SECONDS)).isEqualTo("before the change");
        assertThat(joined.get(5, TimeUnit.SECONDS)).isEqualTo("before the change");
        assertThat(before.calls).hasValue(1);
        assertThat(loads.get("run", () -> "loaded again")).isEqualTo("after the change");
    }

    @Test
    void aDropOfEveryKeyWhileLoadingKeepsNothingOfThatLoad() throws Exception {
        SharedLoads<String, String> loads = new SharedLoads<>(10);
        Gate before = new Gate("before");
        Future<String> early = callers.submit(() -> loads.get("page", before));
        assertThat(before.started.await(5, TimeUnit.SECONDS)).isTrue();

        loads.dropAll();
        before.release.countDown();
        assertThat(early.get(5, TimeUnit.SECONDS)).isEqualTo("before");

        assertThat(loads.get("page", () -> "after")).isEqualTo("after");
    }

    @Test
    void aKeptValueStaysUntilItsKeyIsDropped() {
        SharedLoads<String, String> loads = new SharedLoads<>(10);
        loads.get("a", () -> "one");
        loads.get("b", () -> "one");
        assertThat(loads.get("a", () -> "two")).isEqualTo("one");

        loads.drop("a");
        assertThat(loads.get("a", () -> "two")).isEqualTo("two");
        assertThat(loads.get("b", () -> "two")).isEqualTo("one");
        loads.dropAll();
        assertThat(loads.get("b", () -> "three")).isEqualTo("three");
    }

    @Test
    void aFailedLoadFailsEveryoneWhoWaitedForItAndIsNotKept() throws Exception {
        SharedLoads<String, String> loads = new SharedLoads<>(10);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        IllegalStateException outage = new IllegalStateException("database down");
        Supplier<String> failing = () -> {
            started.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw outage;
        };
        Future<String> leader = callers.submit(() -> loads.get("run", failing));
        assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
        Future<String> waiter = callers.submit(() -> loads.get("run", failing));
        awaitWaiting(loads, 1);
        release.countDown();

        for (Future<String> answer : List.of(leader, waiter)) {
            assertThatThrownBy(() -> answer.get(5, TimeUnit.SECONDS)).hasCause(outage);
        }
        assertThat(loads.get("run", () -> "back")).isEqualTo("back");
    }

    @Test
    void aValueKeptForAWhileIsLoadedAgainAfterIt() throws Exception {
        SharedLoads<String, String> loads = new SharedLoads<>(10, Duration.ofMillis(200));
        assertThat(loads.get("run", () -> "first")).isEqualTo("first");
        assertThat(loads.get("run", () -> "second")).isEqualTo("first");

        Thread.sleep(400);
        assertThat(loads.get("run", () -> "second")).isEqualTo("second");
    }

    @Test
    void anAbsentValueIsHandedToItsWaitersButNotKept() throws Exception {
        SharedLoads<String, String> loads = new SharedLoads<>(10);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger calls = new AtomicInteger();
        Supplier<String> absent = () -> {
            calls.incrementAndGet();
            started.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return null;
        };
        Future<String> first = callers.submit(() -> loads.get("gone", absent));
        assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
        Future<String> second = callers.submit(() -> loads.get("gone", absent));
        awaitWaiting(loads, 1);
        release.countDown();

        assertThat(first.get(5, TimeUnit.SECONDS)).isNull();
        assertThat(second.get(5, TimeUnit.SECONDS)).isNull();
        assertThat(calls).hasValue(1);
        assertThat(loads.get("gone", () -> "created")).isEqualTo("created");
    }

    /** Until {@code count} callers besides the loader wait on a load of {@code loads}. */
    private static void awaitWaiting(SharedLoads<?, ?> loads, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (loads.waiting() < count && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(loads.waiting()).isEqualTo(count);
    }
}
