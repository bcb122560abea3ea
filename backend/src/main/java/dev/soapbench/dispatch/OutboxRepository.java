package dev.soapbench.dispatch;

import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The dispatch_outbox rows {@link Outbox} queues and takes back. */
@Repository
class OutboxRepository {

    private final JdbcClient jdbc;

    OutboxRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(UUID runId, String exchange, String routingKey, String messageType, String payload) {
        jdbc.sql(
                        """
                        INSERT INTO dispatch_outbox (run_id, exchange, routing_key, message_type, payload)
                        VALUES (?, ?, ?, ?, ?)""")
                .params(runId, exchange, routingKey, messageType, payload)
                .update();
    }

    /** A row the publisher is sending right now stays locked until it is marked sent. */
    boolean deleteUnsentJob(UUID runId) {
        return jdbc.sql("DELETE FROM dispatch_outbox WHERE run_id = ? AND message_type = 'RunJob' AND sent_at IS NULL")
                        .param(runId)
                        .update()
                > 0;
    }
}
