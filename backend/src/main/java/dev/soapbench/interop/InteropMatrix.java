package dev.soapbench.interop;

import dev.soapbench.runs.InteropRuns;
import dev.soapbench.stacks.StackManifest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The matrix of an interop run as GET /api/v1/interop/{runId} answers it: one cell per client x
 * server x security mode of the workload, each as reported, or {@code pending} until it is. A stack
 * the run left out before any job was sent (stored {@code unsupported}) is never reported by the
 * worker: once the run has ended its cells are unsupported with its reason, as server or as client.
 * While the run goes on an unreported cell is pending whatever its stacks' states: a stack's state
 * is one for all modes (a stack refused in signencr is {@code unsupported} while its plain and sign
 * cells are still to come), so only the worker's cell tells a mode's outcome. A secured cell's cost is
 * read against the same pair in plain, only when both passed.
 */
final class InteropMatrix {

    static final String PENDING = "pending";
    private static final String UNSUPPORTED = "unsupported";
    private static final String PLAIN = "plain";

    private InteropMatrix() {}

    static ObjectNode of(
            InteropRuns.InteropRun run,
            List<InteropCell> reported,
            Function<String, Optional<StackManifest>> manifests) {
        ObjectNode view = JsonMapper.shared().createObjectNode();
        view.set("run", InteropRunSummary.of(run));
        ArrayNode security = view.putArray("security");
        run.security().forEach(security::add);
        view.set("interop", run.interop().deepCopy());
        ArrayNode stacks = view.putArray("stacks");
        for (InteropRuns.Stack stack : run.stacks()) {
            Optional<StackManifest> manifest = manifests.apply(stack.stack());
            stacks.addObject()
                    .put("stack", stack.stack())
                    .put("version", stack.version())
                    .put("displayName", manifest.map(StackManifest::displayName).orElse(stack.stack()))
                    .put(
                            "client",
                            manifest.map(m ->
                                            m.features() != null && m.features().nativeClient())
                                    .orElse(false));
        }
        Map<String, InteropCell> byKey = new HashMap<>();
        reported.forEach(cell -> byKey.put(key(cell.client(), cell.server(), cell.security()), cell));
        ArrayNode cells = view.putArray("cells");
        for (String mode : run.security()) {
            for (InteropRuns.Stack client : run.stacks()) {
                for (InteropRuns.Stack server : run.stacks()) {
                    String clientName = name(client);
                    String serverName = name(server);
                    InteropCell cell = byKey.get(key(clientName, serverName, mode));
                    InteropCell plain = byKey.get(key(clientName, serverName, PLAIN));
                    cells.add(
                            cell == null
                                    ? unreported(run, clientName, serverName, mode, client, server)
                                    : reportedCell(cell, mode.equals(PLAIN) ? null : plain));
                }
            }
        }
        return view;
    }

    private static ObjectNode reportedCell(InteropCell cell, InteropCell plain) {
        ObjectNode node = JsonMapper.shared().createObjectNode();
        node.put("client", cell.client())
                .put("server", cell.server())
                .put("security", cell.security())
                .put("outcome", cell.outcome())
                .put("reason", cell.reason());
        putIfPresent(node, "requests", cell.requests());
        putIfPresent(node, "errors", cell.errors());
        putIfPresent(node, "throughputRps", cell.throughputRps());
        putIfPresent(node, "p50Ms", cell.p50Ms());
        putIfPresent(node, "p99Ms", cell.p99Ms());
        putIfPresent(node, "clientCpuSeconds", cell.clientCpuSeconds());
        putIfPresent(node, "clientPeakRssBytes", cell.clientPeakRssBytes());
        if (plain != null && plain.passed()) {
            ObjectNode baseline = node.putObject("plain");
            putIfPresent(baseline, "throughputRps", plain.throughputRps());
            putIfPresent(baseline, "p99Ms", plain.p99Ms());
            if (cell.passed()) {
                CostRatios.of(cell, plain).ifPresent(cost -> node.set("cost", cost));
            }
        }
        return node;
    }

    private static ObjectNode unreported(
            InteropRuns.InteropRun run,
            String client,
            String server,
            String mode,
            InteropRuns.Stack clientStack,
            InteropRuns.Stack serverStack) {
        ObjectNode node = JsonMapper.shared()
                .createObjectNode()
                .put("client", client)
                .put("server", server)
                .put("security", mode);
        if (!run.isFinished()) {
            return node.put("outcome", PENDING).put("reason", "");
        }
        if (UNSUPPORTED.equals(serverStack.status())) {
            return node.put("outcome", UNSUPPORTED).put("reason", "server: " + reasonOf(serverStack));
        }
        if (UNSUPPORTED.equals(clientStack.status())) {
            return node.put("outcome", UNSUPPORTED).put("reason", "client: " + reasonOf(clientStack));
        }
        return node.put("outcome", PENDING).put("reason", "");
    }

    private static String reasonOf(InteropRuns.Stack stack) {
        return stack.reason() == null ? "the stack cannot take part" : stack.reason();
    }

    private static String name(InteropRuns.Stack stack) {
        return stack.stack() + "@" + stack.version();
    }

    private static String key(String client, String server, String mode) {
        return client + "\n" + server + "\n" + mode;
    }

    private static void putIfPresent(ObjectNode node, String field, Number value) {
        if (value instanceof Integer i) {
            node.put(field, i);
        } else if (value instanceof Long l) {
            node.put(field, l);
        } else if (value instanceof Double d) {
            node.put(field, d);
        }
    }
}
