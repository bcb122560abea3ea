package dev.soapbench.events;

import dev.soapbench.stacks.Heartbeats;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Answers which workers beat lately from the workers table that heartbeat ingestion keeps. */
@Repository
class LastHeartbeats implements Heartbeats {

    private final JdbcClient jdbc;

    LastHeartbeats(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public List<Heartbeat> since(Instant moment) {
        return jdbc.sql(
                        "SELECT hardware_class, last_seen_at, stacks::text AS stacks FROM workers WHERE last_seen_at >= ?")
                .param(OffsetDateTime.ofInstant(moment, ZoneOffset.UTC))
                .query((row, index) -> new Heartbeat(
                        row.getString("hardware_class"),
                        row.getObject("last_seen_at", OffsetDateTime.class).toInstant(),
                        row.getString("stacks")))
                .list();
    }
}
