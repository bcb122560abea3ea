package dev.soapbench.runs;

import dev.soapbench.limits.EstimateView;
import dev.soapbench.results.ResultsSummary;
import dev.soapbench.stacks.StackManifest;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * A run as the API shows it (openapi.yaml, Run). {@code workerSilentSince} is set while the worker
 * of a run in progress has said nothing for longer than the watchdog's grace; {@code queue} while it
 * waits for a worker; {@code estimate} is the worker time the workload was charged, for the run
 * page's expected time.
 */
record RunView(
        UUID id,
        String slug,
        String status,
        String visibility,
        OffsetDateTime createdAt,
        OffsetDateTime startedAt,
        OffsetDateTime finishedAt,
        String shareUrl,
        UUID studyRunId,
        Source source,
        JsonNode workload,
        JsonNode analysis,
        String failure,
        String configHash,
        JsonNode fingerprint,
        String workerId,
        List<Stack> stacks,
        List<JsonNode> measurements,
        ResultsSummary summary,
        OffsetDateTime workerSilentSince,
        String workerStep,
        List<HistoryEntry> history,
        CiContext ci,
        QueuePlace queue,
        EstimateView estimate) {

    /** A turning point reported by a worker (RunHistory), with a sentence for people. */
    record HistoryEntry(OffsetDateTime at, String kind, String workerId, int attempt, String note) {}

    record Source(String catalog, String fileName, String entry) {}

    /**
     * @param version what the stack is reported under, with a variant's build metadata
     *     ({@code 4.2.3+parallel-gc}); every figure of the run is keyed by it
     * @param variant the variant of its manifest it was served as, null for the default configuration
     */
    record Stack(
            String id,
            String displayName,
            String version,
            String status,
            String reason,
            String log,
            Double buildSeconds,
            JsonNode versions,
            StackManifest.Variant variant,
            List<ModeOutcome> modes) {}

    /** One security mode's outcome for a stack: verified, or the failure's status and reason. */
    record ModeOutcome(String security, String status, String reason) {}

    boolean isFinished() {
        return RunStatus.isFinished(status);
    }
}
