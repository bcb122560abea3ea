package dev.soapbench.stacks;

import java.time.Instant;
import java.util.List;

/**
 * The last heartbeat of every worker, as the events feature keeps them. Events reaches stacks
 * through runs, so stacks asks through this interface, which events implements, rather than
 * depending on events or reading its table.
 */
public interface Heartbeats {

    /**
     * A worker's last heartbeat.
     *
     * @param stacks the heartbeat's {@code stacks} array as JSON text; null when it sent none
     */
    record Heartbeat(String hardwareClass, Instant lastSeenAt, String stacks) {}

    /** The last heartbeat of every worker seen at or after {@code moment}. */
    List<Heartbeat> since(Instant moment);
}
