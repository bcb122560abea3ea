package dev.soapbench.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import tools.jackson.databind.JsonNode;

/**
 * One stack's cost against the reference's in the same cell, paired by round as throughput is
 * (PairedComparison): the p99 latency, the server's CPU time per request, the server's peak RSS.
 * For each, higher costs more, so the verdict is "higher", "lower" or "tied" rather than faster or
 * slower; the CI gate reads them against its thresholds per metric (docs/ci.md).
 *
 * @param ratio the Hodges-Lehmann estimate of {@code stack}'s value over {@code against}'s; null
 *     without enough paired rounds
 */
public record MetricComparison(
        String stack,
        String against,
        String metric,
        int rounds,
        Double ratio,
        Double low,
        Double high,
        Double coverage,
        String verdict,
        String text) {

    public static final String LATENCY_P99 = "latencyP99";
    public static final String CPU_PER_REQUEST = "cpuPerRequest";
    public static final String PEAK_RSS = "peakRss";

    public static final String HIGHER = "higher";
    public static final String LOWER = "lower";

    /** The metrics, in the order a cell lists them, each read from one stored measurement. */
    static final Map<String, Metric> METRICS = metrics();

    /** What a metric is called in a sentence and how it is read from a measurement (NaN: not recorded). */
    record Metric(String words, ToDoubleFunction<JsonNode> read) {}

    private static Map<String, Metric> metrics() {
        Map<String, Metric> metrics = new LinkedHashMap<>();
        metrics.put(
                LATENCY_P99,
                new Metric(
                        "p99 latency", data -> positive(data.path("latencyMs").path("p99"))));
        metrics.put(CPU_PER_REQUEST, new Metric("server CPU per request", data -> {
            double requests = data.path("requests").asDouble(0);
            return requests > 0 ? positive(data.path("serverCpuSeconds")) / requests : Double.NaN;
        }));
        metrics.put(PEAK_RSS, new Metric("server peak RSS", data -> positive(data.path("peakRssBytes"))));
        return Collections.unmodifiableMap(metrics);
    }

    private static double positive(JsonNode value) {
        double v = value.isNumber() ? value.asDouble() : Double.NaN;
        return v > 0 ? v : Double.NaN;
    }

    /** Each metric's value per usable round of one stack, by metric. */
    static Map<String, SortedMap<Integer, Double>> rounds(List<JsonNode> usable) {
        Map<String, SortedMap<Integer, Double>> out = new LinkedHashMap<>();
        METRICS.forEach((name, metric) -> {
            SortedMap<Integer, Double> byRound = new TreeMap<>();
            for (JsonNode data : usable) {
                double value = metric.read().applyAsDouble(data);
                if (Double.isFinite(value)) {
                    byRound.put(data.get("repetition").asInt(), value);
                }
            }
            out.put(name, byRound);
        });
        return out;
    }

    /** {@code stack} against {@code against} on one metric, from each one's values per round. */
    static MetricComparison of(
            String metric,
            String stack,
            SortedMap<Integer, Double> rounds,
            String against,
            Map<Integer, Double> againstRounds) {
        List<Double> logRatios = new ArrayList<>();
        rounds.forEach((round, value) -> {
            Double other = againstRounds.get(round);
            if (other != null && value > 0 && other > 0) {
                logRatios.add(Math.log(value / other));
            }
        });
        int n = logRatios.size();
        String words = METRICS.get(metric).words();
        Optional<WilcoxonInterval> interval =
                n < PairedComparison.MIN_ROUNDS ? Optional.empty() : WilcoxonInterval.of(logRatios);
        if (interval.isEmpty()) {
            return new MetricComparison(
                    stack,
                    against,
                    metric,
                    n,
                    null,
                    null,
                    null,
                    null,
                    Comparison.NOT_ENOUGH_DATA,
                    "not enough data for a verdict on the " + words + " of " + stack + " against " + against + ": "
                            + VerdictText.shortOfRounds(n));
        }
        double ratio = Math.exp(interval.get().estimate());
        double low = Math.exp(interval.get().low());
        double high = Math.exp(interval.get().high());
        String verdict = low > 1 ? HIGHER : high < 1 ? LOWER : Comparison.TIED;
        String evidence =
                String.format(Locale.ROOT, "%.2f× (95 %% CI %.2f–%.2f×, %d paired rounds)", ratio, low, high, n);
        String text =
                switch (verdict) {
                    case HIGHER -> "the " + words + " of " + stack + " is higher than " + against + "'s: " + evidence;
                    case LOWER -> "the " + words + " of " + stack + " is lower than " + against + "'s: " + evidence;
                    default -> "the " + words + " of " + stack + " and " + against + " are tied: " + evidence
                            + ", the difference is within the interval";
                };
        return new MetricComparison(
                stack, against, metric, n, ratio, low, high, interval.get().coverage(), verdict, text);
    }
}
