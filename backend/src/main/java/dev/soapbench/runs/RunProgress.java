package dev.soapbench.runs;

import dev.soapbench.dispatch.JobDeadLettered;
import dev.soapbench.results.Measurements;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/**
 * The run state machine as workers drive it. Each method locks the run row, refuses to move a
 * finished run, and announces the change so live views update after commit.
 */
@Service
public class RunProgress {

    private static final Logger log = LoggerFactory.getLogger(RunProgress.class);

    /** What event ingestion needs to know about a run. */
    public record RunFacts(UUID id, String status, String configHash) {

        public boolean isFinished() {
            return RunStatus.isFinished(status);
        }

        /** Being cancelled: its worker has been asked to stop. */
        public boolean isStopping() {
            return RunStatus.CANCELLING.equals(status);
        }
    }

    private final RunRepository runs;
    private final Measurements measurements;
    private final StackModeOutcomes modeOutcomes;
    private final ApplicationEventPublisher events;

    RunProgress(
            RunRepository runs,
            Measurements measurements,
            StackModeOutcomes modeOutcomes,
            ApplicationEventPublisher events) {
        this.runs = runs;
        this.measurements = measurements;
        this.modeOutcomes = modeOutcomes;
        this.events = events;
    }

    /** Locks the run for the rest of the transaction. */
    @Transactional(propagation = Propagation.MANDATORY)
    public Optional<RunFacts> lock(UUID runId) {
        return runs.lockById(runId).map(run -> new RunFacts(run.id(), run.status(), run.configHash()));
    }

    @Transactional
    public void accepted(UUID runId, String workerId, String fingerprintJson) {
        whileOpen(runId, run -> runs.markRunning(runId, workerId, fingerprintJson));
    }

    @Transactional
    public void stackChanged(UUID runId, StackUpdate update) {
        whileOpen(runId, run -> {
            List<StackRow> matching = runs.stacksOf(runId).stream()
                    .filter(stack -> stack.stackId().equals(update.stack()))
                    .filter(stack -> update.version() == null || stack.version().equals(update.version()))
                    .toList();
            if (matching.size() != 1) {
                log.warn(
                        "Run {}: event for stack {}@{} matches {} stacks; ignored",
                        runId,
                        update.stack(),
                        update.version(),
                        matching.size());
                return;
            }
            StackRow current = matching.get(0);
            if (update.security() != null && StackModeOutcomes.OUTCOMES.contains(update.status())) {
                modeOutcomes.record(
                        runId,
                        current.stackId(),
                        current.version(),
                        update.security(),
                        update.status(),
                        update.reason());
                if (RunStatus.STACK_UNSUPPORTED.equals(update.status()) && asksSeveralModes(run)) {
                    // A mode the stack does not honour is that mode's outcome when the run asks for
                    // others: they go on, and the end decides the stack's (completed below). With one
                    // mode asked, it is the stack's at once, as any refusal is.
                    return;
                }
            }
            if (RunStatus.STACK_VERIFIED.equals(update.status()) && RunStatus.isFinishedStack(current.status())) {
                // Another security mode of the stack failed already: that outcome stands.
                return;
            }
            runs.updateStack(
                    runId,
                    new StackRow(
                            current.stackId(),
                            current.version(),
                            current.position(),
                            update.status(),
                            update.reason(),
                            update.log(),
                            update.buildSeconds(),
                            update.versionsJson()));
            if (!RunStatus.RUNNING.equals(run.status())) {
                runs.markRunning(runId, run.workerId(), run.fingerprint());
            }
        });
    }

    private static boolean asksSeveralModes(RunRow run) {
        return run.workload() != null
                && Workloads.security(JsonMapper.shared().readTree(run.workload()))
                                .size()
                        > 1;
    }

    /** Announces a change made by another feature inside this transaction, e.g. a stored measurement. */
    public void changed(UUID runId) {
        events.publishEvent(new RunChanged(runId));
    }

    /**
     * A measurement that the worker sent before it ended the run but that reached the backend after
     * the end (a delivery put back while the database was away comes after those behind it). It is
     * stored like any other; a stack that the end found unmeasured is done after all.
     */
    @Transactional
    public void measuredAfterTheEnd(UUID runId, String stackId, String version) {
        runs.markStackMeasured(runId, stackId, version, RunStatus.STACK_FAILED, UNMEASURED_AT_THE_END);
        changed(runId);
    }

