package dev.soapbench.runs;

import dev.soapbench.stacks.ResolvedStack;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The workload as the worker gets it: every default of workload.schema.json written out, operations
 * and stack versions resolved, so a stored run says exactly what was measured.
 */
final class Workloads {

    static final int DEFAULT_CONNECTIONS = 25;
    static final int DEFAULT_REQUESTS = 2000;
    static final int DEFAULT_WARMUP_REQUESTS = 500;
    static final String DEFAULT_HARDWARE_CLASS = "local";
    // 6 interleaved rounds are the fewest whose paired verdict reaches 95 %; 8 also find a 10 %
    // difference 19 times in 20 where 6 found it 16 times (docs/statistics.md).
    static final int DEFAULT_REPETITIONS = 8;

    private Workloads() {}

    static String hardwareClass(JsonNode workload) {
        return workload.path("hardwareClass").asString(DEFAULT_HARDWARE_CLASS);
    }

    /** Whether a workload is a compatibility check: build, serve, verify, no measurement. */
    static boolean checkOnly(JsonNode workload) {
        return workload != null && "check".equals(workload.path("mode").asString(null));
    }

    /** Whether the workload asks for the WSDL's WS-Policy to be taken out before the stacks build it. */
    static boolean removesPolicies(JsonNode workload) {
        return "remove".equals(workload.path("policy").asString("keep"));
    }

    /** The same for a stored workload's JSON text. */
    static boolean checkOnly(String workloadJson) {
        return workloadJson != null && checkOnly(JsonMapper.shared().readTree(workloadJson));
    }

    /** Whether messages travel as MTOM/XOP packages (workload {@code mtom}). */
    static boolean mtom(JsonNode workload) {
        return workload.path("mtom").asBoolean(false);
    }

    static List<String> security(JsonNode workload) {
        if (!workload.has("security")) {
            return List.of("plain");
        }
        return workload.get("security")
                .valueStream()
                .map(JsonNode::asString)
                .distinct()
                .toList();
    }

    static ObjectNode withDefaults(
            JsonNode submitted, String catalogId, List<String> operations, List<ResolvedStack> stacks) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode workload = ((ObjectNode) submitted).deepCopy();
        if (catalogId != null) {
            workload.put("wsdl", "catalog:" + catalogId);
        }
        ArrayNode operationNames = workload.putArray("operations");
        operations.forEach(operationNames::add);
        ArrayNode stackNames = workload.putArray("stacks");
        stacks.forEach(stack -> stackNames.add(stack.id() + "@" + stack.version()));
        ReferenceStack.of(submitted, stacks).ifPresent(reference -> workload.put("reference", reference));

        ObjectNode load = workload.has("load") ? (ObjectNode) workload.get("load") : workload.putObject("load");
        putIfAbsent(load, "model", nodes.stringNode("closed"));
        putIfAbsent(load, "connections", nodes.numberNode(DEFAULT_CONNECTIONS));
        putIfAbsent(load, "requests", nodes.numberNode(DEFAULT_REQUESTS));
        ObjectNode warmup = workload.has("warmup") ? (ObjectNode) workload.get("warmup") : workload.putObject("warmup");
        putIfAbsent(warmup, "requests", nodes.numberNode(DEFAULT_WARMUP_REQUESTS));
        putIfAbsent(workload, "repetitions", nodes.numberNode(DEFAULT_REPETITIONS));
        putIfAbsent(workload, "keepAlive", nodes.booleanNode(true));
        putIfAbsent(workload, "driver", nodes.stringNode("neutral"));
        putIfAbsent(workload, "mtom", nodes.booleanNode(false));
        ArrayNode security = nodes.arrayNode();
        security(submitted).forEach(security::add);
        workload.set("security", security);
        putIfAbsent(workload, "hardwareClass", nodes.stringNode(DEFAULT_HARDWARE_CLASS));
        return workload;
    }

    private static void putIfAbsent(ObjectNode node, String name, JsonNode value) {
        if (!node.has(name)) {
            node.set(name, value);
        }
    }
}
