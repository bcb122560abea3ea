package dev.soapbench.compare;

import dev.soapbench.results.Latencies;
import dev.soapbench.results.MedianInterval;
import dev.soapbench.results.PercentileCurve;
import dev.soapbench.results.ResultsSummary.CellKey;
import dev.soapbench.results.RunRatio;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * Runs side by side (openapi.yaml, RunComparison): each run's figures per cell and stack, each
 * against the baseline run's same stack, the latency curves, and what differs between the runs.
 *
 * @param baseline the id of the run every other is compared with
 * @param betweenRunTau the between-run spread every interval is widened by ({@link RunRatio#BETWEEN_RUN_TAU})
 */
record ComparePage(
        UUID baseline,
        String method,
        double confidence,
        double betweenRunTau,
        int minRepetitions,
        List<Run> runs,
        List<Warning> warnings,
        List<Cell> cells) {

    static final String METHOD = "hodges-lehmann-mann-whitney-between-runs";

    /**
     * @param complete the run has completed; otherwise its figures are what it had measured so far
     * @param source {@code catalog:<id>} or the uploaded file's name
     * @param machine the worker's machine in a few words; null before a worker took the run
     */
    record Run(
            UUID id,
            String slug,
            String status,
            boolean complete,
            boolean baseline,
            OffsetDateTime createdAt,
            OffsetDateTime finishedAt,
            String source,
            String hardwareClass,
            String workerId,
            String machine,
            JsonNode fingerprint,
            JsonNode workload) {}

    /**
     * What differs between the runs beyond stacks, repetitions and reference, or a run still
     * measuring: the figures are compared anyway, and the page shows why they may not be alike.
     *
     * @param kind {@code workload}, {@code machine} or {@code unfinished}
     * @param field a JSON pointer into the workload, or a fingerprint field; null for unfinished
     * @param values each run's value of the field (null where it has none), in the order of the runs
     */
    record Warning(String kind, String field, String text, List<RunValue> values) {}

    record RunValue(UUID run, String slug, JsonNode value) {}

    record Cell(CellKey key, String label, List<Stack> stacks, List<Curve> curves) {}

    /** One stack@version of a cell, with its figures in every run (in the order of the runs). */
    record Stack(String stack, String id, String version, String displayName, List<Figures> runs) {}

    /**
     * A stack's figures in one run of the cell.
     *
     * @param measured the run has measurements of this stack in this cell
     * @param used the repetitions the figures rest on: unflagged ones, or all when every one is flagged
     * @param ratio against the baseline run's same stack; null in the baseline run and where
     *     neither this run nor the baseline measured the stack
     * @param reason why the figures are missing or not compared
     */
    record Figures(
            UUID run,
            String slug,
            boolean measured,
            int repetitions,
            int flagged,
            int used,
            MedianInterval throughput,
            Latencies.Percentiles latencyMs,
            Double serverCpuSecondsMedian,
            Long peakRssBytesMax,
            RunRatio ratio,
            String reason) {}

    /** A run's latency percentiles for one stack of the cell, from its used repetitions' merged histograms. */
    record Curve(UUID run, String slug, String stack, long count, List<PercentileCurve.Point> points, double maxMs) {}
}
