package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Runs for other features (studies, leaderboards): submit a public catalog run inside the caller's
 * transaction, read back a run's state and results, cancel a run the service started, and hear of
 * changes. Submission applies every rule of {@code POST /api/v1/runs} but the work quota, which the
 * caller charges for all its runs at once ({@code WorkQuota}) or, for the service's own runs, not at
 * all.
 */
@Service
public class CatalogRuns {

    public record Started(UUID id, String slug, String status) {}

    public record State(UUID id, String slug, String status, String failure, List<StackState> stacks) {}

    public record StackState(String id, String version, String status, String reason) {}

    /** A run that has not ended, and the class of worker it waits for or runs on. */
    public record Unfinished(UUID id, String status, String hardwareClass) {}

    /** A completed run: when a worker took it, when it ended, and the workload it was measured with. */
    public record Completed(
            UUID id, String slug, OffsetDateTime startedAt, OffsetDateTime finishedAt, JsonNode workload) {}

    private final RunSubmission submission;
    private final RunRepository runs;
    private final RunViews views;
    private final RunCancellation cancellation;
    private final RunChangeFeed feed;
    private final ObjectMapper json;

    CatalogRuns(
            RunSubmission submission,
            RunRepository runs,
            RunViews views,
            RunCancellation cancellation,
            RunChangeFeed feed,
            ObjectMapper json) {
        this.submission = submission;
        this.runs = runs;
        this.views = views;
        this.cancellation = cancellation;
        this.feed = feed;
        this.json = json;
    }

    public Started submit(String catalogId, JsonNode workload, Caller caller) {
        SubmittedRun run = submission.submit(new SubmitRunCommand(catalogId, null, workload, "public", caller, true));
        return new Started(run.id(), run.slug(), run.status());
    }

    public Optional<State> state(UUID runId) {
        return runs.findById(runId)
                .map(run -> new State(
                        run.id(),
                        run.slug(),
                        run.status(),
                        run.failure(),
                        runs.stacksOf(run.id()).stream()
                                .map(stack -> new StackState(
                                        stack.stackId(), stack.version(), stack.status(), stack.reason()))
                                .toList()));
    }

    /** The run with its measurements and statistics; computed afresh, so callers keep what they reuse. */
    public Optional<RunResult> result(UUID runId) {
        return runs.findById(runId).map(run -> RunResult.of(views.view(run), run.catalogId(), run.hardwareClass()));
    }

    /** The run if it completed; empty while it is under way, and when it failed or was cancelled. */
    public Optional<Completed> completed(UUID runId) {
        return runs.findById(runId)
                .filter(run -> run.status().equals("completed") && run.startedAt() != null && run.finishedAt() != null)
                .map(this::completedOf);
    }

    public List<Unfinished> unfinished() {
        return runs.unfinished().stream()
                .map(run -> new Unfinished(run.id(), run.status(), run.hardwareClass()))
                .toList();
    }

    /** The newest completed public runs of a catalog service on a hardware class, newest first. */
    public List<Completed> completedPublic(String catalogId, String hardwareClass, int limit) {
        return runs.completedPublicCatalogRuns(catalogId, hardwareClass, limit).stream()
                .map(this::completedOf)
                .toList();
    }

    private Completed completedOf(RunRow run) {
        return new Completed(run.id(), run.slug(), run.startedAt(), run.finishedAt(), json.readTree(run.workload()));
    }

    /** Cancels a run the service itself started, saying why; a run that has ended stays as it is. */
    public void cancel(UUID runId, String why) {
        cancellation.cancelForService(runId, why);
    }

    /**
     * Calls {@code subscriber} with the id of each run whose stored state changed, once the change is
     * committed; with null when changes may have been missed (every run may have changed).
     */
    public void onChange(Consumer<UUID> subscriber) {
        feed.subscribe(subscriber);
    }
}
