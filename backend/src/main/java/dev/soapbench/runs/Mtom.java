package dev.soapbench.runs;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import tools.jackson.databind.JsonNode;

/**
 * What a workload with {@code "mtom": true} may ask besides. The answers are XOP packages
 * (multipart/related), which the driver's content check does not read: it would count every answer
 * as a content error. And no stack's own client is switched to MTOM yet, so the native driver would
 * measure inline base64 under an MTOM label. Which stacks may run it is {@link dev.soapbench.stacks.Compatibility}'s.
 */
final class Mtom {

    private Mtom() {}

    /** Refuses what cannot be measured with MTOM, naming the field. */
    static void checkWorkload(JsonNode workload) {
        if (!Workloads.mtom(workload)) {
            return;
        }
        if (workload.has("check")) {
            throw refused(
                    "/check",
                    "mtom cannot be combined with a content check: the answers are XOP packages, which the"
                            + " check does not read.");
        }
        if (NativeDriver.requested(workload)) {
            throw refused(
                    "/driver",
                    "mtom with driver native is not available yet: no stack's own client is switched to MTOM,"
                            + " so it would send base64Binary content inline. Use driver neutral.");
        }
    }

    private static ApiProblem refused(String field, String message) {
        return ApiProblem.unprocessable("The workload is invalid: " + message, ProblemError.inField(field, message));
    }
}
