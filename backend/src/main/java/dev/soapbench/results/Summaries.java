package dev.soapbench.results;

import dev.soapbench.results.ResultsSummary.Capacity;
import dev.soapbench.results.ResultsSummary.Cell;
import dev.soapbench.results.ResultsSummary.CellKey;
import dev.soapbench.results.ResultsSummary.StackFigures;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * Turns measurements into per-cell statistics. Flagged repetitions are counted and left out of
 * the figures; a stack with any repetition flagged {@code errors}, or with nothing unflagged, is
 * shown but not ranked. Absolute figures come from all usable repetitions of a stack; verdicts
 * between stacks pair them round by round ({@link PairedComparison}).
 */
public final class Summaries {

    private Summaries() {}

    /** With the fastest stack of each cell as its reference. */
    public static ResultsSummary summarise(List<StoredMeasurement> measurements) {
        return summarise(measurements, null);
    }

    /**
     * @param reference the workload's {@code reference}, a stack id or {@code id@version}; null to
     *     compare every stack with the fastest
     */
    public static ResultsSummary summarise(List<StoredMeasurement> measurements, String reference) {
        Map<CellKey, Map<String, List<StoredMeasurement>>> byCell = new LinkedHashMap<>();
        for (StoredMeasurement measurement : measurements) {
            JsonNode data = measurement.data();
            String stack =
                    data.path("stack").asString() + "@" + data.path("version").asString();
            byCell.computeIfAbsent(cellKey(data.path("cell")), key -> new LinkedHashMap<>())
                    .computeIfAbsent(stack, key -> new ArrayList<>())
                    .add(measurement);
        }
        List<Cell> cells = new ArrayList<>();
        byCell.forEach((key, stacks) -> cells.add(cell(key, stacks, reference)));
        return new ResultsSummary(
                ResultsSummary.METHOD,
                OrderStatistics.CONFIDENCE,
                ResultsSummary.COMPARISON_METHOD,
                PairedComparison.MIN_ROUNDS,
                cells);
    }

    /**
     * {@code stack} against {@code against} in one cell of a run, paired by round exactly as the
     * cell's own verdicts pair a stack with its reference ({@link PairedComparison}: flagged
     * repetitions left out, rounds only one of them has left out), for any two stacks of the cell,
     * whichever the cell's reference is. Empty when either stack has no measurement in the cell or
     * cannot be compared there, as a cell's verdicts leave it out: a repetition flagged
     * {@code errors}, or none unflagged (its {@link StackFigures#reason()} says which).
     *
     * @param stack {@code stack@version}
     * @param against {@code stack@version}
     */
    public static Optional<Comparison> pairedComparison(
            List<StoredMeasurement> measurements, CellKey cell, String stack, String against) {
        Map<String, List<StoredMeasurement>> byStack = new HashMap<>();
        for (StoredMeasurement measurement : measurements) {
            JsonNode data = measurement.data();
            if (cellKey(data.path("cell")).equals(cell)) {
                byStack.computeIfAbsent(
                                data.path("stack").asString() + "@"
                                        + data.path("version").asString(),
                                key -> new ArrayList<>())
                        .add(measurement);
            }
        }
        List<StoredMeasurement> ours = byStack.get(stack);
        List<StoredMeasurement> theirs = byStack.get(against);
        if (ours == null
                || theirs == null
                || !figures(ours).ranked()
                || !figures(theirs).ranked()) {
            return Optional.empty();
        }
        return Optional.of(PairedComparison.of(stack, usableRounds(ours), against, usableRounds(theirs)));
    }

    public static CellKey cellKey(JsonNode cell) {
        return new CellKey(
                cell.path("security").asString("plain"),
                cell.hasNonNull("operation") ? cell.get("operation").asString() : null,
                cell.path("model").asString("closed"),
                cell.path("connections").asInt(),
                cell.path("requests").asLong(0),
                cell.hasNonNull("ratePerSecond") ? cell.get("ratePerSecond").asDouble() : null,
                cell.hasNonNull("durationSeconds") ? cell.get("durationSeconds").asDouble() : null,
                cell.path("keepAlive").asBoolean(true),
                cell.path("driver").asString("neutral"));
    }

