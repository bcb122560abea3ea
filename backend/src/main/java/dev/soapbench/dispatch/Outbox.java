package dev.soapbench.dispatch;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.ObjectMapper;

/**
 * Queues a job (or a cancel) for publication in the caller's transaction, so a run is stored if and
 * only if its job will be sent, and a cancel is sent if and only if it was recorded.
 */
@Service
public class Outbox {

    private final JdbcClient jdbc;
    private final ObjectMapper json;

    Outbox(JdbcClient jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    @Transactional(propagation = Propagation.MANDATORY)
    public void enqueue(RunJob job) {
        jdbc.sql(
                        """
                        INSERT INTO dispatch_outbox (run_id, exchange, routing_key, message_type, payload)
                        VALUES (?, ?, ?, 'RunJob', ?)""")
                .params(job.runId(), Topology.JOBS_EXCHANGE, job.hardwareClass(), json.writeValueAsString(job))
                .update();
    }

    /**
     * Takes the run's job back if it has not been sent yet. A row the publisher is sending right now
     * stays locked until it is marked sent, so the answer is never "unsent" for a job in flight.
     *
     * @return whether an unsent job was dropped, i.e. no worker can ever receive it
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public boolean dropUnsentJob(UUID runId) {
        return jdbc.sql("DELETE FROM dispatch_outbox WHERE run_id = ? AND message_type = 'RunJob' AND sent_at IS NULL")
                        .param(runId)
                        .update()
                > 0;
    }

    /** Queues a RunCancel for every worker: the one running the run stops it, the others remember it. */
    @Transactional(propagation = Propagation.MANDATORY)
    public void enqueueCancel(UUID runId) {
        RunCancel cancel = new RunCancel(RunJob.SCHEMA_VERSION, runId, OffsetDateTime.now(ZoneOffset.UTC));
        jdbc.sql(
                        """
                        INSERT INTO dispatch_outbox (run_id, exchange, routing_key, message_type, payload)
                        VALUES (?, ?, '', 'RunCancel', ?)""")
                .params(runId, Topology.CONTROL_EXCHANGE, json.writeValueAsString(cancel))
                .update();
    }
}
