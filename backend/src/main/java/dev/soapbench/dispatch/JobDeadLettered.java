package dev.soapbench.dispatch;

import java.util.UUID;

/** Published when the broker gives a job up; the run cannot make progress any more. */
public record JobDeadLettered(UUID runId, String reason) {}
