package dev.soapbench.stacks;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;

/**
 * The stacks the live workers of a hardware class can build now, with the versions their runners
 * report in the workers' heartbeats: how the service learns that a stack version appeared.
 */
@Service
public class LiveStacks {

    private final StackAvailabilities availabilities;

    LiveStacks(StackAvailabilities availabilities) {
        this.availabilities = availabilities;
    }

    /** How many workers of the class are live. */
    public int workers(String hardwareClass) {
        return (int) availabilities.liveWorkers().stream()
                .filter(worker -> hardwareClass.equals(worker.hardwareClass()))
                .count();
    }

    /**
     * Per available stack id, the distinct {@code version} answers its runners gave on the class's live
     * workers (empty for workers too old to send them).
     */
    public Map<String, Set<JsonNode>> available(String hardwareClass) {
        Map<String, Set<JsonNode>> result = new TreeMap<>();
        for (WorkerReport worker : availabilities.liveWorkers()) {
            if (!hardwareClass.equals(worker.hardwareClass())) {
                continue;
            }
            for (WorkerReport.StackState state : worker.stacks()) {
                if (state.id() == null || !Boolean.TRUE.equals(state.available())) {
                    continue;
                }
                Set<JsonNode> versions = result.computeIfAbsent(state.id(), id -> new LinkedHashSet<>());
                if (state.versions() != null && !state.versions().isNull()) {
                    versions.add(state.versions());
                }
            }
        }
        return result;
    }

    /**
     * Why no live worker of the class can build the stack, when the class has live workers and every
     * one of them that reports the stack says it is unavailable (the runner's own words, e.g. {@code
     * WSFCPP_HOME is not set}); empty when one can, or when no live worker tells either way (a worker
     * may start before the run's turn comes).
     */
    public Optional<String> unavailableBecause(String stackId, String hardwareClass) {
        return availabilities.byStack().getOrDefault(stackId, List.of()).stream()
                .filter(availability -> availability.hardwareClass().equals(hardwareClass))
                .filter(availability -> !availability.available())
                .map(availability ->
                        availability.reason() == null ? "no live worker can build it" : availability.reason())
                .findFirst();
    }
}
