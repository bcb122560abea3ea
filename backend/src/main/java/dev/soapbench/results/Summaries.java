package dev.soapbench.results;

import dev.soapbench.results.ResultsSummary.Capacity;
import dev.soapbench.results.ResultsSummary.Cell;
import dev.soapbench.results.ResultsSummary.CellKey;
import dev.soapbench.results.ResultsSummary.StackFigures;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * Turns measurements into per-cell statistics. Flagged repetitions are counted and left out of
 * the figures; a stack with any repetition flagged {@code errors}, or with nothing unflagged, is
 * shown but not ranked.
 */
public final class Summaries {

    private Summaries() {}

    public static ResultsSummary summarise(List<StoredMeasurement> measurements) {
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
        byCell.forEach((key, stacks) -> cells.add(cell(key, stacks)));
        return new ResultsSummary(ResultsSummary.METHOD, OrderStatistics.CONFIDENCE, cells);
    }

    static CellKey cellKey(JsonNode cell) {
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

    private static Cell cell(CellKey key, Map<String, List<StoredMeasurement>> stacks) {
        List<StackFigures> unranked = new ArrayList<>();
        stacks.values().forEach(repetitions -> unranked.add(figures(repetitions)));
        List<Ranking.Entry> candidates = unranked.stream()
                .filter(StackFigures::ranked)
                .map(figures -> new Ranking.Entry(figures.key(), figures.throughput()))
                .toList();
        Map<String, Ranking.Place> places = Ranking.rank(candidates);
        List<StackFigures> result = new ArrayList<>(unranked.stream()
                .map(figures -> {
                    Ranking.Place place = places.get(figures.key());
                    return place == null ? figures : withPlace(figures, place);
                })
                .toList());
        result.sort(Comparator.comparing((StackFigures figures) -> !figures.ranked())
                .thenComparing(figures -> figures.rank() == null ? Integer.MAX_VALUE : figures.rank())
                .thenComparing(figures -> figures.throughput().median(), Comparator.reverseOrder()));
        return new Cell(key, key.label(), result);
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
        return new StackFigures(
                first.path("stack").asString(),
                first.path("version").asString(),
                repetitions.size(),
                flagged,
                flagCounts,
                used.size(),
                OrderStatistics.medianInterval(throughputs),
                OrderStatistics.coefficientOfVariation(throughputs),
                Latencies.merged(used.stream().map(StoredMeasurement::histogram).toList())
                        .orElse(null),
                cpu.isEmpty() ? null : OrderStatistics.median(cpu),
                peakRss,
                capacityRates.isEmpty() ? null : new Capacity(OrderStatistics.median(capacityRates), capacityRates),
                reason == null,
                null,
                List.of(),
                reason);
    }

    private static StackFigures withPlace(StackFigures f, Ranking.Place place) {
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
                f.serverCpuSecondsMedian(),
                f.peakRssBytesMax(),
                f.capacity(),
                true,
                place.rank(),
                place.tiedWith(),
                null);
    }

    private static List<Double> doubles(List<StoredMeasurement> measurements, String field) {
        return measurements.stream()
                .filter(m -> m.data().hasNonNull(field))
                .map(m -> m.data().get(field).asDouble())
                .toList();
    }
}
