package dev.soapbench.runs;

import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

/**
 * What a run's worker last said about it, as the events feature keeps it: its last event of the
 * run, and its last heartbeat while the run was its current one. Events applies what it ingests
 * to runs, so runs asks through this interface, which events implements, rather than depending
 * on events or reading its tables.
 */
public interface RunSignsOfLife {

    /** The run's newest event: when it arrived and its kind. */
    record LastEvent(OffsetDateTime receivedAt, String kind) {}

    /** A heartbeat that named the run as the worker's current one: when, and the step it reported. */
    record CurrentHeartbeat(OffsetDateTime lastSeenAt, String step) {}

    Optional<LastEvent> lastEvent(UUID runId);

    /** The worker's last heartbeat, if it still names the run as its current one. */
    Optional<CurrentHeartbeat> heartbeatAbout(String workerId, UUID runId);
}
