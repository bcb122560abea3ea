package dev.soapbench.events;

import dev.soapbench.dispatch.Outbox;
import dev.soapbench.interop.InteropCells;
import dev.soapbench.results.Measurements;
import dev.soapbench.runs.RunProgress;
import dev.soapbench.runs.StackUpdate;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Applies one validated RunEvent. The event row and its effects commit together, and the key
 * (run, worker, attempt, seq) turns a redelivered event into a no-op. Events of a run that has
 * already ended change nothing, except a measurement its worker sent before the end and that arrived
 * late; a worker still sending events for an ended run is told to stop with a RunCancel (it may
 * have taken a stale job, or woken up after the watchdog gave up).
 */
@Service
class EventIngestion {

    private static final Logger log = LoggerFactory.getLogger(EventIngestion.class);

    enum Outcome {
        APPLIED,
        DUPLICATE,
        UNKNOWN_RUN
    }

    private final JdbcClient jdbc;
    private final RunProgress progress;
    private final Measurements measurements;
    private final ObjectMapper json;
    private final Outbox outbox;
    private final InteropCells interopCells;

    /** Kinds after which the worker has stopped working on the run anyway. */
    private static final Set<String> FINAL_KINDS = Set.of("completed", "failed", "cancelled");

    EventIngestion(
            JdbcClient jdbc,
            RunProgress progress,
            Measurements measurements,
            ObjectMapper json,
            Outbox outbox,
            InteropCells interopCells) {
        this.outbox = outbox;
        this.interopCells = interopCells;
        this.jdbc = jdbc;
        this.progress = progress;
        this.measurements = measurements;
        this.json = json;
    }

    @Transactional
    Outcome ingest(JsonNode event) {
        UUID runId = UUID.fromString(event.get("runId").asString());
        Optional<RunProgress.RunFacts> run = progress.lock(runId);
        if (run.isEmpty()) {
            return Outcome.UNKNOWN_RUN;
        }
        int inserted = jdbc.sql(
                        """
                        INSERT INTO run_events (run_id, worker_id, attempt, seq, kind, at, payload)
                        VALUES (?, ?, ?, ?, ?, ?, ?::jsonb)
                        ON CONFLICT DO NOTHING""")
                .params(
                        runId,
                        event.get("workerId").asString(),
                        event.path("attempt").asInt(1),
                        event.get("seq").asInt(),
                        event.get("kind").asString(),
                        OffsetDateTime.parse(event.get("at").asString()),
                        json.writeValueAsString(event.get("payload")))
                .update();
        if (inserted == 0) {
            return Outcome.DUPLICATE;
        }
        String kind = event.get("kind").asString();
        boolean sentBeforeTheEnd = run.get().isFinished() && sentBeforeTheEnd(runId, event);
        // A cancelling run's worker was told already; only a new delivery of its job needs telling again.
        boolean stale = run.get().isFinished()
                ? !FINAL_KINDS.contains(kind) && !sentBeforeTheEnd
                : run.get().isStopping() && "accepted".equals(kind);
        if (stale) {
            log.info("Run {} is {}: telling worker {} to stop", runId, run.get().status(), event.get("workerId"));
            outbox.enqueueCancel(runId);
        }
        apply(run.get(), event, sentBeforeTheEnd);
        return Outcome.APPLIED;
    }

    /**
     * Whether the worker that ended the run sent this event before its final one. Deliveries do not
     * always arrive in the order they were sent: one put back while the database was away comes after
     * those the backend had already taken.
     */
    private boolean sentBeforeTheEnd(UUID runId, JsonNode event) {
        return jdbc.sql(
                        """
                        SELECT EXISTS (SELECT 1 FROM run_events
                                       WHERE run_id = ? AND worker_id = ? AND attempt = ? AND seq > ?
                                         AND kind IN ('completed', 'cancelled', 'failed'))""")
                .params(
                        runId,
                        event.get("workerId").asString(),
                        event.path("attempt").asInt(1),
                        event.get("seq").asInt())
                .query(Boolean.class)
                .single();
    }

    private void apply(RunProgress.RunFacts run, JsonNode event, boolean sentBeforeTheEnd) {
        JsonNode payload = event.get("payload");
        String workerId = event.get("workerId").asString();
        switch (event.get("kind").asString()) {
            case "accepted" -> progress.accepted(run.id(), workerId, text(payload.get("fingerprint")));
            case "building" -> progress.stackChanged(run.id(), stack(payload, "building", null));
            case "built" -> progress.stackChanged(
                    run.id(),
                    new StackUpdate(
                            payload.path("stack").asString(),
                            version(payload),
                            security(payload),
                            "built",
                            null,
                            payload.path("log").asString(null),
                            payload.hasNonNull("buildSeconds")
                                    ? payload.get("buildSeconds").asDouble()
                                    : null,
                            text(payload.get("versions"))));
            case "verified" -> progress.stackChanged(run.id(), stack(payload, "verified", null));
            case "measuring" -> progress.stackChanged(run.id(), stack(payload, "measuring", null));
            case "verify_failed" -> progress.stackChanged(
                    run.id(),
                    stack(
                            payload,
                            "verify_failed",
                            "operation " + payload.path("operation").asString("?") + ": "
                                    + payload.path("reason").asString("the response differs from the sample")));
            case "stack_failed" -> progress.stackChanged(
                    run.id(),
                    new StackUpdate(
                            payload.path("stack").asString(),
                            version(payload),
                            security(payload),
                            StackFailures.status(
                                    payload.path("phase").asString(""),
                                    payload.path("reason").asString("")),
                            payload.path("reason").asString("failed"),
                            payload.path("log").asString(null),
                            null,
                            null));
            case "measurement" -> {
                if (run.isFinished() && !sentBeforeTheEnd) {
                    log.info("Ignoring a measurement for finished run {}", run.id());
                    return;
                }
                measurements.store(
                        run.id(), run.configHash(), event.path("attempt").asInt(1), payload);
                if (run.isFinished()) {
                    progress.measuredAfterTheEnd(run.id(), payload.path("stack").asString(), version(payload));
                } else {
                    progress.changed(run.id());
                }
            }
            case "interop_cell" -> {
                // A cell counts as a measurement does: one sent after the end was never part of the run.
                if (run.isFinished() && !sentBeforeTheEnd) {
                    log.info("Ignoring an interop cell for finished run {}", run.id());
                    return;
                }
                interopCells.store(run.id(), payload);
                progress.changed(run.id());
            }
            case "completed" -> progress.completed(run.id());
            case "cancelled" -> progress.cancelled(
                    run.id(), payload.path("reason").asString("cancelled by its owner"));
            case "failed" -> progress.failed(
                    run.id(), payload.path("reason").asString("the worker reported a failure"));
            default -> log.warn("Run {}: unknown event kind {}", run.id(), event.get("kind"));
        }
    }

    private static StackUpdate stack(JsonNode payload, String status, String reason) {
        return new StackUpdate(
                payload.path("stack").asString(),
                version(payload),
                security(payload),
                status,
                reason,
                null,
                null,
                null);
    }

    private static String security(JsonNode payload) {
        String mode = payload.path("security").asString("");
        return mode.isEmpty() ? null : mode;
    }

    private static String version(JsonNode payload) {
        return payload.hasNonNull("version") ? payload.get("version").asString() : null;
    }

    private String text(JsonNode node) {
        return node == null || node.isNull() ? null : json.writeValueAsString(node);
    }
}
