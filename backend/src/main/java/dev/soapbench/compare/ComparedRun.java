package dev.soapbench.compare;

import dev.soapbench.runs.RunResult;
import dev.soapbench.runs.VisibleRuns;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * What decides whether runs compare, and what may make their figures differ: the WSDL they
 * measured, the workload they measured it with and the machine they ran on.
 *
 * @param catalogId the catalog service; null for an upload
 * @param fileName the uploaded file; null for a catalog run
 * @param fingerprint the worker's machine; null before a worker took the run
 */
record ComparedRun(
        UUID id,
        String slug,
        String status,
        String catalogId,
        String fileName,
        String wsdlSha256,
        JsonNode workload,
        JsonNode fingerprint) {

    static ComparedRun of(VisibleRuns.Visible visible) {
        RunResult run = visible.result();
        return new ComparedRun(
                run.id(),
                run.slug(),
                run.status(),
                run.catalogId(),
                visible.fileName(),
                visible.wsdlSha256(),
                run.workload(),
                run.fingerprint());
    }

    /** "catalog service echo" or "upload orders.zip", as a sentence names the run's source. */
    String source() {
        return catalogId != null ? "catalog service " + catalogId : "upload " + (fileName == null ? "" : fileName);
    }
}
