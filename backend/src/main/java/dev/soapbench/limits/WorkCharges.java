package dev.soapbench.limits;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class WorkCharges {

    record Charge(long workerSeconds, OffsetDateTime chargedAt) {}

    private final JdbcClient jdbc;

    WorkCharges(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Serialises charges against one key until the transaction ends, so parallel submissions add up. */
    void lock(String callerKey) {
        jdbc.sql("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))")
                .param(callerKey)
                .query((rs, row) -> 1)
                .list();
    }

    OffsetDateTime now() {
        return jdbc.sql("SELECT now()").query(OffsetDateTime.class).single();
    }

    /** The key's charges inside the window ending at {@code now}, oldest first. */
    List<Charge> within(String callerKey, OffsetDateTime now, Duration window) {
        return jdbc.sql("SELECT worker_seconds, charged_at FROM work_charges"
                        + " WHERE caller_key = ? AND charged_at > ? ORDER BY charged_at")
                .params(callerKey, now.minus(window))
                .query((rs, row) ->
                        new Charge(rs.getLong("worker_seconds"), rs.getObject("charged_at", OffsetDateTime.class)))
                .list();
    }

    void insert(String callerKey, long workerSeconds, OffsetDateTime at, String subject) {
        jdbc.sql("INSERT INTO work_charges (caller_key, worker_seconds, charged_at, subject) VALUES (?, ?, ?, ?)")
                .params(callerKey, workerSeconds, at, subject)
                .update();
    }
}
