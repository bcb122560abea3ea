package dev.soapbench.events;

import dev.soapbench.runs.RunSignsOfLife;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Answers the run watchdog's questions from the run_events and workers that ingestion stores. */
@Repository
class RunSignsOfLifeQueries implements RunSignsOfLife {

    private final JdbcClient jdbc;

    RunSignsOfLifeQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public Optional<LastEvent> lastEvent(UUID runId) {
        return jdbc.sql(
                        """
                        SELECT received_at, kind FROM run_events
                        WHERE run_id = ?
                        ORDER BY received_at DESC, seq DESC LIMIT 1""")
                .param(runId)
                .query((rs, row) ->
                        new LastEvent(rs.getObject("received_at", OffsetDateTime.class), rs.getString("kind")))
                .optional();
    }

    @Override
    public Optional<CurrentHeartbeat> heartbeatAbout(String workerId, UUID runId) {
        return jdbc.sql("SELECT last_seen_at, step FROM workers WHERE worker_id = ? AND current_run_id = ?")
                .param(workerId)
                .param(runId.toString())
                .query((rs, row) ->
                        new CurrentHeartbeat(rs.getObject("last_seen_at", OffsetDateTime.class), rs.getString("step")))
                .optional();
    }
}