    private static Cell cell(CellKey key, Map<String, List<StoredMeasurement>> stacks, String reference) {
        List<StackFigures> figures = new ArrayList<>();
        Map<String, SortedMap<Integer, Double>> rounds = new HashMap<>();
        Map<String, Map<String, SortedMap<Integer, Double>>> metricRounds = new HashMap<>();
        stacks.forEach((stack, repetitions) -> {
            figures.add(figures(repetitions));
            rounds.put(stack, usableRounds(repetitions));
            metricRounds.put(stack, MetricComparison.rounds(usable(repetitions)));
        });
        CellVerdicts verdicts =
                CellVerdicts.of(figures.stream().filter(StackFigures::ranked).toList(), rounds, reference);
        List<StackFigures> result = new ArrayList<>(figures.stream()
                .map(f -> f.ranked() ? withVerdict(f, verdicts) : f)
                .toList());
        result.sort(Comparator.comparingInt((StackFigures f) -> group(f, verdicts))
                .thenComparingInt(f -> f.ranked() ? verdicts.order().indexOf(f.key()) : 0)
                .thenComparing(f -> f.throughput().median(), Comparator.reverseOrder()));
        return new Cell(
                key,
                key.label(),
                verdicts.reference().map(Reference::key).orElse(null),
                verdicts.reference().map(Reference::chosenBy).orElse(null),
                verdicts.enoughData(),
                verdicts.notEnoughData(),
                verdicts.order().stream()
                        .map(verdicts.comparisons()::get)
                        .filter(Objects::nonNull)
                        .toList(),
                metricComparisons(verdicts, metricRounds),
                verdicts.drift().orElse(null),
                result);
    }

    /** Ranked stacks first, then those waiting for more rounds, then those that cannot be ranked. */
    private static int group(StackFigures figures, CellVerdicts verdicts) {
        if (figures.ranked()) {
            return 0;
        }
        return verdicts.order().contains(figures.key()) ? 1 : 2;
    }

    /** Every compared stack's costs against the reference, metric by metric, in the comparisons' order. */
    private static List<MetricComparison> metricComparisons(
            CellVerdicts verdicts, Map<String, Map<String, SortedMap<Integer, Double>>> metricRounds) {
        if (verdicts.reference().isEmpty()) {
            return List.of();
        }
        String ref = verdicts.reference().get().key();
        List<MetricComparison> out = new ArrayList<>();
        for (String stack : verdicts.order()) {
            if (!verdicts.comparisons().containsKey(stack)) {
                continue;
            }
            MetricComparison.METRICS
                    .keySet()
                    .forEach(metric -> out.add(MetricComparison.of(
                            metric,
                            stack,
                            metricRounds.getOrDefault(stack, Map.of()).getOrDefault(metric, new TreeMap<>()),
                            ref,
                            metricRounds.getOrDefault(ref, Map.of()).getOrDefault(metric, new TreeMap<>()))));
        }
        return List.copyOf(out);
    }

    /** The unflagged repetitions that say which round they belong to; a round measured twice keeps the later. */
    private static List<JsonNode> usable(List<StoredMeasurement> repetitions) {
        Map<Integer, JsonNode> byRound = new TreeMap<>();
        for (StoredMeasurement repetition : repetitions) {
            JsonNode data = repetition.data();
            if (data.path("flags").isEmpty() && data.hasNonNull("repetition")) {
                byRound.put(data.get("repetition").asInt(), data);
            }
        }
        return List.copyOf(byRound.values());
    }

    /** The throughput of each unflagged repetition by its round; a round measured twice keeps the later. */
    private static SortedMap<Integer, Double> usableRounds(List<StoredMeasurement> repetitions) {
        SortedMap<Integer, Double> rounds = new TreeMap<>();
        for (StoredMeasurement repetition : repetitions) {
            JsonNode data = repetition.data();
            if (data.path("flags").isEmpty() && data.hasNonNull("repetition") && data.hasNonNull("throughput")) {
                rounds.put(
                        data.get("repetition").asInt(), data.get("throughput").asDouble());
            }
        }
        return rounds;
    }

