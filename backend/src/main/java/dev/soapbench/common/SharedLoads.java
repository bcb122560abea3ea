package dev.soapbench.common;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * Values loaded once for all who ask at the same time: while a key's value is being loaded, other
 * callers of that key wait for that load instead of starting their own (each on a database
 * connection of its own). Loaded values are kept until their key is dropped, or for a set time. A key
 * dropped while its load runs is loaded afresh for the next caller, and the older load's value is
 * not kept: nothing kept predates a drop of its key, and nobody joins a load begun before one.
 *
 * @param <K> the key
 * @param <V> the value; a null value is handed to those who waited for it but never kept
 */
public final class SharedLoads<K, V> {

    private final Cache<K, V> kept;
    private final Map<K, CompletableFuture<V>> loading = new HashMap<>();

    /** Keeps at most {@code maximumKept} values, the least used leaving first. */
    public SharedLoads(long maximumKept) {
        this(Caffeine.newBuilder().maximumSize(maximumKept));
    }

    /** Keeps each value for at most {@code keptFor} as well. */
    public SharedLoads(long maximumKept, Duration keptFor) {
        this(Caffeine.newBuilder().maximumSize(maximumKept).expireAfterWrite(keptFor));
    }

    private SharedLoads(Caffeine<Object, Object> kept) {
        this.kept = kept.build();
    }

    /** The kept value of {@code key}, else the value of a load of it running now, else {@code load}'s. */
    public V get(K key, Supplier<V> load) {
        V value = kept.getIfPresent(key);
        if (value != null) {
            return value;
        }
        CompletableFuture<V> mine = new CompletableFuture<>();
        CompletableFuture<V> running;
        synchronized (this) {
            value = kept.getIfPresent(key);
            if (value != null) {
                return value;
            }
            running = loading.putIfAbsent(key, mine);
        }
        return running == null ? load(key, load, mine) : await(running);
    }

    /** The kept value of {@code key}, if any; never loads. */
    public V peek(K key) {
        return kept.getIfPresent(key);
    }

    private V load(K key, Supplier<V> load, CompletableFuture<V> mine) {
        V value;
        try {
            value = load.get();
        } catch (RuntimeException | Error failure) {
            synchronized (this) {
                loading.remove(key, mine);
            }
            mine.completeExceptionally(failure);
            throw failure;
        }
        synchronized (this) {
            // Not ours any more: the key was dropped while we loaded.
            if (loading.remove(key, mine) && value != null) {
                kept.put(key, value);
            }
        }
        mine.complete(value);
        return value;
    }

    /** The same value, or the same failure, as the caller that loaded it got. */
    private static <V> V await(CompletableFuture<V> running) {
        try {
            return running.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error failure) {
                throw failure;
            }
            throw e;
        }
    }

    /** How many callers wait for a load running now, besides the loaders. */
    public synchronized int waiting() {
        return loading.values().stream()
                .mapToInt(CompletableFuture::getNumberOfDependents)
                .sum();
    }

    public synchronized void drop(K key) {
        loading.remove(key);
        kept.invalidate(key);
    }

    public synchronized void dropAll() {
        loading.clear();
        kept.invalidateAll();
    }
}
