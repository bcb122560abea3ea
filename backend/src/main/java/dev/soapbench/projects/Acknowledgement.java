package dev.soapbench.projects;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A regression a project accepts, as GET /api/v1/projects/acknowledgements lists it (openapi.yaml,
 * Acknowledgement). It covers the runs of one commit or of one branch; {@code stack} and {@code
 * metric} narrow it to one stack (an id covers every version, id@version one) and one metric, and
 * cover all when null.
 */
record Acknowledgement(
        UUID id,
        String project,
        String commit,
        String branch,
        String stack,
        String metric,
        String reason,
        OffsetDateTime createdAt) {

    /** Whether this acknowledgement covers a change of {@code metric} of {@code stack} in a run of commit/branch. */
    boolean covers(String runCommit, String runBranch, String runStack, String runMetric) {
        if (commit != null && !sameCommit(commit, runCommit)) {
            return false;
        }
        if (branch != null && !branch.equals(runBranch)) {
            return false;
        }
        if (metric != null && !metric.equals(runMetric)) {
            return false;
        }
        return stack == null || sameStack(stack, runStack);
    }

    /** One commit id may be the abbreviation of the other (at least 7 digits, as git prints them). */
    private static boolean sameCommit(String acknowledged, String run) {
        return run != null && (run.startsWith(acknowledged) || acknowledged.startsWith(run));
    }

    private static boolean sameStack(String acknowledged, String run) {
        if (run == null) {
            return false;
        }
        if (acknowledged.contains("@")) {
            return acknowledged.equals(run);
        }
        int at = run.indexOf('@');
        return acknowledged.equals(at < 0 ? run : run.substring(0, at));
    }
}
