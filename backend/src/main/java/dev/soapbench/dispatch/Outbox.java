package dev.soapbench.dispatch;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
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

    private final OutboxRepository repository;
    private final ObjectMapper json;

    Outbox(OutboxRepository repository, ObjectMapper json) {
        this.repository = repository;
        this.json = json;
    }

    @Transactional(propagation = Propagation.MANDATORY)
    public void enqueue(RunJob job) {
        repository.insert(
                job.runId(), Topology.JOBS_EXCHANGE, job.hardwareClass(), "RunJob", json.writeValueAsString(job));
    }

    /**
     * Takes the run's job back if it has not been sent yet. A row the publisher is sending right now
     * stays locked until it is marked sent, so the answer is never "unsent" for a job in flight.
     *
     * @return whether an unsent job was dropped, i.e. no worker can ever receive it
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public boolean dropUnsentJob(UUID runId) {
        return repository.deleteUnsentJob(runId);
    }

    /** Queues a RunCancel for every worker: the one running the run stops it, the others remember it. */
    @Transactional(propagation = Propagation.MANDATORY)
    public void enqueueCancel(UUID runId) {
        RunCancel cancel = new RunCancel(RunJob.SCHEMA_VERSION, runId, OffsetDateTime.now(ZoneOffset.UTC));
        repository.insert(runId, Topology.CONTROL_EXCHANGE, "", "RunCancel", json.writeValueAsString(cancel));
    }
}
