package dev.soapbench.stacks;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectMapper;

/**
 * Reads the workers' last heartbeats ({@link Heartbeats}, kept by heartbeat ingestion) to say which
 * stacks the live workers can build. A worker is live while its last
 * heartbeat is younger than {@code soapbench.worker-live-window}: workers beat every 10 s, so the
 * default of 60 s forgives a few lost beats but drops a stopped worker within a minute.
 */
@Component
class StackAvailabilities {

    private static final TypeReference<List<WorkerReport.StackState>> STATES = new TypeReference<>() {};

    private final Heartbeats heartbeats;
    private final ObjectMapper json;
    private final Duration liveWindow;

    StackAvailabilities(
            Heartbeats heartbeats,
            ObjectMapper json,
            @Value("${soapbench.worker-live-window:PT60S}") Duration liveWindow) {
        this.heartbeats = heartbeats;
        this.json = json;
        this.liveWindow = liveWindow;
    }

    Map<String, List<StackAvailability>> byStack() {
        Instant liveSince = Instant.now().minus(liveWindow);
        return StackAvailability.byStack(liveWorkers(liveSince), liveSince);
    }

    /** The last heartbeat of every worker seen within the live window. */
    List<WorkerReport> liveWorkers() {
        return liveWorkers(Instant.now().minus(liveWindow));
    }

    private List<WorkerReport> liveWorkers(Instant liveSince) {
        return heartbeats.since(liveSince).stream()
                .map(beat -> new WorkerReport(
                        beat.hardwareClass(),
                        beat.lastSeenAt(),
                        beat.stacks() == null ? List.of() : json.readValue(beat.stacks(), STATES)))
                .toList();
    }
}
