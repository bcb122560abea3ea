package dev.soapbench.leaderboards;

import dev.soapbench.results.Comparison;
import dev.soapbench.results.Drift;
import dev.soapbench.results.MedianInterval;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * One leaderboard as the API shows it (openapi.yaml, Leaderboard): the standing from its latest
 * completed official run, the history of its official runs in segments, the official run under way
 * or asked for, and users' runs of the same workload beside it, unranked.
 *
 * @param state {@code ranked}, {@code measured} (no verdict), {@code measuring}, {@code waiting},
 *     {@code not-measured} or {@code no-stack}
 * @param claimedBy the stacks that implement the service and honour the security mode
 */
record BoardPage(
        String id,
        String workloadId,
        String title,
        String catalog,
        String security,
        String hardwareClass,
        JsonNode workload,
        String state,
        String stateText,
        List<String> claimedBy,
        Standing standing,
        InFlight inFlight,
        Waiting waiting,
        Refused refused,
        LastAttempt lastAttempt,
        List<Segment> segments,
        List<HistoryPoint> history,
        List<Unverified> unverified) {

    /**
     * The order of one official run: bands from its paired verdicts, all stacks measured interleaved
     * on one machine.
     *
     * @param basis one sentence: on which run, machine and date the order rests
     */
    record Standing(
            UUID runId,
            String slug,
            OffsetDateTime finishedAt,
            String workerId,
            JsonNode fingerprint,
            String machine,
            String cell,
            String leader,
            boolean enoughData,
            String notEnoughData,
            Drift drift,
            String basis,
            List<Entry> entries) {}

    /**
     * One stack on the board.
     *
     * @param band 1 for the fastest band; null when not ranked
     * @param ratioToLeader the paired verdict against the leader; null for the leader and unranked stacks
     * @param cpuSecondsPer1000Requests the server's CPU time per 1,000 requests, median over repetitions
     * @param reason why a stack is not ranked or was not measured
     */
    record Entry(
            Integer band,
            List<String> tiedWith,
            String stack,
            String displayName,
            String version,
            String status,
            boolean ranked,
            MedianInterval throughput,
            MedianInterval p99Ms,
            Comparison ratioToLeader,
            Double percentOfLeader,
            Double cpuSecondsPer1000Requests,
            Long peakRssBytes,
            int repetitions,
            int used,
            Long requests,
            String reason) {}

    /** The official run being measured now. */
    record InFlight(
            UUID runId,
            String slug,
            String status,
            String step,
            String reason,
            OffsetDateTime scheduledAt,
            List<StackProgress> stacks) {}

    record StackProgress(String stack, String version, String status) {}

    /** Asked for and waiting for an idle worker; {@code position} 1 is next. */
    record Waiting(String reason, OffsetDateTime requestedAt, int position) {}

    /** The last attempt to submit this board's official run was refused. */
    record Refused(String reason, OffsetDateTime at) {}

    /** The newest official run, when it failed or was cancelled after the standing's run. */
    record LastAttempt(UUID runId, String slug, String status, String reason, OffsetDateTime at) {}

    /**
     * A stretch of history measured on one machine kind with one workload; figures of different
     * segments are not comparable.
     *
     * @param change what started this segment; null for the first
     */
    record Segment(
            int index,
            OffsetDateTime from,
            OffsetDateTime until,
            String machine,
            String workloadSha256,
            String change) {}

    /** One completed official run in the history. */
    record HistoryPoint(UUID runId, String slug, OffsetDateTime finishedAt, int segment, List<HistoryValue> stacks) {}

    record HistoryValue(
            String stack,
            String displayName,
            String version,
            double throughput,
            double low,
            double high,
            Integer band) {}

    /** A user's run of the board's workload: shown beside the board, never ranked with it. */
    record Unverified(UUID runId, String slug, OffsetDateTime finishedAt, List<HistoryValue> stacks) {}
}
