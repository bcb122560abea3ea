package dev.soapbench.events;

import dev.soapbench.runs.RunEventLog;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.ObjectMapper;

/** Answers a run page's history from the run_events that ingestion stores. */
@Repository
class RunTurningPoints implements RunEventLog {

    private final JdbcClient jdbc;
    private final ObjectMapper json;

    RunTurningPoints(JdbcClient jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    @Override
    public List<TurningPoint> turningPoints(UUID runId) {
        return jdbc.sql(
                        """
                        SELECT worker_id, attempt, kind, at, payload::text AS payload
                        FROM run_events
                        WHERE run_id = ? AND kind IN ('accepted', 'cancelled', 'failed', 'completed')
                        ORDER BY received_at, at, seq""")
                .param(runId)
                .query((rs, row) -> new TurningPoint(
                        rs.getObject("at", OffsetDateTime.class),
                        rs.getString("kind"),
                        rs.getString("worker_id"),
                        rs.getInt("attempt"),
                        json.readTree(rs.getString("payload"))))
                .list();
    }
}
