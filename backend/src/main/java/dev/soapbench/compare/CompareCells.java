package dev.soapbench.compare;

import dev.soapbench.results.PercentileCurve;
import dev.soapbench.results.ResultsSummary;
import dev.soapbench.results.ResultsSummary.CellKey;
import dev.soapbench.results.ResultsSummary.StackFigures;
import dev.soapbench.results.RunRatio;
import dev.soapbench.results.StoredMeasurement;
import dev.soapbench.results.Summaries;
import dev.soapbench.runs.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * The runs' figures side by side per cell (ResultsSummary's cells: one security mode × operation ×
 * load × keep-alive × driver) and stack@version: each run's own figures as its run page shows them,
 * and each against the baseline run's same stack ({@link RunRatio}), with latency curves from the
 * merged histograms. A run's figures are computed from the very measurements its curves and
 * ratios use, so the three agree even while a run is still measuring.
 */
final class CompareCells {

    /** A run with what it measured: the stacks it was asked for and its measurements with their histograms. */
    record MeasuredRun(
            UUID id, String slug, List<RunResult.StackResult> stacks, List<StoredMeasurement> measurements) {}

    /** One run's measurements of one cell, by stack@version, with the summary of that cell. */
    private record RunCells(
            MeasuredRun run,
            Map<CellKey, ResultsSummary.Cell> summary,
            Map<CellKey, Map<String, List<StoredMeasurement>>> measurements) {

        Optional<StackFigures> figures(CellKey cell, String stack) {
            return Optional.ofNullable(summary.get(cell)).flatMap(c -> c.stacks().stream()
                    .filter(f -> f.key().equals(stack))
                    .findFirst());
        }

        List<StoredMeasurement> repetitions(CellKey cell, String stack) {
            return measurements.getOrDefault(cell, Map.of()).getOrDefault(stack, List.of());
        }
    }

    private CompareCells() {}

    /** @param baseline the index in {@code runs} of the run every other is compared with */
    static List<ComparePage.Cell> of(List<MeasuredRun> runs, int baseline) {
        List<RunCells> all = runs.stream().map(CompareCells::cellsOf).toList();
        // The baseline's cells and stacks lead; the others' follow in the order of the runs.
        List<RunCells> baselineFirst = new ArrayList<>();
        baselineFirst.add(all.get(baseline));
        for (int i = 0; i < all.size(); i++) {
            if (i != baseline) {
                baselineFirst.add(all.get(i));
            }
        }
        Set<CellKey> keys = new LinkedHashSet<>();
        baselineFirst.forEach(run -> keys.addAll(run.summary().keySet()));
        List<ComparePage.Cell> cells = new ArrayList<>();
        for (CellKey key : keys) {
            Set<String> stacks = new LinkedHashSet<>();
            baselineFirst.forEach(run -> Optional.ofNullable(run.summary().get(key))
                    .ifPresent(cell -> cell.stacks().forEach(f -> stacks.add(f.key()))));
            List<ComparePage.Stack> rows =
                    stacks.stream().map(stack -> row(key, stack, all, baseline)).toList();
            cells.add(new ComparePage.Cell(key, key.label(), rows, curves(key, stacks, all)));
        }
        return List.copyOf(cells);
    }

    private static RunCells cellsOf(MeasuredRun run) {
        Map<CellKey, ResultsSummary.Cell> summary = new LinkedHashMap<>();
        Summaries.summarise(run.measurements()).cells().forEach(cell -> summary.put(cell.key(), cell));
        Map<CellKey, Map<String, List<StoredMeasurement>>> byCell = new LinkedHashMap<>();
        for (StoredMeasurement measurement : run.measurements()) {
            JsonNode data = measurement.data();
            byCell.computeIfAbsent(Summaries.cellKey(data.path("cell")), key -> new LinkedHashMap<>())
                    .computeIfAbsent(stackKey(data), key -> new ArrayList<>())
                    .add(measurement);
        }
        return new RunCells(run, summary, byCell);
    }

