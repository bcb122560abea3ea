package dev.soapbench.common;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the repository's data lives and how the service presents itself.
 *
 * @param stacksDir the stack-runners folder with one {@code stack.json} per stack
 * @param catalogDir the wsdl-catalog folder
 * @param uiDir the built single-page application
 * @param publicUrl the address people use, for share links
 * @param hardwareClasses the classes that get a job queue; a run names one of them
 * @param outboxPollInterval how often unsent jobs are looked for
 * @param confirmTimeout how long to wait for the broker to confirm a published job
 * @param limits what one caller may ask of the service
 */
@ConfigurationProperties("soapbench")
public record SoapBenchProperties(
        String stacksDir,
        String catalogDir,
        String uiDir,
        String publicUrl,
        List<String> hardwareClasses,
        Duration outboxPollInterval,
        Duration confirmTimeout,
        Limits limits) {

    /**
     * Bounds of the work per caller (docs/operating.md); the HTTP edge's bounds are read where they
     * apply ({@code soapbench.limits.tokens-per-hour}, {@code max-in-flight-per-address}, {@code
     * body-read-timeout}). Worker time is estimated at submission from the
     * workload ({@code WorkEstimate}); a caller is an API token, else a client address.
     *
     * @param maxWorkPerSubmission the most estimated worker time one run may ask for (a study run's
     *     cells each, their sum bounded by the quota)
     * @param workQuota the most estimated worker time one caller may queue within {@code workQuotaWindow}
     * @param workQuotaWindow the rolling window of the quota
     * @param assumedRequestsPerSecond the pessimistic rate that turns a request count into time
     * @param stackOverhead per stack: build, verification, start and JVM warm-up
     */
    public record Limits(
            Duration maxWorkPerSubmission,
            Duration workQuota,
            Duration workQuotaWindow,
            Double assumedRequestsPerSecond,
            Duration stackOverhead) {

        public Limits {
            maxWorkPerSubmission = maxWorkPerSubmission == null ? Duration.ofHours(4) : maxWorkPerSubmission;
            workQuota = workQuota == null ? Duration.ofHours(12) : workQuota;
            workQuotaWindow = workQuotaWindow == null ? Duration.ofHours(24) : workQuotaWindow;
            assumedRequestsPerSecond = assumedRequestsPerSecond == null ? 100.0 : assumedRequestsPerSecond;
            stackOverhead = stackOverhead == null ? Duration.ofMinutes(5) : stackOverhead;
            if (maxWorkPerSubmission.compareTo(workQuota) > 0) {
                throw new IllegalStateException("soapbench.limits.max-work-per-submission (" + maxWorkPerSubmission
                        + ") must not exceed soapbench.limits.work-quota (" + workQuota + ")");
            }
            if (assumedRequestsPerSecond <= 0) {
                throw new IllegalStateException("soapbench.limits.assumed-requests-per-second must be positive");
            }
        }
    }

    public SoapBenchProperties {
        limits = limits == null ? new Limits(null, null, null, null, null) : limits;
        hardwareClasses = hardwareClasses == null || hardwareClasses.isEmpty() ? List.of("local") : hardwareClasses;
        publicUrl = publicUrl == null ? "http://localhost:8080" : publicUrl.replaceAll("/+$", "");
        outboxPollInterval = outboxPollInterval == null ? Duration.ofMillis(500) : outboxPollInterval;
        confirmTimeout = confirmTimeout == null ? Duration.ofSeconds(10) : confirmTimeout;
    }

    public Path stacksPath() {
        return absolute(stacksDir);
    }

    public Path catalogPath() {
        return absolute(catalogDir);
    }

    public Path uiPath() {
        return absolute(uiDir);
    }

    // Bound as text: Spring's converter reads a Path as a resource location and rejects "../x".
    private static Path absolute(String dir) {
        return dir == null ? null : Path.of(dir).toAbsolutePath().normalize();
    }

    public String shareUrl(String slug) {
        return publicUrl + "/r/" + slug;
    }

    /** The share page of an interop run: by its id, as the matrix is read by it. */
    public String interopShareUrl(Object runId) {
        return publicUrl + "/interop/" + runId;
    }

    public String statusUrl(Object runId) {
        return publicUrl + "/api/v1/runs/" + runId;
    }
}
