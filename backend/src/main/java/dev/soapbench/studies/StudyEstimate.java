package dev.soapbench.studies;

import dev.soapbench.common.WorkloadDefaults;
import java.time.OffsetDateTime;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * What starting a study would ask of the workers (openapi.yaml, StudyEstimate): the sum of its
 * runs' upper-bound estimates, shown before the user confirms the start.
 *
 * @param repetitions the override asked for, null for each cell's own
 * @param requests measured requests over every run, stack and repetition, warm-ups not counted
 * @param lastRun the newest study run that completed the same cells, null when there is none
 */
record StudyEstimate(
        String study,
        int runs,
        int pendingCells,
        Integer repetitions,
        long workerSeconds,
        long requests,
        String basis,
        LastRun lastRun) {

    /** What the same cells took when they last ran: their runs' worker time, and when the last ended. */
    record LastRun(UUID studyRunId, long workerSeconds, OffsetDateTime finishedAt) {}

    /** Requests one measurement of the workload sends; 0 when it is bounded by time instead. */
    static long measuredRequests(JsonNode workload) {
        JsonNode load = WorkloadDefaults.applyTo(workload).path("load");
        if (load.has("durationSeconds") || load.path("model").asString().equals("capacity")) {
            return 0;
        }
        return load.path("requests").asLong();
    }
}
