package dev.soapbench.leaderboards;

import dev.soapbench.common.Machines;
import dev.soapbench.results.MedianInterval;
import dev.soapbench.results.OrderStatistics;
import dev.soapbench.results.ResultsSummary;
import dev.soapbench.results.Summaries;
import dev.soapbench.runs.RunResult;
import dev.soapbench.stacks.StackVersions;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * A board's standing and history points from its official runs: pure functions of a run's results,
 * so the figures on a board are exactly those of the run it links to.
 */
final class BoardStandings {

    private BoardStandings() {}

    /** The board's cell of the run: its security mode, over all operations when the run has such a cell. */
    static Optional<ResultsSummary.Cell> cell(Board board, RunResult run) {
        if (run.summary() == null) {
            return Optional.empty();
        }
        List<ResultsSummary.Cell> mine = run.summary().cells().stream()
                .filter(cell -> board.security().equals(cell.key().security()))
                .toList();
        return mine.stream()
                .filter(cell -> cell.key().operation() == null)
                .findFirst()
                .or(() -> mine.stream().findFirst());
    }

    static Optional<BoardPage.Standing> standing(Board board, RunResult run) {
        return cell(board, run).map(cell -> {
            boolean enoughData = banded(cell);
            long ranked = cell.stacks().stream()
                    .filter(ResultsSummary.StackFigures::ranked)
                    .count();
            String notEnoughData = enoughData
                    ? null
                    : ranked < 2 && cell.enoughData()
                            ? "one stack measured, nothing to compare it with"
                            : cell.notEnoughData();
            List<BoardPage.Entry> entries = new ArrayList<>();
            Set<String> shown = new HashSet<>();
            for (ResultsSummary.StackFigures figures : cell.stacks()) {
                shown.add(figures.key());
                if (defaultConfiguration(figures.version())) {
                    entries.add(entry(run, cell, figures, enoughData));
                }
            }
            for (RunResult.StackResult stack : run.stacks()) {
                if (defaultConfiguration(stack.version()) && !shown.contains(stack.id() + "@" + stack.version())) {
                    entries.add(notMeasured(stack));
                }
            }
            String machine = machine(run.fingerprint());
            String where = "official run " + run.slug() + ", every stack measured interleaved on "
                    + (run.workerId() == null ? "one worker" : "worker " + run.workerId()) + " (" + machine + ")"
                    + (run.finishedAt() == null
                            ? ""
                            : ", finished " + DateTimeFormatter.ISO_LOCAL_DATE.format(run.finishedAt()));
            String basis = enoughData
                    ? "Bands from the paired verdicts of " + where + "."
                    : "Figures of " + where + "; no bands: " + notEnoughData + ".";
            return new BoardPage.Standing(
                    run.id(),
                    run.slug(),
                    run.finishedAt(),
                    run.workerId(),
                    run.fingerprint(),
                    machine,
                    cell.label(),
                    cell.reference(),
                    enoughData,
                    notEnoughData,
                    cell.drift(),
                    basis,
                    List.copyOf(entries));
        });
    }

    /** A verdict needs two stacks: a lone stack is measured, not ranked. */
    static boolean banded(ResultsSummary.Cell cell) {
        return cell.enoughData()
                && cell.stacks().stream()
                                .filter(ResultsSummary.StackFigures::ranked)
                                .count()
                        >= 2;
    }

    private static BoardPage.Entry entry(
            RunResult run, ResultsSummary.Cell cell, ResultsSummary.StackFigures f, boolean banded) {
        List<JsonNode> repetitions = usedRepetitions(run, cell, f);
        List<Double> p99s = values(repetitions, rep -> rep.path("latencyMs").path("p99"));
        List<Double> cpuPer1000 = new ArrayList<>();
        for (JsonNode rep : repetitions) {
            double requests = rep.path("requests").asDouble(0);
            if (requests > 0 && rep.hasNonNull("serverCpuSeconds")) {
                cpuPer1000.add(1000 * rep.get("serverCpuSeconds").asDouble() / requests);
            }
        }
        return new BoardPage.Entry(
                banded && f.ranked() ? f.rank() : null,
                banded && f.tiedWith() != null ? f.tiedWith() : List.of(),
                f.stack(),
                displayName(run, f.stack()),
                f.version(),
                "done",
                banded && f.ranked(),
                f.throughput(),
                p99s.isEmpty() ? null : OrderStatistics.medianInterval(p99s),
                f.comparison(),
                f.percentOfBest(),
                cpuPer1000.isEmpty() ? null : OrderStatistics.median(cpuPer1000),
                f.peakRssBytesMax(),
                f.repetitions(),
                f.used(),
                f.requests(),
                f.reason());
    }

    private static BoardPage.Entry notMeasured(RunResult.StackResult stack) {
        return new BoardPage.Entry(
                null,
                List.of(),
                stack.id(),
                stack.displayName(),
                stack.version(),
                stack.status(),
                false,
                null,
                null,
                null,
                null,
                null,
                null,
                0,
                0,
                null,
                "not measured: " + stack.status().replace('_', ' ')
                        + (stack.reason() == null ? "" : " (" + stack.reason() + ")"));
    }

    /** The measurements behind a stack's figures: its unflagged repetitions in the cell, or all when every one is flagged. */
    private static List<JsonNode> usedRepetitions(
            RunResult run, ResultsSummary.Cell cell, ResultsSummary.StackFigures f) {
        List<JsonNode> all = run.measurements().stream()
                .filter(m -> f.stack().equals(m.path("stack").asString())
                        && f.version().equals(m.path("version").asString())
                        && m.has("cell")
                        && cell.key().equals(Summaries.cellKey(m.get("cell"))))
                .toList();
        List<JsonNode> unflagged =
                all.stream().filter(m -> m.path("flags").isEmpty()).toList();
        return unflagged.isEmpty() ? all : unflagged;
    }

    private static List<Double> values(
            List<JsonNode> repetitions, java.util.function.Function<JsonNode, JsonNode> field) {
        List<Double> values = new ArrayList<>();
        for (JsonNode rep : repetitions) {
            JsonNode value = field.apply(rep);
            if (value.isNumber()) {
                values.add(value.asDouble());
            }
        }
        return values;
    }

    /** Each measured stack's median throughput with its interval, and its band, in the board's cell. */
    static List<BoardPage.HistoryValue> values(Board board, RunResult run) {
        return cell(board, run)
                .map(cell -> cell.stacks().stream()
                        .filter(f -> f.throughput() != null && defaultConfiguration(f.version()))
                        .map(f -> {
                            MedianInterval t = f.throughput();
                            return new BoardPage.HistoryValue(
                                    f.stack(),
                                    displayName(run, f.stack()),
                                    f.version(),
                                    t.median(),
                                    t.low(),
                                    t.high(),
                                    banded(cell) && f.ranked() ? f.rank() : null);
                        })
                        .toList())
                .orElse(List.of());
    }

    private static String displayName(RunResult run, String stackId) {
        return run.stacks().stream()
                .filter(s -> s.id().equals(stackId))
                .map(RunResult.StackResult::displayName)
                .findFirst()
                .orElse(stackId);
    }

    /**
     * A board ranks each stack as shipped: a variant's figures (a user's run of {@code
     * cxf+parallel-gc} shown as unverified, say) never stand in a board's entry or beside it.
     */
    static boolean defaultConfiguration(String version) {
        return StackVersions.variant(version).isEmpty();
    }

    /** The machine in a few words: what a history segment is measured on. */
    static String machine(JsonNode fingerprint) {
        String described = Machines.describe(fingerprint);
        return described == null ? "machine unknown" : described;
    }
}
