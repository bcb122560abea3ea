package dev.soapbench.dispatch;

import java.time.OffsetDateTime;
import java.util.UUID;

/** Asks every worker to stop a run: schemas/run-cancel.schema.json, on the bench.control fanout. */
record RunCancel(int schemaVersion, UUID runId, OffsetDateTime at) {}
