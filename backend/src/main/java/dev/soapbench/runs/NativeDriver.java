package dev.soapbench.runs;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.stacks.Compatibility;
import dev.soapbench.stacks.ResolvedStack;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What a workload with {@code "driver": "native"} may ask: each stack's own client (runner
 * {@code drive}) sends a request count back to back over keep-alive connections and checks answers
 * by its data binding only, so only the closed model with {@code load.requests} applies, and only
 * stacks whose manifest declares a native client can run it.
 */
final class NativeDriver {

    private static final Compatibility.Needs NATIVE_CLIENT = Compatibility.Needs.NOTHING.withNativeClient(true);

    private NativeDriver() {}

    /**
     * Whether a workload with its defaults written out asks for the native driver. An interop run
     * ignores the driver: it drives each stack's own client, and a stack without one still serves.
     */
    static boolean requested(JsonNode workload) {
        return "native".equals(workload.path("driver").asString()) && !Workloads.interop(workload);
    }

    /** Refuses what no native client can do, naming the field. */
    static void checkLoad(JsonNode workload) {
        if (!requested(workload)) {
            return;
        }
        JsonNode load = workload.path("load");
        String model = load.path("model").asString();
        if (!model.equals("closed")) {
            throw refused(
                    "/load/model",
                    "load.model '" + model + "' cannot be measured with driver native: a stack's own client sends"
                            + " a request count back to back (closed model only).");
        }
        if (load.has("durationSeconds")) {
            throw refused(
                    "/load/durationSeconds",
                    "driver native needs load.requests, not load.durationSeconds: a stack's own client sends a"
                            + " request count.");
        }
        if (!workload.path("keepAlive").asBoolean()) {
            throw refused(
                    "/keepAlive",
                    "driver native needs keepAlive true: the stacks' own clients keep connections alive.");
        }
        if (workload.has("check")) {
            throw refused(
                    "/check",
                    "driver native cannot apply a content check: a stack's own client checks answers by its data"
                            + " binding only.");
        }
    }

    /** Refuses a run whose stacks include any without a native client, naming them all. */
    static void checkStacks(JsonNode workload, List<ResolvedStack> stacks) {
        if (!requested(workload)) {
            return;
        }
        List<String> without = stacks.stream()
                .filter(stack ->
                        Compatibility.whyNot(stack.manifest(), NATIVE_CLIENT).isPresent())
                .map(ResolvedStack::id)
                .toList();
        if (!without.isEmpty()) {
            throw refused(
                    "/stacks",
                    "driver native needs each stack's own client, and " + String.join(", ", without)
                            + (without.size() == 1 ? " has" : " have")
                            + " none (stack.json features.nativeClient): leave "
                            + (without.size() == 1 ? "it" : "them") + " out or use driver neutral.");
        }
    }

    private static ApiProblem refused(String field, String message) {
        return ApiProblem.unprocessable("The workload is invalid: " + message, ProblemError.inField(field, message));
    }
}
