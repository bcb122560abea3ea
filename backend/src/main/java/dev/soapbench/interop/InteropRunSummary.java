package dev.soapbench.interop;

import dev.soapbench.runs.InteropRuns;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** An interop run in short, as the matrix and the list of recent runs show it. */
final class InteropRunSummary {

    private InteropRunSummary() {}

    static ObjectNode of(InteropRuns.InteropRun run) {
        ObjectNode node = JsonMapper.shared()
                .createObjectNode()
                .put("id", run.id().toString())
                .put("status", run.status())
                .put(
                        "createdAt",
                        run.createdAt() == null ? null : run.createdAt().toString())
                .put("service", run.catalogId())
                .put("wsdlName", run.fileName() != null ? run.fileName() : run.entry())
                .put("shareUrl", "/interop/" + run.id());
        ArrayNode stacks = node.putArray("stacks");
        run.stacks().forEach(stack -> stacks.add(stack.stack() + "@" + stack.version()));
        ArrayNode security = node.putArray("security");
        run.security().forEach(security::add);
        return node;
    }
}
