package dev.soapbench.leaderboards;

import dev.soapbench.results.MedianInterval;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * Every leaderboard with its state and leader (openapi.yaml, Leaderboards), and how far the
 * official runs have come in filling them.
 */
record BoardIndex(Progress progress, List<Line> boards) {

    /**
     * @param measurable boards some live worker has a stack for
     * @param measured boards with a completed official run
     * @param measuring the board whose official run is under way; null when none
     * @param waiting boards asked for, waiting for an idle worker
     */
    record Progress(int boards, int measurable, int measured, String measuring, int waiting) {}

    /**
     * @param leader {@code stack@version} of band 1 when the board is ranked (the first of a shared band)
     * @param leaderName its display name and version
     * @param leaderThroughput its median throughput with the interval and the repetitions it rests on
     */
    record Line(
            String id,
            String workloadId,
            String title,
            String catalog,
            String security,
            String hardwareClass,
            String state,
            String stateText,
            String leader,
            String leaderName,
            MedianInterval leaderThroughput,
            int stacks,
            UUID officialRunId,
            OffsetDateTime measuredAt) {}
}
