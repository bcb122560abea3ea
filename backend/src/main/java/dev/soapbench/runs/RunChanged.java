package dev.soapbench.runs;

import java.util.UUID;

/** A run's stored state changed; subscribers get the new state once the change is committed. */
record RunChanged(UUID runId) {}
