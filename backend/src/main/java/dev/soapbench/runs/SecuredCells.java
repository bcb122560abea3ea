package dev.soapbench.runs;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What a workload with a security mode other than {@code plain} may ask besides. A secured server
 * refuses the neutral driver's requests, which carry no WS-Security, so secured cells are measured
 * with each stack's own client ({@code "driver": "native"}), as the 2010 articles measured them. A
 * compatibility check measures nothing and needs no driver: the worker verifies each secured mode
 * through the project's security checker (docs/security-modes.md). That checker sends no XOP
 * packages, so MTOM and a security mode are not combined. An interop run drives each stack's own
 * client whatever the workload's driver says.
 */
final class SecuredCells {

    private SecuredCells() {}

    /** The workload's modes other than plain. */
    static List<String> securedModes(JsonNode workload) {
        return Workloads.security(workload).stream()
                .filter(mode -> !mode.equals("plain"))
                .toList();
    }

    /** Refuses what cannot be verified or measured in a secured mode, naming the field. */
    static void checkWorkload(JsonNode workload) {
        List<String> secured = securedModes(workload);
        if (secured.isEmpty()) {
            return;
        }
        String modes = String.join(", ", secured);
        if (Workloads.mtom(workload)) {
            throw refused(
                    "/mtom",
                    "mtom cannot be combined with security mode " + modes
                            + ": secured requests are verified without XOP packages.");
        }
        // A check verifies with the security checker; an interop run drives each stack's own client.
        if (!Workloads.checkOnly(workload) && !Workloads.interop(workload) && !NativeDriver.requested(workload)) {
            throw refused(
                    "/driver",
                    "security mode " + modes + " is measured with each stack's own client: set driver native."
                            + " The neutral driver sends requests without WS-Security, which a secured server"
                            + " refuses.");
        }
    }

    private static ApiProblem refused(String field, String message) {
        return ApiProblem.unprocessable("The workload is invalid: " + message, ProblemError.inField(field, message));
    }
}
