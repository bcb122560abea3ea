package dev.soapbench.runs;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * The events its workers reported of a run, as the events feature logs them. Events applies what
 * it ingests to runs, so runs asks through this interface, which events implements, rather than
 * depending on events or reading its table.
 */
public interface RunEventLog {

    /** One reported event: when, what, from which worker and attempt, and its payload. */
    record TurningPoint(OffsetDateTime at, String kind, String workerId, int attempt, JsonNode payload) {}

    /** The run's {@code accepted}, {@code cancelled}, {@code failed} and {@code completed} events, in arrival order. */
    List<TurningPoint> turningPoints(UUID runId);
}
