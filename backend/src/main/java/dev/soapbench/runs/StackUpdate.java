package dev.soapbench.runs;

/**
 * A stack's new state as a worker reported it. {@code version} may be null when the event did not
 * name one; {@code security} is the mode the event concerns, null when it concerns the whole stack;
 * the other fields are null when not reported.
 */
public record StackUpdate(
        String stack,
        String version,
        String security,
        String status,
        String reason,
        String log,
        Double buildSeconds,
        String versionsJson) {}
