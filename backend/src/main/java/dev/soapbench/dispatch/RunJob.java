package dev.soapbench.dispatch;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * The job a worker receives: schemas/run-job.schema.json. {@code requestsDataset} is set only for a
 * request sequence too large to inline; the worker reads it from its own datasets folder. {@code
 * headBundle} and {@code headSamples} are set only for an A/B of two WSDLs in one run: the stacks
 * whose {@code bundle} is {@code head} are built from them. {@code xopElements} is set only when the
 * workload asks for MTOM: the elements whose base64Binary content the worker sends as MIME parts.
 */
public record RunJob(
        int schemaVersion,
        UUID runId,
        int attempt,
        String hardwareClass,
        String configHash,
        String catalogId,
        Bundle bundle,
        List<JobSample> samples,
        List<JobStack> stacks,
        JsonNode workload,
        @JsonInclude(JsonInclude.Include.NON_NULL) String requestsDataset,
        @JsonInclude(JsonInclude.Include.NON_NULL) Bundle headBundle,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<JobSample> headSamples,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<XopElement> xopElements) {

    public static final int SCHEMA_VERSION = 1;

    public RunJob(
            int schemaVersion,
            UUID runId,
            int attempt,
            String hardwareClass,
            String configHash,
            String catalogId,
            Bundle bundle,
            List<JobSample> samples,
            List<JobStack> stacks,
            JsonNode workload,
            String requestsDataset) {
        this(
                schemaVersion,
                runId,
                attempt,
                hardwareClass,
                configHash,
                catalogId,
                bundle,
                samples,
                stacks,
                workload,
                requestsDataset,
                null,
                null,
                null);
    }

    public record Bundle(String entry, List<BundleFile> files) {}

    public record BundleFile(String path, String contentBase64) {}

    /** An element by namespace (empty for an unqualified local element) and local name. */
    public record XopElement(String namespace, String name) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record JobSample(
            String operation, String soapAction, String soapVersion, boolean oneWay, String request, String response) {}

    /** @param bundle {@code head} for a stack built from the head WSDL; null for the base */
    /**
     * A stack to build: {@code version} is what it is reported under, with a head's or a variant's
     * build metadata; {@code variant} is the manifest's variant the worker serves it as.
     */
    public record JobStack(
            String id,
            String version,
            @JsonInclude(JsonInclude.Include.NON_NULL) String bundle,
            @JsonInclude(JsonInclude.Include.NON_NULL) String variant) {

        public JobStack(String id, String version) {
            this(id, version, null, null);
        }

        public JobStack(String id, String version, String bundle) {
            this(id, version, bundle, null);
        }
    }
}
