package dev.soapbench.runs;

import java.util.Set;

/** The words of the run and stack state machines (docs/architecture.md). */
final class RunStatus {

    static final String QUEUED = "queued";
    static final String RUNNING = "running";
    static final String CANCELLING = "cancelling";
    static final String CANCELLED = "cancelled";
    static final String COMPLETED = "completed";
    static final String FAILED = "failed";

    static final String STACK_PENDING = "pending";
    static final String STACK_DONE = "done";
    /** The server answered every operation correctly; a compatibility check ends its stacks there. */
    static final String STACK_VERIFIED = "verified";

    static final String STACK_UNSUPPORTED = "unsupported";
    static final String STACK_FAILED = "failed";
    static final String STACK_CANCELLED = "cancelled";

    private static final Set<String> FINISHED_STACK =
            Set.of(STACK_DONE, STACK_UNSUPPORTED, "build_failed", "verify_failed", STACK_FAILED, STACK_CANCELLED);

    private RunStatus() {}

    static boolean isFinished(String runStatus) {
        return COMPLETED.equals(runStatus) || FAILED.equals(runStatus) || CANCELLED.equals(runStatus);
    }

    static boolean isFinishedStack(String stackStatus) {
        return FINISHED_STACK.contains(stackStatus);
    }
}
