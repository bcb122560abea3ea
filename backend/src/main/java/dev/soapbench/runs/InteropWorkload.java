package dev.soapbench.runs;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a workload with {@code "mode": "interop"} may ask, and what the backend adds to it. Its bounds
 * (requests, connections, warm-up requests) are the schema's. The cost of a secured cell is read
 * against the same client x server pair in {@code plain}, so plain is always among the modes.
 */
final class InteropWorkload {

    static final String BASELINE = "plain";

    private InteropWorkload() {}

    /** Refuses what an interop run cannot do, naming the field. */
    static void checkWorkload(JsonNode workload, boolean withHeadWsdl) {
        if (!Workloads.interop(workload)) {
            return;
        }
        if (withHeadWsdl) {
            throw ApiProblem.unprocessable(
                    "An interop run measures one WSDL: send no headWsdl.",
                    ProblemError.inField("headWsdl", "not with mode interop"));
        }
        if (Workloads.mtom(workload)) {
            String message = "mtom cannot be combined with mode interop: the stacks' clients are driven against"
                    + " each other's servers without XOP packages.";
            throw ApiProblem.unprocessable(
                    "The workload is invalid: " + message, ProblemError.inField("/mtom", message));
        }
    }

    /** A workload with its defaults written out, with plain put first among the modes of an interop run. */
    static JsonNode withBaseline(JsonNode workload) {
        if (!Workloads.interop(workload) || Workloads.security(workload).contains(BASELINE)) {
            return workload;
        }
        ObjectNode copy = ((ObjectNode) workload).deepCopy();
        ArrayNode security = copy.putArray("security");
        security.add(BASELINE);
        Workloads.security(workload).forEach(security::add);
        return copy;
    }

    /** {@code workload} with its mode set to interop: what POST /api/v1/interop submits. */
    static JsonNode forced(JsonNode workload) {
        ObjectNode copy = ((ObjectNode) workload).deepCopy();
        copy.put("mode", "interop");
        return copy;
    }
}
