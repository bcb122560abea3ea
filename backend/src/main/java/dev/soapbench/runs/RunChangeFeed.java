package dev.soapbench.runs;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The ids of runs whose stored state changed, as PostgreSQL announces them on channel {@code
 * run_changed} (a trigger on runs, run_stacks and measurements, so every writer is covered, in
 * every instance). Caches of run views are only trusted while the feed is listening: a notice
 * missed while it was not is a change no cache would hear of.
 */
@Component
class RunChangeFeed implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(RunChangeFeed.class);
    private static final int POLL_MILLIS = 5_000;

    private final DataSource dataSource;
    private final List<Consumer<UUID>> subscribers = new CopyOnWriteArrayList<>();
    private volatile boolean listening;
    private volatile boolean running;
    private Thread thread;

    RunChangeFeed(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    void subscribe(Consumer<UUID> subscriber) {
        subscribers.add(subscriber);
    }

    /** True while every change reaches the subscribers. */
    boolean listening() {
        return listening;
    }

    @Override
    public void start() {
        running = true;
        thread = new Thread(this::listen, "run-change-feed");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void stop() {
        running = false;
        listening = false;
        if (thread != null) {
            thread.interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void listen() {
        while (running) {
            try (Connection connection = dataSource.getConnection()) {
                connection.setAutoCommit(true);
                try (Statement statement = connection.createStatement()) {
                    statement.execute("LISTEN run_changed");
                }
                PGConnection notices = connection.unwrap(PGConnection.class);
                changed(null);
                listening = true;
                while (running) {
                    PGNotification[] batch = notices.getNotifications(POLL_MILLIS);
                    if (batch == null) {
                        continue;
                    }
                    for (PGNotification notice : batch) {
                        changed(parse(notice.getParameter()));
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (running) {
                    log.warn(
                            "Not listening for run changes ({}); run views are computed on every read", e.getMessage());
                }
            } finally {
                listening = false;
            }
            pause();
        }
    }

    /** Tells every subscriber; a null id means any run may have changed. */
    private void changed(UUID runId) {
        for (Consumer<UUID> subscriber : subscribers) {
            subscriber.accept(runId);
        }
    }

    private static UUID parse(String text) {
        try {
            return UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private void pause() {
        try {
            Thread.sleep(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
