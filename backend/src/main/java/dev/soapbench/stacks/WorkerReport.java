package dev.soapbench.stacks;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** What one worker's last heartbeat said about the stacks it can build, and when it was sent. */
record WorkerReport(String hardwareClass, Instant lastSeenAt, List<StackState> stacks) {

    WorkerReport {
        stacks = stacks == null ? List.of() : List.copyOf(stacks);
    }

    /**
     * One entry of the heartbeat's {@code stacks} (schemas/heartbeat.schema.json).
     *
     * @param versions the runner's {@code version} answer; absent from older workers
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record StackState(String id, Boolean available, String reason, JsonNode versions) {}
}
