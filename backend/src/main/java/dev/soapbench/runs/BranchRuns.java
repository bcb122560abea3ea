package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;

/**
 * The completed runs of one branch of a CI project as its caller may see them (public runs and the
 * caller's own), for the projects feature's history: each with where it came from (commit, CI job)
 * and its statistics.
 */
@Service
public class BranchRuns {

    /** A run of the branch, oldest first in {@link #completed}. */
    public record BranchRun(RunResult result, String commit, String ciUrl) {}

    private final RunRepository runs;
    private final RunViews views;

    BranchRuns(RunRepository runs, RunViews views) {
        this.runs = runs;
        this.views = views;
    }

    /** The newest {@code limit} completed runs of the branch, oldest first. */
    public List<BranchRun> completed(String project, String branch, Caller caller, int limit) {
        RunFilter filter = RunFilter.of(null, null, RunStatus.COMPLETED, project, branch, null, null);
        UUID owner = caller.tokenId().orElse(null);
        List<BranchRun> out = new ArrayList<>();
        for (RunSummary listed : runs.page(owner, filter, 0, limit)) {
            runs.findById(listed.id()).ifPresent(run -> {
                RunView view = views.view(run);
                CiContext ci = runs.ciOf(run.id()).orElse(null);
                out.add(new BranchRun(
                        RunResult.of(view, run.catalogId(), run.hardwareClass()),
                        ci == null ? null : ci.commit(),
                        ci == null ? null : ci.url()));
            });
        }
        Collections.reverse(out);
        return out;
    }
}
