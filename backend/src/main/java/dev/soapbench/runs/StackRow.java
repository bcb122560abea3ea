package dev.soapbench.runs;

/** A row of {@code run_stacks}. */
record StackRow(
        String stackId,
        String version,
        int position,
        String status,
        String reason,
        String log,
        Double buildSeconds,
        String versions) {}
