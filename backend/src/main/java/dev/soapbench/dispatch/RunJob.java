package dev.soapbench.dispatch;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * The job a worker receives: schemas/run-job.schema.json. {@code requestsDataset} is set only for a
 * request sequence too large to inline; the worker reads it from its own datasets folder.
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
        @JsonInclude(JsonInclude.Include.NON_NULL) String requestsDataset) {

    public static final int SCHEMA_VERSION = 1;

    public record Bundle(String entry, List<BundleFile> files) {}

    public record BundleFile(String path, String contentBase64) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record JobSample(
            String operation, String soapAction, String soapVersion, boolean oneWay, String request, String response) {}

    public record JobStack(String id, String version) {}
}
