package dev.soapbench.runs;

import dev.soapbench.common.WorkloadDefaults;
import dev.soapbench.stacks.ResolvedStack;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The workload as the worker gets it: the schema's defaults written out (applied by
 * {@link WorkloadDefaults} once it has passed its schema), operations and stack versions resolved, so
 * a stored run says exactly what was measured. The readers below take such a workload, or a stored one.
 */
final class Workloads {

    private Workloads() {}

    /** The hardware class; a stored workload from before it was written out runs on the default one. */
    static String hardwareClass(JsonNode workload) {
        return workload.path("hardwareClass")
                .asString(WorkloadDefaults.at("/hardwareClass").asString());
    }

    /** Whether a workload is a compatibility check: build, serve, verify, no measurement. */
    static boolean checkOnly(JsonNode workload) {
        return workload != null && "check".equals(workload.path("mode").asString(null));
    }

    /**
     * Whether a workload is an interop run: every stack's own client against every stack's server,
     * per security mode, each pair a cell of the matrix (dev.soapbench.interop).
     */
    static boolean interop(JsonNode workload) {
        return workload != null && "interop".equals(workload.path("mode").asString(null));
    }

    /** The same for a stored workload's JSON text. */
    static boolean interop(String workloadJson) {
        return workloadJson != null && interop(JsonMapper.shared().readTree(workloadJson));
    }

    /** Whether the workload asks for the WSDL's WS-Policy to be taken out before the stacks build it. */
    static boolean removesPolicies(JsonNode workload) {
        return "remove".equals(workload.path("policy").asString());
    }

    /** The same for a stored workload's JSON text. */
    static boolean checkOnly(String workloadJson) {
        return workloadJson != null && checkOnly(JsonMapper.shared().readTree(workloadJson));
    }

    /** Whether messages travel as MTOM/XOP packages (workload {@code mtom}). */
    static boolean mtom(JsonNode workload) {
        return workload.path("mtom").asBoolean();
    }

    /** The security modes, each once. */
    static List<String> security(JsonNode workload) {
        return workload.path("security")
                .valueStream()
                .map(JsonNode::asString)
                .distinct()
                .toList();
    }

    /** {@code defaulted} as stored and sent: with its WSDL, operations, stack versions and reference resolved. */
    static ObjectNode resolved(
            JsonNode defaulted, String catalogId, List<String> operations, List<ResolvedStack> stacks) {
        ObjectNode workload = ((ObjectNode) defaulted).deepCopy();
        if (catalogId != null) {
            workload.put("wsdl", "catalog:" + catalogId);
        }
        ArrayNode operationNames = workload.putArray("operations");
        operations.forEach(operationNames::add);
        ArrayNode stackNames = workload.putArray("stacks");
        stacks.forEach(stack -> stackNames.add(stack.name()));
        ReferenceStack.of(defaulted, stacks).ifPresent(reference -> workload.put("reference", reference));
        ArrayNode security = workload.putArray("security");
        security(defaulted).forEach(security::add);
        return workload;
    }
}
