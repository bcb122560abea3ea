package dev.soapbench.runs;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import tools.jackson.databind.JsonNode;

/**
 * What a cold workload ({@code warmup.cold}) may ask besides. Each of its measurements is the first
 * requests a freshly started server answers, so it cannot be taken again longer (the worker's
 * extension to {@code load.minSeconds}), cannot be a capacity search (many loads, not a first one),
 * and means nothing in a run that takes no measurements (a compatibility check, an interop run).
 */
final class ColdStart {

    private ColdStart() {}

    static boolean requested(JsonNode workload) {
        return workload.path("warmup").path("cold").asBoolean(false);
    }

    /** Refuses what a cold measurement cannot be, naming the field; defaults are written out. */
    static void checkWorkload(JsonNode workload) {
        if (!requested(workload)) {
            return;
        }
        if (Workloads.checkOnly(workload) || Workloads.interop(workload)) {
            throw refused(
                    "/warmup/cold",
                    "warmup.cold applies to measured runs; a "
                            + workload.path("mode").asString() + " run takes no measurements.");
        }
        if ("capacity".equals(workload.path("load").path("model").asString())) {
            throw refused(
                    "/warmup/cold",
                    "warmup.cold measures the first requests after a start, and a capacity search is many"
                            + " loads: use the closed or open model.");
        }
        if (workload.path("load").path("minSeconds").asDouble() > 0) {
            throw refused(
                    "/load/minSeconds",
                    "warmup.cold measures the first requests after a start, which cannot be taken again"
                            + " longer: set load.minSeconds to 0 (or leave it out).");
        }
    }

    private static ApiProblem refused(String field, String message) {
        return ApiProblem.unprocessable("The workload is invalid: " + message, ProblemError.inField(field, message));
    }
}
