package dev.soapbench.runs;

import dev.soapbench.results.ResultsSummary;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * A run as other features read it (leaderboards): where and on what it ran, each stack's outcome,
 * the measurements and their statistics.
 *
 * @param workerStep what the worker is doing now; null when it is not at work on the run
 */
public record RunResult(
        UUID id,
        String slug,
        String status,
        String failure,
        OffsetDateTime createdAt,
        OffsetDateTime finishedAt,
        String catalogId,
        String hardwareClass,
        JsonNode workload,
        JsonNode fingerprint,
        String workerId,
        String workerStep,
        List<StackResult> stacks,
        List<JsonNode> measurements,
        ResultsSummary summary) {

    /** @param versions what the stack's runner said of its versions, as the worker reported it */
    public record StackResult(
            String id, String displayName, String version, String status, String reason, JsonNode versions) {}

    static RunResult of(RunView view, String catalogId, String hardwareClass) {
        return new RunResult(
                view.id(),
                view.slug(),
                view.status(),
                view.failure(),
                view.createdAt(),
                view.finishedAt(),
                catalogId,
                hardwareClass,
                view.workload(),
                view.fingerprint(),
                view.workerId(),
                view.workerStep(),
                view.stacks().stream()
                        .map(s -> new StackResult(
                                s.id(), s.displayName(), s.version(), s.status(), s.reason(), s.versions()))
                        .toList(),
                view.measurements(),
                view.summary());
    }
}