    private static StackFigures figures(List<StoredMeasurement> repetitions) {
        JsonNode first = repetitions.get(0).data();
        Map<String, Integer> flagCounts = new TreeMap<>();
        List<StoredMeasurement> unflagged = new ArrayList<>();
        for (StoredMeasurement repetition : repetitions) {
            JsonNode flags = repetition.data().path("flags");
            flags.forEach(flag -> flagCounts.merge(flag.asString(), 1, Integer::sum));
            if (flags.isEmpty()) {
                unflagged.add(repetition);
            }
        }
        int flagged = repetitions.size() - unflagged.size();
        List<StoredMeasurement> used = unflagged.isEmpty() ? repetitions : unflagged;
        String reason = null;
        if (flagCounts.containsKey("errors")) {
            reason = flagCounts.get("errors") + " of " + repetitions.size()
                    + " repetitions had a larger share of errors than the workload's maxErrorRatio";
        } else if (unflagged.isEmpty()) {
            reason = "every repetition was disturbed (" + String.join(", ", flagCounts.keySet())
                    + ") even after retries; figures come from the disturbed repetitions";
        }
        List<Double> throughputs = doubles(used, "throughput");
        List<Double> cpu = doubles(used, "serverCpuSeconds");
        List<Double> capacityRates = used.stream()
                .filter(m -> m.data().path("capacity").hasNonNull("rate"))
                .map(m -> m.data().path("capacity").get("rate").asDouble())
                .toList();
        Long peakRss = used.stream()
                .filter(m -> m.data().hasNonNull("peakRssBytes"))
                .map(m -> m.data().get("peakRssBytes").asLong())
                .max(Long::compare)
                .orElse(null);
        Long requests = used.stream().anyMatch(m -> m.data().hasNonNull("requests"))
                ? used.stream()
                        .mapToLong(m -> m.data().path("requests").asLong(0))
                        .sum()
                : null;
        List<byte[]> histograms =
                used.stream().map(StoredMeasurement::histogram).toList();
        return new StackFigures(
                first.path("stack").asString(),
                first.path("version").asString(),
                repetitions.size(),
                flagged,
                flagCounts,
                used.size(),
                OrderStatistics.medianInterval(throughputs),
                OrderStatistics.coefficientOfVariation(throughputs),
                Latencies.merged(histograms).orElse(null),
                PercentileCurve.of(histograms).orElse(null),
                cpu.isEmpty() ? null : OrderStatistics.median(cpu),
                peakRss,
                capacityRates.isEmpty() ? null : new Capacity(OrderStatistics.median(capacityRates), capacityRates),
                requests,
                null,
                null,
                reason == null,
                null,
                List.of(),
                reason);
    }

    /** A rankable stack with its verdict; without enough data in the cell it is not ranked, and says why. */
    private static StackFigures withVerdict(StackFigures f, CellVerdicts verdicts) {
        Bands.Place place = verdicts.places().get(f.key());
        return new StackFigures(
                f.stack(),
                f.version(),
                f.repetitions(),
                f.flagged(),
                f.flags(),
                f.used(),
                f.throughput(),
                f.coefficientOfVariation(),
                f.latencyMs(),
                f.latencyCurve(),
                f.serverCpuSecondsMedian(),
                f.peakRssBytesMax(),
                f.capacity(),
                f.requests(),
                verdicts.comparisons().get(f.key()),
                verdicts.percentOfBest().get(f.key()),
                place != null,
                place == null ? null : place.band(),
                place == null ? List.of() : place.tiedWith(),
                place == null ? verdicts.notEnoughData() : null);
    }

    private static List<Double> doubles(List<StoredMeasurement> measurements, String field) {
        return measurements.stream()
                .filter(m -> m.data().hasNonNull(field))
                .map(m -> m.data().get(field).asDouble())
                .toList();
    }
}