    private static ComparePage.Stack row(CellKey cell, String stack, List<RunCells> runs, int baseline) {
        String id = stack.substring(0, stack.lastIndexOf('@'));
        String version = stack.substring(stack.lastIndexOf('@') + 1);
        String displayName = runs.stream()
                .flatMap(run -> run.run().stacks().stream())
                .filter(s -> s.id().equals(id))
                .map(RunResult.StackResult::displayName)
                .filter(Objects::nonNull)
                .findFirst()
                .orElse(id);
        List<ComparePage.Figures> figures = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            figures.add(figures(cell, stack, runs.get(i), i == baseline ? null : runs.get(baseline)));
        }
        return new ComparePage.Stack(stack, id, version, displayName, List.copyOf(figures));
    }

    /** @param baseline null for the baseline run itself */
    private static ComparePage.Figures figures(CellKey cell, String stack, RunCells run, RunCells baseline) {
        UUID runId = run.run().id();
        String slug = run.run().slug();
        Optional<StackFigures> found = run.figures(cell, stack);
        if (found.isEmpty()) {
            return new ComparePage.Figures(
                    runId, slug, false, 0, 0, 0, null, null, null, null, null, notMeasured(run.run(), stack));
        }
        StackFigures f = found.get();
        Optional<String> notComparable = notComparable(f);
        RunRatio ratio = null;
        String reason = notComparable.orElse(null);
        if (baseline != null) {
            Optional<StackFigures> against = againstIn(baseline, cell, f);
            if (against.isEmpty()) {
                reason = "baseline run " + baseline.run().slug() + " has no figures for " + f.stack()
                        + " in this cell, so there is nothing to compare with";
            } else if (notComparable.isPresent()) {
                reason = notComparable.get() + "; not compared with the baseline";
            } else if (notComparable(against.get()).isPresent()) {
                reason = "in baseline run " + baseline.run().slug() + ", "
                        + notComparable(against.get()).get() + "; not compared";
            } else {
                ratio = RunRatio.of(
                        slug,
                        baseline.run().slug(),
                        stack,
                        against.get().key(),
                        usableThroughputs(run.repetitions(cell, stack)),
                        usableThroughputs(
                                baseline.repetitions(cell, against.get().key())));
            }
        }
        return new ComparePage.Figures(
                runId,
                slug,
                true,
                f.repetitions(),
                f.flagged(),
                f.used(),
                f.throughput(),
                f.latencyMs(),
                f.serverCpuSecondsMedian(),
                f.peakRssBytesMax(),
                ratio,
                reason);
    }

    /**
     * The baseline's same stack@version in the cell; else, when the baseline measured one other
     * version of the stack there, that one: "did the upgrade make it faster" is a comparison of runs
     * too, and {@code against} names the version compared with.
     */
    private static Optional<StackFigures> againstIn(RunCells baseline, CellKey cell, StackFigures f) {
        Optional<StackFigures> same = baseline.figures(cell, f.key());
        if (same.isPresent()) {
            return same;
        }
        List<StackFigures> versions = Optional.ofNullable(baseline.summary().get(cell))
                .map(c -> c.stacks().stream()
                        .filter(other -> other.stack().equals(f.stack()))
                        .toList())
                .orElse(List.of());
        return versions.size() == 1 ? Optional.of(versions.get(0)) : Optional.empty();
    }

    /**
     * Why a stack's figures are no evidence to compare, as the run's own summary says: errors may
     * have been fast, and a stack measured only on a disturbed machine is no evidence
     * (docs/statistics.md, "From which samples").
     */
    private static Optional<String> notComparable(StackFigures f) {
        if (f.flags().containsKey("errors") || f.flagged() == f.repetitions()) {
            return Optional.ofNullable(f.reason())
                    .or(() -> Optional.of("every repetition was flagged ("
                            + String.join(", ", f.flags().keySet()) + ")"));
        }
        return Optional.empty();
    }

    private static String notMeasured(MeasuredRun run, String stack) {
        return run.stacks().stream()
                .filter(s -> stack.equals(s.id() + "@" + s.version()))
                .findFirst()
                .map(s -> "done".equals(s.status()) || "measuring".equals(s.status())
                        ? "run " + run.slug() + " has no measurement of " + stack + " in this cell"
                        : "not measured in run " + run.slug() + ": "
                                + s.status().replace('_', ' ') + (s.reason() == null ? "" : " (" + s.reason() + ")"))
                .orElse(stack + " is not among run " + run.slug() + "'s stacks");
    }

    /** Throughputs of the unflagged repetitions, the only ones any figure or verdict rests on. */
    private static List<Double> usableThroughputs(List<StoredMeasurement> repetitions) {
        return repetitions.stream()
                .map(StoredMeasurement::data)
                .filter(data ->
                        data.path("flags").isEmpty() && data.path("throughput").isNumber())
                .map(data -> data.get("throughput").asDouble())
                .filter(throughput -> throughput > 0)
                .toList();
    }

    /** Each run's curve of each stack, from the histograms of the repetitions its figures use. */
    private static List<ComparePage.Curve> curves(CellKey cell, Set<String> stacks, List<RunCells> runs) {
        List<ComparePage.Curve> curves = new ArrayList<>();
        for (RunCells run : runs) {
            for (String stack : stacks) {
                List<StoredMeasurement> repetitions = run.repetitions(cell, stack);
                List<StoredMeasurement> unflagged = repetitions.stream()
                        .filter(m -> m.data().path("flags").isEmpty())
                        .toList();
                List<byte[]> histograms = (unflagged.isEmpty() ? repetitions : unflagged)
                        .stream()
                                .map(StoredMeasurement::histogram)
                                .filter(Objects::nonNull)
                                .toList();
                if (histograms.isEmpty()) {
                    continue;
                }
                PercentileCurve.of(histograms)
                        .ifPresent(curve -> curves.add(new ComparePage.Curve(
                                run.run().id(),
                                run.run().slug(),
                                stack,
                                curve.count(),
                                curve.points(),
                                curve.maxMs())));
            }
        }
        return List.copyOf(curves);
    }

    private static String stackKey(JsonNode data) {
        return data.path("stack").asString() + "@" + data.path("version").asString();
    }
}
