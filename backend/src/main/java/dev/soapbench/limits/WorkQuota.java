package dev.soapbench.limits;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.common.SoapBenchProperties;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.JsonNode;

/**
 * Bounds the worker time each caller may queue: one submission (one run; each cell of a study run)
 * may ask for at most {@code maxWorkPerSubmission}, and a caller's accepted submissions within the
 * rolling window for at most {@code workQuota}. The charge is stored in the transaction that stores the work, so a refused or
 * failed submission costs nothing.
 */
@Service
public class WorkQuota {

    private final WorkCharges charges;
    private final SoapBenchProperties.Limits limits;
    private final WorkEstimate.Assumptions assumptions;

    WorkQuota(WorkCharges charges, SoapBenchProperties properties) {
        this.charges = charges;
        this.limits = properties.limits();
        this.assumptions = WorkEstimate.Assumptions.from(limits);
    }

    /** The estimate of a workload that passed its schema; refused with a 422 when one submission may not ask that much. */
    public WorkEstimate estimate(JsonNode workload) {
        WorkEstimate estimate = WorkEstimate.of(workload, assumptions);
        checkSize(estimate.workerSeconds());
        return estimate;
    }

    /** The estimate of a workload that passed its schema, whatever its size. */
    public WorkEstimate estimateOnly(JsonNode workload) {
        return WorkEstimate.of(workload, assumptions);
    }

    /** What turns workloads into time on this server. */
    public WorkEstimate.Assumptions assumptions() {
        return assumptions;
    }

    /** Refuses a submission larger than one submission may be (422), whatever the caller's quota. */
    public void checkSize(long workerSeconds) {
        long max = limits.maxWorkPerSubmission().toSeconds();
        if (workerSeconds > max) {
            throw ApiProblem.unprocessable(
                            "This submission would take an estimated " + hours(workerSeconds)
                                    + " of worker time; one submission may take at most " + hours(max)
                                    + ". Ask for fewer stacks, security modes, repetitions or requests.",
                            ProblemError.inField("/", "estimated " + workerSeconds + " worker seconds, limit " + max))
                    .with("estimatedWorkerSeconds", workerSeconds)
                    .with("limitWorkerSeconds", max);
        }
    }

    /**
     * Charges {@code workerSeconds} against every quota key of the caller, or refuses with a 429
     * that says when enough of the quota frees. Must run inside the transaction that stores the
     * work.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public void charge(Caller caller, long workerSeconds, String subject) {
        checkSize(workerSeconds);
        chargeQuota(caller, workerSeconds, subject);
    }

    /**
     * Charges the runs of one study run at once: each run (a cell) within the size one submission may
     * have, their sum against the caller's quota, which bounds the whole. A study's size is its
     * matrix's, which its starter can shrink only by giving up the repetitions its verdicts need, so
     * the sum is not held to one submission's size. Must run inside the transaction that stores the
     * runs.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public void chargeRuns(Caller caller, List<Long> runWorkerSeconds, String subject) {
        runWorkerSeconds.forEach(this::checkSize);
        chargeQuota(caller, runWorkerSeconds.stream().mapToLong(Long::longValue).sum(), subject);
    }

    private void chargeQuota(Caller caller, long workerSeconds, String subject) {
        List<String> keys = caller.quotaKeys().stream().sorted().toList();
        keys.forEach(charges::lock);
        OffsetDateTime now = charges.now();
        long quota = limits.workQuota().toSeconds();
        for (String key : keys) {
            List<WorkCharges.Charge> recent = charges.within(key, now, limits.workQuotaWindow());
            long used =
                    recent.stream().mapToLong(WorkCharges.Charge::workerSeconds).sum();
            if (used + workerSeconds > quota) {
                throw overQuota(
                        caller, key, used, workerSeconds, quota, retryAfter(recent, used + workerSeconds - quota, now));
            }
        }
        keys.forEach(key -> charges.insert(key, workerSeconds, now, subject));
    }

    /** Seconds until the oldest charges that must leave the window have left it. */
    private long retryAfter(List<WorkCharges.Charge> recent, long excess, OffsetDateTime now) {
        long freed = 0;
        for (WorkCharges.Charge charge : recent) {
            freed += charge.workerSeconds();
            if (freed >= excess) {
                Duration wait = Duration.between(now, charge.chargedAt().plus(limits.workQuotaWindow()));
                return Math.max(1, wait.toSeconds() + (wait.toNanosPart() > 0 ? 1 : 0));
            }
        }
        return limits.workQuotaWindow().toSeconds();
    }

    private ApiProblem overQuota(Caller caller, String key, long used, long asked, long quota, long retryAfterSeconds) {
        String who = key.startsWith("token:")
                ? "this API token"
                : caller.isAnonymous() ? "your address" : "the address that created this API token";
        return ApiProblem.tooManyRequests(
                        "This submission would take an estimated " + hours(asked) + " of worker time, and "
                                + who + " has already queued " + hours(used) + " of the " + hours(quota)
                                + " allowed per "
                                + hours(limits.workQuotaWindow().toSeconds())
                                + ". Enough of it frees in " + retryAfterSeconds + " seconds.",
                        retryAfterSeconds)
                .with("estimatedWorkerSeconds", asked)
                .with("usedWorkerSeconds", used)
                .with("limitWorkerSeconds", quota)
                .with("windowSeconds", limits.workQuotaWindow().toSeconds());
    }

    private static String hours(long seconds) {
        return seconds < 3600 ? (seconds + 59) / 60 + " min" : String.format(Locale.ROOT, "%.1f h", seconds / 3600.0);
    }
}