    private static final String UNMEASURED_AT_THE_END = "the worker finished the run without measuring this stack";
    private static final String UNVERIFIED_AT_THE_END = "the worker finished the check without verifying this stack";

    /**
     * Completes the run; stacks without an outcome are done if they were measured (or, in a
     * compatibility check or an interop run, verified), failed otherwise.
     */
    @Transactional
    public void completed(UUID runId) {
        whileOpen(runId, run -> {
            // An interop run's figures are its cells, not measurements: a verified server is done, as in a check.
            boolean check = Workloads.checkOnly(run.workload()) || Workloads.interop(run.workload());
            Map<String, List<RunView.ModeOutcome>> modes = modeOutcomes.ofRun(runId);
            for (StackRow stack : runs.stacksOf(runId)) {
                if (!RunStatus.isFinishedStack(stack.status())) {
                    List<RunView.ModeOutcome> stackModes =
                            modes.getOrDefault(StackModeOutcomes.key(stack.stackId(), stack.version()), List.of());
                    // In a check, a stack whose last mode was one it does not honour still shows that
                    // mode's build as its status: a mode verified before counts.
                    boolean measured = check
                            ? RunStatus.STACK_VERIFIED.equals(stack.status())
                                    || stackModes.stream()
                                            .anyMatch(mode -> RunStatus.STACK_VERIFIED.equals(mode.status()))
                            : measurements.anyFor(runId, stack.stackId(), stack.version());
                    Optional<RunView.ModeOutcome> unsupported = stackModes.stream()
                            .filter(mode -> RunStatus.STACK_UNSUPPORTED.equals(mode.status()))
                            .findFirst();
                    if (measured) {
                        runs.updateStack(runId, withOutcome(stack, RunStatus.STACK_DONE, null));
                    } else if (unsupported.isPresent()) {
                        // Nothing came of the modes it honours, if any: unsupported, for the first it does not.
                        runs.updateStack(
                                runId,
                                withOutcome(
                                        stack,
                                        RunStatus.STACK_UNSUPPORTED,
                                        unsupported.get().reason()));
                    } else {
                        runs.updateStack(
                                runId,
                                withOutcome(
                                        stack,
                                        RunStatus.STACK_FAILED,
                                        check ? UNVERIFIED_AT_THE_END : UNMEASURED_AT_THE_END));
                    }
                }
            }
            runs.finish(runId, RunStatus.COMPLETED, null);
        });
    }

    @Transactional
    public void failed(UUID runId, String reason) {
        whileOpen(runId, run -> {
            for (StackRow stack : runs.stacksOf(runId)) {
                if (!RunStatus.isFinishedStack(stack.status())) {
                    runs.updateStack(runId, withOutcome(stack, RunStatus.STACK_FAILED, "the run failed: " + reason));
                }
            }
            runs.finish(runId, RunStatus.FAILED, reason);
        });
    }

    /**
     * Ends the run as cancelled: the worker confirmed (its {@code cancelled} event), or it was still
     * queued, or the worker did not confirm in time. What was measured is kept.
     */
    @Transactional
    public void cancelled(UUID runId, String reason) {
        whileOpen(runId, run -> {
            for (StackRow stack : runs.stacksOf(runId)) {
                if (!RunStatus.isFinishedStack(stack.status())) {
                    runs.updateStack(runId, withOutcome(stack, RunStatus.STACK_CANCELLED, "the run was cancelled"));
                }
            }
            runs.finish(runId, RunStatus.CANCELLED, reason);
        });
    }

    @EventListener
    @Transactional
    public void onJobDeadLettered(JobDeadLettered deadLettered) {
        failed(deadLettered.runId(), deadLettered.reason());
    }

    private void whileOpen(UUID runId, Consumer<RunRow> change) {
        Optional<RunRow> run = runs.lockById(runId);
        if (run.isEmpty()) {
            log.warn("Ignoring an update for unknown run {}", runId);
            return;
        }
        if (run.get().isFinished()) {
            log.info(
                    "Ignoring an update for run {}: it is already {}",
                    runId,
                    run.get().status());
            return;
        }
        change.accept(run.get());
        changed(runId);
    }

    private static StackRow withOutcome(StackRow stack, String status, String reason) {
        return new StackRow(stack.stackId(), stack.version(), stack.position(), status, reason, null, null, null);
    }
}
