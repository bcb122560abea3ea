package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;

/**
 * Runs for other features (studies): submit a public catalog run inside the caller's transaction,
 * and read back a run's state. Submission applies every rule of {@code POST /api/v1/runs} but the
 * work quota, which the caller charges for all its runs at once ({@code WorkQuota}).
 */
@Service
public class CatalogRuns {

    public record Started(UUID id, String slug, String status) {}

    public record State(UUID id, String slug, String status, String failure, List<StackState> stacks) {}

    public record StackState(String id, String version, String status, String reason) {}

    private final RunSubmission submission;
    private final RunRepository runs;

    CatalogRuns(RunSubmission submission, RunRepository runs) {
        this.submission = submission;
        this.runs = runs;
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
}
