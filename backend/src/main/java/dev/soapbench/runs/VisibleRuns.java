package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import org.springframework.stereotype.Service;

/**
 * Runs for other features (compare) as a caller of {@code GET /api/v1/runs/{id}} would see them:
 * by id or share slug, with the same visibility rule, so a private run of someone else is not found
 * here either.
 */
@Service
public class VisibleRuns {

    /**
     * @param fileName the uploaded file's name; null for a catalog run
     * @param wsdlSha256 the digest of the WSDL bundle the run measured ({@link BundleDigests})
     */
    public record Visible(RunResult result, String fileName, String wsdlSha256) {}

    private final RunViews views;
    private final BundleDigests digests;

    VisibleRuns(RunViews views, BundleDigests digests) {
        this.views = views;
        this.digests = digests;
    }

    /** @throws dev.soapbench.common.ApiProblem 404, worded as GET /api/v1/runs/{id} words it */
    public Visible find(String idOrSlug, Caller caller) {
        RunView view = views.visibleView(idOrSlug, caller);
        RunResult result = RunResult.of(view, view.source().catalog(), Workloads.hardwareClass(view.workload()));
        return new Visible(
                result,
                view.source().fileName(),
                digests.of(view.id(), view.source().entry()));
    }
}
