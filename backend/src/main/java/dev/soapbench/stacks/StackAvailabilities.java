package dev.soapbench.stacks;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectMapper;

/**
 * Reads the {@code workers} table that heartbeat ingestion keeps (one row per worker, its last
 * heartbeat) to say which stacks the live workers can build. A worker is live while its last
 * heartbeat is younger than {@code soapbench.worker-live-window}: workers beat every 10 s, so the
 * default of 60 s forgives a few lost beats but drops a stopped worker within a minute.
 */
@Repository
class StackAvailabilities {

    private static final TypeReference<List<WorkerReport.StackState>> STATES = new TypeReference<>() {};

    private final JdbcClient jdbc;
    private final ObjectMapper json;
    private final Duration liveWindow;

    StackAvailabilities(
            JdbcClient jdbc, ObjectMapper json, @Value("${soapbench.worker-live-window:PT60S}") Duration liveWindow) {
        this.jdbc = jdbc;
        this.json = json;
        this.liveWindow = liveWindow;
    }

    Map<String, List<StackAvailability>> byStack() {
        Instant liveSince = Instant.now().minus(liveWindow);
        return StackAvailability.byStack(liveWorkers(liveSince), liveSince);
    }

    /** The last heartbeat of every worker seen within the live window. */
    List<WorkerReport> liveWorkers() {
        return liveWorkers(Instant.now().minus(liveWindow));
    }

    private List<WorkerReport> liveWorkers(Instant liveSince) {
        return jdbc.sql(
                        "SELECT hardware_class, last_seen_at, stacks::text AS stacks FROM workers WHERE last_seen_at >= ?")
                .param(OffsetDateTime.ofInstant(liveSince, ZoneOffset.UTC))
                .query((row, index) -> new WorkerReport(
                        row.getString("hardware_class"),
                        row.getObject("last_seen_at", OffsetDateTime.class).toInstant(),
                        row.getString("stacks") == null ? List.of() : json.readValue(row.getString("stacks"), STATES)))
                .list();
    }
}
