package dev.soapbench.runs;

import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/**
 * The turning points of a run as its workers reported them: who took the job (and whether it was a
 * redelivery after a crash, a lost connection or a broker restart), and how it ended.
 */
@Component
class RunHistory {

    private final RunEventLog log;

    RunHistory(RunEventLog log) {
        this.log = log;
    }

    List<RunView.HistoryEntry> of(UUID runId) {
        return log.turningPoints(runId).stream()
                .map(point -> new RunView.HistoryEntry(
                        point.at(),
                        point.kind(),
                        point.workerId(),
                        point.attempt(),
                        note(point.kind(), point.workerId(), point.attempt(), point.payload())))
                .toList();
    }

    static String note(String kind, String workerId, int attempt, JsonNode payload) {
        return switch (kind) {
            case "accepted" -> accepted(workerId, attempt, payload);
            case "cancelled" -> "worker " + workerId + " stopped the run: "
                    + payload.path("reason").asString("cancelled");
            case "failed" -> "worker " + workerId + " failed the run: "
                    + payload.path("reason").asString("no reason given");
            default -> "worker " + workerId + " completed the run";
        };
    }

    private static String accepted(String workerId, int attempt, JsonNode payload) {
        StringBuilder note = new StringBuilder("worker ").append(workerId);
        boolean redelivered = payload.path("redelivered").asBoolean(false);
        int deliveries = payload.path("deliveries").asInt(1);
        note.append(redelivered ? " took the job again" : " took the job");
        note.append(" (attempt ").append(attempt);
        if (deliveries > 1) {
            note.append(", delivery ").append(deliveries);
        }
        note.append(')');
        if (redelivered) {
            note.append(": the previous delivery ended without a result (a worker crash, a lost connection or a"
                    + " broker restart), which does not count as a failed attempt");
        } else if (attempt > 1) {
            note.append(": ")
                    .append(attempt - 1)
                    .append(attempt == 2 ? " attempt" : " attempts")
                    .append(" failed before");
        }
        int resumed = payload.path("resumedMeasurements").asInt(0);
        if (resumed > 0) {
            note.append("; it keeps the ")
                    .append(resumed)
                    .append(resumed == 1 ? " measurement" : " measurements")
                    .append(" already made and measures only the rest");
        }
        return note.toString();
    }
}
