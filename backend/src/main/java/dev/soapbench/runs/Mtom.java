package dev.soapbench.runs;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.stacks.Compatibility;
import dev.soapbench.stacks.ResolvedStack;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What a workload with {@code "mtom": true} may ask besides. The answers are XOP packages
 * (multipart/related), which the driver's content check does not read: it would count every answer
 * as a content error. With the native driver, only stacks whose own client sends MTOM can run it;
 * the others would measure inline base64 under an MTOM label. Which stacks may run it is
 * {@link Compatibility}'s.
 */
final class Mtom {

    private static final Compatibility.Needs NATIVE_CLIENT_MTOM =
            Compatibility.Needs.NOTHING.withMtom(true).withNativeClient(true);

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
    }

    /**
     * Refuses mtom with the native driver on a run whose stacks include any whose own client does
     * not send MTOM, naming them all: their client would send base64Binary content inline.
     */
    static void checkStacks(JsonNode workload, List<ResolvedStack> stacks) {
        if (!Workloads.mtom(workload) || !NativeDriver.requested(workload)) {
            return;
        }
        List<String> inline = stacks.stream()
                .filter(stack -> Compatibility.gaps(stack.manifest(), NATIVE_CLIENT_MTOM).stream()
                        .anyMatch(gap -> gap.need() == Compatibility.Need.NATIVE_CLIENT_MTOM))
                .map(ResolvedStack::id)
                .toList();
        if (!inline.isEmpty()) {
            String message = "mtom with driver native needs each stack's own client to send MTOM, and "
                    + String.join(", ", inline)
                    + (inline.size() == 1 ? "'s does" : "'s do")
                    + " not (stack.json features.nativeClientMtom): leave "
                    + (inline.size() == 1 ? "it" : "them") + " out or use driver neutral.";
            throw refused("/stacks", message);
        }
    }

    private static ApiProblem refused(String field, String message) {
        return ApiProblem.unprocessable("The workload is invalid: " + message, ProblemError.inField(field, message));
    }
}
