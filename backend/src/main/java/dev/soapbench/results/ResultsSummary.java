package dev.soapbench.results;

import java.util.List;
import java.util.Map;

/**
 * Statistics of a run's measurements per cell and per stack (openapi.yaml, ResultsSummary):
 * absolute figures by {@code method}, verdicts between stacks by {@code comparisonMethod}.
 */
public record ResultsSummary(
        String method, double confidence, String comparisonMethod, int minRounds, List<Cell> cells) {

    public static final String METHOD = "order-statistic";
    public static final String COMPARISON_METHOD = "hodges-lehmann-wilcoxon";
    public static final String CHOSEN_BY_WORKLOAD = "workload";
    public static final String CHOSEN_BY_SPEED = "fastest";

    /**
     * @param reference {@code stack@version} every other stack is compared with; null when no stack can be ranked
     * @param referenceChosenBy {@link #CHOSEN_BY_WORKLOAD} or {@link #CHOSEN_BY_SPEED}
     * @param enoughData every comparison rests on at least {@link PairedComparison#MIN_ROUNDS} paired rounds
     * @param comparisons one per ranked stack other than the reference, in band order
     * @param metricComparisons each of those stacks' costs against the reference's (p99 latency,
     *     CPU per request, peak RSS), paired by round; in the order of {@code comparisons}
     * @param drift the reference's throughput across rounds; null with fewer than two
     */
    public record Cell(
            CellKey key,
            String label,
            String reference,
            String referenceChosenBy,
            boolean enoughData,
            String notEnoughData,
            List<Comparison> comparisons,
            List<MetricComparison> metricComparisons,
            Drift drift,
            List<StackFigures> stacks) {}

    public record CellKey(
            String security,
            String operation,
            String model,
            int connections,
            long requests,
            Double ratePerSecond,
            Double durationSeconds,
            boolean keepAlive,
            String driver) {

        /** What sent the measured load: the worker's neutral driver or the stack's own client. */
        public String driverLabel() {
            return "native".equals(driver) ? "native client" : "neutral driver";
        }

        public String label() {
            String load =
                    switch (model) {
                        case "open" -> "open " + ratePerSecond + "/s";
                        case "capacity" -> "capacity from " + ratePerSecond + "/s";
                        default -> "closed " + connections + "×" + (requests > 0 ? requests : durationSeconds + " s");
                    };
            return security + " · " + (operation == null ? "all operations" : operation) + " · " + load + " · "
                    + (keepAlive ? "keep-alive" : "new connection per request") + " · " + driverLabel();
        }
    }

    /**
     * @param requests requests of the repetitions the figures rest on
     * @param comparison against the cell's reference; null for the reference and for stacks not ranked
     * @param percentOfBest 100 · the paired ratio against the fastest stack, when that is the reference
     * @param rank the band: 1 for the fastest band, stacks of one band are not shown to differ
     * @param tiedWith the other stacks of the band
     */
    public record StackFigures(
            String stack,
            String version,
            int repetitions,
            int flagged,
            Map<String, Integer> flags,
            int used,
            MedianInterval throughput,
            Double coefficientOfVariation,
            Latencies.Percentiles latencyMs,
            PercentileCurve latencyCurve,
            Double serverCpuSecondsMedian,
            Long peakRssBytesMax,
            Capacity capacity,
            Long requests,
            Comparison comparison,
            Double percentOfBest,
            boolean ranked,
            Integer rank,
            List<String> tiedWith,
            String reason) {

        public String key() {
            return stack + "@" + version;
        }
    }

    public record Capacity(double rateMedian, List<Double> rates) {}
}
