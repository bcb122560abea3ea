package dev.soapbench.runs;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * When the worker of a run in progress last gave a sign of life for it: an event of the run, or a
 * heartbeat naming the run as its current one (both asked of events through {@link RunSignsOfLife}),
 * or the run's start. A heartbeat of the same worker about something else
 * (it restarted and is idle, or took another job) does not count.
 */
@Component
class WorkerSilence {

    /** The last sign of life, the step the worker last reported and the kind of its last event. */
    record LastSign(OffsetDateTime at, String step, String lastEventKind) {}

    /** A run in progress as runs stores it: when it started and which worker holds it. */
    private record Started(OffsetDateTime at, String workerId) {}

    private final JdbcClient jdbc;
    private final RunSignsOfLife signs;
    private final Duration silentAfter;

    WorkerSilence(
            JdbcClient jdbc,
            RunSignsOfLife signs,
            @Value("${soapbench.watchdog.silent-after:PT30S}") Duration silentAfter) {
        this.jdbc = jdbc;
        this.signs = signs;
        this.silentAfter = silentAfter;
    }

    Optional<LastSign> lastSign(UUID runId) {
        Optional<Started> started = jdbc.sql(
                        "SELECT started_at, worker_id FROM runs WHERE id = ? AND status IN ('running', 'cancelling')")
                .param(runId)
                .query((rs, row) ->
                        new Started(rs.getObject("started_at", OffsetDateTime.class), rs.getString("worker_id")))
                .optional();
        if (started.isEmpty()) {
            return Optional.empty();
        }
        Optional<RunSignsOfLife.LastEvent> event = signs.lastEvent(runId);
        Optional<RunSignsOfLife.CurrentHeartbeat> heartbeat =
                Optional.ofNullable(started.get().workerId()).flatMap(worker -> signs.heartbeatAbout(worker, runId));
        return Stream.of(
                        event.map(RunSignsOfLife.LastEvent::receivedAt).orElse(null),
                        heartbeat
                                .map(RunSignsOfLife.CurrentHeartbeat::lastSeenAt)
                                .orElse(null),
                        started.get().at())
                .filter(Objects::nonNull)
                .max(Comparator.naturalOrder())
                .map(at -> new LastSign(
                        at,
                        heartbeat.map(RunSignsOfLife.CurrentHeartbeat::step).orElse(null),
                        event.map(RunSignsOfLife.LastEvent::kind).orElse(null)));
    }

    /** Since when the run's worker has been silent, once that is longer than the configured grace. */
    Optional<OffsetDateTime> silentSince(LastSign sign, OffsetDateTime now) {
        return sign.at().plus(silentAfter).isBefore(now) ? Optional.of(sign.at()) : Optional.empty();
    }
}
