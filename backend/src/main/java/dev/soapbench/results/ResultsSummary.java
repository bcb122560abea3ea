package dev.soapbench.results;

import java.util.List;
import java.util.Map;

/** Statistics of a run's measurements per cell and per stack (openapi.yaml, ResultsSummary). */
public record ResultsSummary(String method, double confidence, List<Cell> cells) {

    public static final String METHOD = "order-statistic";

    public record Cell(CellKey key, String label, List<StackFigures> stacks) {}

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
            Double serverCpuSecondsMedian,
            Long peakRssBytesMax,
            Capacity capacity,
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
