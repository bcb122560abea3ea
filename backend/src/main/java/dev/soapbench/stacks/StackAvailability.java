package dev.soapbench.stacks;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Whether the live workers of one hardware class can build a stack. {@code reason} is set only when
 * they cannot: the runner's own words, without the contract's {@code unavailable: } prefix.
 */
record StackAvailability(String hardwareClass, boolean available, String reason) {

    private static final String UNAVAILABLE_PREFIX = "unavailable: ";

    /**
     * Availability per stack id, one entry per hardware class with a worker seen at or after
     * {@code liveSince} that reports the stack, sorted by class. A class is available when any of its
     * live workers can build the stack, so one misconfigured machine does not hide the others;
     * otherwise its workers' distinct reasons are joined.
     */
    static Map<String, List<StackAvailability>> byStack(List<WorkerReport> workers, Instant liveSince) {
        Map<String, Map<String, Verdict>> verdicts = new TreeMap<>();
        for (WorkerReport worker : workers) {
            if (worker.lastSeenAt().isBefore(liveSince)) {
                continue;
            }
            for (WorkerReport.StackState state : worker.stacks()) {
                if (state.id() == null) {
                    continue;
                }
                verdicts.computeIfAbsent(state.id(), id -> new TreeMap<>())
                        .computeIfAbsent(worker.hardwareClass(), hardwareClass -> new Verdict())
                        .add(state);
            }
        }
        Map<String, List<StackAvailability>> result = new TreeMap<>();
        verdicts.forEach((stackId, byClass) -> {
            List<StackAvailability> entries = new ArrayList<>();
            byClass.forEach((hardwareClass, verdict) -> entries.add(verdict.toAvailability(hardwareClass)));
            result.put(stackId, List.copyOf(entries));
        });
        return result;
    }

    private static final class Verdict {
        private boolean available;
        private final Set<String> reasons = new LinkedHashSet<>();

        void add(WorkerReport.StackState state) {
            if (Boolean.TRUE.equals(state.available())) {
                available = true;
            } else {
                reasons.add(readable(state.reason()));
            }
        }

        StackAvailability toAvailability(String hardwareClass) {
            return available
                    ? new StackAvailability(hardwareClass, true, null)
                    : new StackAvailability(hardwareClass, false, String.join("; ", reasons));
        }

        private static String readable(String reason) {
            if (reason == null || reason.isBlank()) {
                return "the worker gave no reason";
            }
            String trimmed = reason.strip();
            return trimmed.startsWith(UNAVAILABLE_PREFIX)
                    ? trimmed.substring(UNAVAILABLE_PREFIX.length()).strip()
                    : trimmed;
        }
    }
}
