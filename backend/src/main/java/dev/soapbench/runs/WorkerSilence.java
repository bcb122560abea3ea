package dev.soapbench.runs;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * When the worker of a run in progress last gave a sign of life for it: an event of the run, or a
 * heartbeat naming the run as its current one. A heartbeat of the same worker about something else
 * (it restarted and is idle, or took another job) does not count.
 */
@Component
class WorkerSilence {

    /** The last sign of life, the step the worker last reported and the kind of its last event. */
    record LastSign(OffsetDateTime at, String step, String lastEventKind) {}

    private final JdbcClient jdbc;
    private final Duration silentAfter;

    WorkerSilence(JdbcClient jdbc, @Value("${soapbench.watchdog.silent-after:PT30S}") Duration silentAfter) {
        this.jdbc = jdbc;
        this.silentAfter = silentAfter;
    }

    Optional<LastSign> lastSign(UUID runId) {
        return jdbc.sql(
                        """
                        SELECT greatest(
                                   (SELECT max(e.received_at) FROM run_events e WHERE e.run_id = r.id),
                                   w.last_seen_at, r.started_at) AS at,
                               w.step,
                               (SELECT e.kind FROM run_events e WHERE e.run_id = r.id
                                ORDER BY e.received_at DESC, e.seq DESC LIMIT 1) AS last_event_kind
                        FROM runs r
                        LEFT JOIN workers w ON w.worker_id = r.worker_id AND w.current_run_id = r.id::text
                        WHERE r.id = ? AND r.status IN ('running', 'cancelling')""")
                .param(runId)
                .query((rs, row) -> new LastSign(
                        rs.getObject("at", OffsetDateTime.class),
                        rs.getString("step"),
                        rs.getString("last_event_kind")))
                .optional()
                .filter(sign -> sign.at() != null);
    }

    /** Since when the run's worker has been silent, once that is longer than the configured grace. */
    Optional<OffsetDateTime> silentSince(LastSign sign, OffsetDateTime now) {
        return sign.at().plus(silentAfter).isBefore(now) ? Optional.of(sign.at()) : Optional.empty();
    }
}
