package dev.soapbench.events;

import java.time.OffsetDateTime;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** The last heartbeat of every worker: what it is, what it runs, which stacks it can build. */
@Repository
class Workers {

    private final JdbcClient jdbc;
    private final ObjectMapper json;

    Workers(JdbcClient jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    void record(JsonNode heartbeat) {
        jdbc.sql(
                        """
                        INSERT INTO workers (worker_id, hardware_class, fingerprint, current_run_id, stacks, last_seen_at, step)
                        VALUES (?, ?, ?::jsonb, ?, ?::jsonb, ?, ?)
                        ON CONFLICT (worker_id) DO UPDATE SET
                            hardware_class = excluded.hardware_class, fingerprint = excluded.fingerprint,
                            current_run_id = excluded.current_run_id, stacks = excluded.stacks, step = excluded.step,
                            last_seen_at = greatest(workers.last_seen_at, excluded.last_seen_at)""")
                .params(
                        heartbeat.get("workerId").asString(),
                        heartbeat.get("hardwareClass").asString(),
                        json.writeValueAsString(heartbeat.get("fingerprint")),
                        heartbeat.hasNonNull("currentRunId")
                                ? heartbeat.get("currentRunId").asString()
                                : null,
                        heartbeat.has("stacks") ? json.writeValueAsString(heartbeat.get("stacks")) : null,
                        OffsetDateTime.parse(heartbeat.get("at").asString()),
                        heartbeat.hasNonNull("step") ? heartbeat.get("step").asString() : null)
                .update();
    }

    long count() {
        return jdbc.sql("SELECT count(*) FROM workers").query(Long.class).single();
    }
}
