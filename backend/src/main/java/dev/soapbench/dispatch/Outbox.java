package dev.soapbench.dispatch;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.ObjectMapper;

/**
 * Queues a job for publication in the caller's transaction, so a run is stored if and only if its
 * job will be sent.
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
}
