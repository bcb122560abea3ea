package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.dispatch.Outbox;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Cancels a run for its owner: the token that submitted it, or for an anonymous run the secret
 * manage token of its submission. A queued run whose job is unsent loses the job; a job already
 * sent and a running run get a RunCancel on bench.control. A running run is {@code cancelling}
 * until its worker confirms (RunWatchdog ends the wait). The service cancels its own runs the same
 * way.
 */
@Service
class RunCancellation {

    static final String BY_OWNER = "cancelled by its owner";

    record Cancelled(HttpStatus status, RunView run) {}

    private final RunRepository runs;
    private final RunViews views;
    private final RunProgress progress;
    private final Outbox outbox;

    RunCancellation(RunRepository runs, RunViews views, RunProgress progress, Outbox outbox) {
        this.runs = runs;
        this.views = views;
        this.progress = progress;
        this.outbox = outbox;
    }

    @Transactional
    Cancelled cancel(String idOrSlug, Caller caller, String manageToken) {
        RunRow found = views.anyRow(idOrSlug).orElseThrow(() -> ApiProblem.notFound("No run '" + idOrSlug + "'."));
        boolean owner =
                caller.owns(found.ownerTokenId()) || ManageTokens.matches(manageToken, found.manageTokenSha256());
        if (!owner) {
            if (Visibility.byLink(found.visibility())) {
                throw ApiProblem.forbidden("Only the owner of run '" + idOrSlug
                        + "' can cancel it: send its token, or the X-Run-Manage-Token its submission returned.");
            }
            throw ApiProblem.notFound("No run '" + idOrSlug + "'.");
        }
        RunRow run = runs.lockById(found.id()).orElseThrow(() -> ApiProblem.notFound("No run '" + idOrSlug + "'."));
        HttpStatus status = stop(run, BY_OWNER + " before a worker started it")
                .orElseThrow(() ->
                        ApiProblem.conflict("Run '" + idOrSlug + "' has already ended: it is " + run.status() + "."));
        return new Cancelled(status, views.view(runs.findById(run.id()).orElseThrow()));
    }

    /**
     * Cancels a run the service itself started (an official leaderboard run that yields the worker to
     * a user's run); a run that has already ended is left as it is.
     */
    @Transactional
    void cancelForService(UUID runId, String why) {
        runs.lockById(runId).ifPresent(run -> stop(run, why));
    }

    /**
     * 200 when the run is cancelled now, 202 when its worker has been asked to stop; empty when it
     * had ended. {@code whyQueued} is the reason a run still queued ends with; a running one ends
     * with its worker's.
     */
    private Optional<HttpStatus> stop(RunRow run, String whyQueued) {
        return switch (run.status()) {
            case RunStatus.QUEUED -> {
                // An unsent job is simply dropped; a sent one is stopped by the worker that takes it.
                if (!outbox.dropUnsentJob(run.id())) {
                    outbox.enqueueCancel(run.id());
                }
                progress.cancelled(run.id(), whyQueued);
                yield Optional.of(HttpStatus.OK);
            }
            case RunStatus.RUNNING, RunStatus.CANCELLING -> {
                if (RunStatus.RUNNING.equals(run.status())) {
                    runs.markCancelling(run.id());
                }
                outbox.enqueueCancel(run.id());
                progress.changed(run.id());
                yield Optional.of(HttpStatus.ACCEPTED);
            }
            case RunStatus.CANCELLED -> Optional.of(HttpStatus.OK);
            default -> Optional.empty();
        };
    }
}
