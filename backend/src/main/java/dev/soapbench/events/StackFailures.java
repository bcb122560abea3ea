package dev.soapbench.events;

/** The stack status a worker's {@code stack_failed} event leads to. */
final class StackFailures {

    private StackFailures() {}

    /**
     * A stack that cannot take part is unsupported, not failed: the runner says {@code unsupported:}
     * (a WSDL feature it lacks, a native client it does not have) or {@code unavailable:} (it cannot run
     * on this worker, e.g. WSF/C++ without an installation). The reason, shown beside the status, tells
     * which. Anything else failed in its phase.
     */
    static String status(String phase, String reason) {
        if (reason.startsWith("unsupported:") || reason.startsWith("unavailable:")) {
            return "unsupported";
        }
        return switch (phase) {
            case "build" -> "build_failed";
            case "verify" -> "verify_failed";
            default -> "failed";
        };
    }
}
