package dev.soapbench.studies;

import dev.soapbench.results.Comparison;
import dev.soapbench.results.MedianInterval;
import dev.soapbench.results.OrderStatistics;
import dev.soapbench.results.ResultsSummary;
import dev.soapbench.runs.CatalogRuns;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The figures a study page draws, from each cell's statistics; plain functions for testing. */
final class StudyFigures {

    /** A cell's run that may still measure. */
    private static final List<String> UNDER_WAY = List.of("queued", "running", "cancelling");

    private StudyFigures() {}

    /** Requests in one pass: the size's sequence, else the requests the method sends per measurement. */
    static Integer sequenceLength(Study.Size size, Study.Method method) {
        if (method.load() != null && method.load().has("requests")) {
            return method.load().get("requests").asInt();
        }
        return size.sequenceLength();
    }

    static StudyRunView.StackFigures pending(String stack, String reason) {
        return new StudyRunView.StackFigures(
                stack, null, "pending", reason, null, null, null, false, null, List.of(), null, null, null, null, null);
    }

    static StudyRunView.StackFigures figures(
            String stack,
            Optional<CatalogRuns.StackState> state,
            Optional<ResultsSummary.StackFigures> measured,
            Integer sequenceLength,
            Costs costs) {
        MedianInterval throughput =
                measured.map(ResultsSummary.StackFigures::throughput).orElse(null);
        StudyRunView.TotalSeconds total = throughput == null || sequenceLength == null || throughput.worst() <= 0
                ? null
                : new StudyRunView.TotalSeconds(
                        sequenceLength / throughput.best(), sequenceLength / throughput.median());
        return new StudyRunView.StackFigures(
                stack,
                state.map(CatalogRuns.StackState::version).orElse(null),
                state.map(CatalogRuns.StackState::status).orElse("pending"),
                measured.map(ResultsSummary.StackFigures::reason)
                        .orElse(state.map(CatalogRuns.StackState::reason).orElse(null)),
                throughput,
                total,
                null,
                measured.map(ResultsSummary.StackFigures::ranked).orElse(false),
                measured.map(ResultsSummary.StackFigures::rank).orElse(null),
                measured.map(ResultsSummary.StackFigures::tiedWith).orElse(List.of()),
                costs.serverCpuSecondsPerRequest(),
                costs.clientCpuSecondsPerRequest(),
                costs.clientCpuCovers(),
                costs.serverPeakRssBytes(),
                costs.clientPeakRssBytes());
    }

    /**
     * What a stack's requests cost the server and, where each stack's own client sent them, the
     * client: CPU seconds per request (median over the repetitions the figures use) and peak RSS
     * (their largest). The repetitions used are those of the run summary's figures: the unflagged
     * ones, or all when every one is flagged.
     *
     * @param clientCpuCovers what the client's CPU figure counts: {@link #MEASURED_REQUESTS} where
     *     every repetition used carries the client's own count over its measured requests, else
     *     {@link #WHOLE_DRIVE}, its start-up and warm-up included (an upper bound); null without one
     */
    record Costs(
            Double serverCpuSecondsPerRequest,
            Double clientCpuSecondsPerRequest,
            String clientCpuCovers,
            Long serverPeakRssBytes,
            Long clientPeakRssBytes) {

        static final String MEASURED_REQUESTS = "measured-requests";
        static final String WHOLE_DRIVE = "whole-drive";
        static final Costs NONE = new Costs(null, null, null, null, null);
    }

    /**
     * @param repetitions the stack's measurements in one cell, as reported
     * @param nativeDriver true when the stack's own client sent the load; the neutral driver is
     *     the worker's, and its CPU is no stack's
     */
    static Costs costs(List<JsonNode> repetitions, boolean nativeDriver) {
        List<JsonNode> unflagged = repetitions.stream()
                .filter(data -> data.path("flags").isEmpty())
                .toList();
        List<JsonNode> used = unflagged.isEmpty() ? repetitions : unflagged;
        Double clientCpu = null;
        String covers = null;
        if (nativeDriver) {
            // One median of one kind: a mix of counts with and without the start-up would be neither.
            boolean timed = !used.isEmpty() && used.stream().allMatch(data -> data.hasNonNull("clientTimedCpuSeconds"));
            clientCpu = perRequest(used, timed ? "clientTimedCpuSeconds" : "driverCpuSeconds");
            covers = clientCpu == null ? null : timed ? Costs.MEASURED_REQUESTS : Costs.WHOLE_DRIVE;
        }
        return new Costs(
                perRequest(used, "serverCpuSeconds"),
                clientCpu,
                covers,
                largest(used, "peakRssBytes"),
                nativeDriver ? largest(used, "driverPeakRssBytes") : null);
    }

    private static Double perRequest(List<JsonNode> used, String field) {
        List<Double> values = used.stream()
                .filter(data -> data.hasNonNull(field) && data.path("requests").asDouble(0) > 0)
                .map(data -> data.get(field).asDouble() / data.get("requests").asDouble())
                .toList();
        return values.isEmpty() ? null : OrderStatistics.median(values);
    }

    private static Long largest(List<JsonNode> used, String field) {
        return used.stream()
                .filter(data -> data.hasNonNull(field))
                .map(data -> data.get(field).asLong())
                .max(Long::compare)
                .orElse(null);
    }

    /** Speed relative to the baseline stack in the same cell; left out where either is unmeasured. */
    static List<StudyRunView.StackFigures> normalise(List<StudyRunView.StackFigures> stacks, String baseline) {
        Optional<MedianInterval> base = stacks.stream()
                .filter(s -> Study.stackId(s.stack()).equals(baseline) && s.throughput() != null)
                .map(StudyRunView.StackFigures::throughput)
                .findFirst();
        if (base.isEmpty() || base.get().median() <= 0 || base.get().best() <= 0) {
            return stacks;
        }
        List<StudyRunView.StackFigures> result = new ArrayList<>();
        for (StudyRunView.StackFigures s : stacks) {
            StudyRunView.Normalised normalised = s.throughput() == null
                    ? null
                    : new StudyRunView.Normalised(
                            s.throughput().median() / base.get().median(),
                            s.throughput().best() / base.get().best());
            result.add(new StudyRunView.StackFigures(
                    s.stack(),
                    s.version(),
                    s.status(),
                    s.reason(),
                    s.throughput(),
                    s.totalSeconds(),
                    normalised,
                    s.ranked(),
                    s.rank(),
                    s.tiedWith(),
                    s.serverCpuSecondsPerRequest(),
                    s.clientCpuSecondsPerRequest(),
                    s.clientCpuCovers(),
                    s.serverPeakRssBytes(),
                    s.clientPeakRssBytes()));
        }
        return result;
    }

    /** Our paired comparison of two stacks in a cell of the study run; empty when they cannot be paired there. */
    @FunctionalInterface
    interface Pairs {
        Optional<Comparison> of(StudyRunView.Cell cell, String stack, String baseline);
    }

    /**
     * Each published ratio beside ours: our median-throughput ratio per matching cell, and their
     * geometric mean when the article spoke of several cells at once; and the claim's verdict from
     * our paired interval in each matching cell ({@link ClaimVerdicts}).
     */
    static List<StudyRunView.Comparison> compare(Study study, List<StudyRunView.Cell> cells, Pairs pairs) {
        List<StudyRunView.Comparison> comparisons = new ArrayList<>();
        for (Study.PublishedRatio published : study.published()) {
            List<StudyRunView.Cell> matching =
                    cells.stream().filter(cell -> applies(published, cell)).toList();
            List<String> used = new ArrayList<>();
            double logSum = 0;
            for (StudyRunView.Cell cell : matching) {
                Optional<Double> ratio = ratio(cell, published.stack(), published.baseline());
                if (ratio.isPresent()) {
                    used.add(cell.id());
                    logSum += Math.log(ratio.get());
                }
            }
            String status;
            if (!used.isEmpty()) {
                status = "measured";
            } else if (matching.stream()
                    .allMatch(cell -> cell.status().equals("pending")
                            || cell.status().equals("queued")
                            || cell.status().equals("running"))) {
                status = "pending";
            } else {
                status = "missing";
            }
            ClaimVerdicts.ClaimRange claim = ClaimVerdicts.ClaimRange.of(published);
            List<StudyRunView.CellVerdict> cellVerdicts = new ArrayList<>();
            List<ClaimVerdicts.CellVerdict> verdicts = new ArrayList<>();
            for (StudyRunView.Cell cell : matching) {
                StudyRunView.CellVerdict cellVerdict = cellVerdict(claim, published, cell, pairs);
                cellVerdicts.add(cellVerdict);
                verdicts.add(new ClaimVerdicts.CellVerdict(
                        cell.id(),
                        new ClaimVerdicts.Verdict(
                                cellVerdict.verdict(), cellVerdict.reason(), cellVerdict.notEnoughData())));
            }
            ClaimVerdicts.Verdict verdict = ClaimVerdicts.combine(verdicts);
            StudyRunView.Interval interval =
                    cellVerdicts.size() == 1 && cellVerdicts.get(0).ratio() != null
                            ? new StudyRunView.Interval(
                                    cellVerdicts.get(0).ratio(),
                                    cellVerdicts.get(0).low(),
                                    cellVerdicts.get(0).high(),
                                    cellVerdicts.get(0).rounds(),
                                    cellVerdicts.get(0).coverage())
                            : null;
            comparisons.add(new StudyRunView.Comparison(
                    published,
                    used.isEmpty() ? null : Math.exp(logSum / used.size()),
                    used,
                    status,
                    new StudyRunView.Claim(claim.low(), claim.high(), claim.widened(), claim.describe()),
                    interval,
                    List.copyOf(cellVerdicts),
                    verdict.verdict(),
                    verdict.reason(),
                    verdict.notEnoughData(),
                    List.of()));
        }
        return comparisons;
    }

    /**
     * The claim's verdict in one cell: judged on our paired interval when the cell has enough
     * rounds of both stacks, else not measurable, saying why (the cell or a stack is pending,
     * too few paired rounds, a stack failed or cannot be compared).
     */
    static StudyRunView.CellVerdict cellVerdict(
            ClaimVerdicts.ClaimRange claim, Study.PublishedRatio published, StudyRunView.Cell cell, Pairs pairs) {
        String stack = published.stack();
        String baseline = published.baseline();
        if (cell.status().equals("pending")) {
            return cellVerdict(
                    cell,
                    null,
                    ClaimVerdicts.Verdict.notMeasurable(
                            cell.reason() == null ? "the cell is pending" : "the cell is pending: " + cell.reason()));
        }
        Optional<StudyRunView.StackFigures> ours = stack(cell, stack);
        Optional<StudyRunView.StackFigures> theirs = stack(cell, baseline);
        for (String id : List.of(stack, baseline)) {
            Optional<StudyRunView.StackFigures> figures = id.equals(stack) ? ours : theirs;
            if (figures.isEmpty()) {
                return cellVerdict(
                        cell, null, ClaimVerdicts.Verdict.notMeasurable(id + " is not a stack of this cell"));
            }
            if (figures.get().status().equals("pending")
                    && figures.get().reason() != null
                    && figures.get().throughput() == null) {
                return cellVerdict(
                        cell,
                        null,
                        ClaimVerdicts.Verdict.notMeasurable(
                                id + " is pending: " + figures.get().reason()));
            }
        }
        boolean underWay = UNDER_WAY.contains(cell.status());
        String stillRunning = underWay ? "the cell's run is still " + cell.status() : null;
        Optional<Comparison> pair = pairs.of(cell, stack, baseline);
        if (pair.isPresent()) {
            Comparison comparison = pair.get();
            if (!comparison.enoughData()) {
                return cellVerdict(
                        cell, comparison, ClaimVerdicts.Verdict.notEnoughData(comparison.rounds(), stillRunning));
            }
            return cellVerdict(
                    cell, comparison, ClaimVerdicts.judge(claim, stack, baseline, comparison.low(), comparison.high()));
        }
        if (underWay) {
            return cellVerdict(cell, null, ClaimVerdicts.Verdict.notEnoughData(0, stillRunning));
        }
        for (String id : List.of(stack, baseline)) {
            StudyRunView.StackFigures figures = (id.equals(stack) ? ours : theirs).orElseThrow();
            String status = figures.status().replace('_', ' ');
            String why = figures.reason() == null ? "" : ": " + figures.reason();
            if (figures.throughput() == null) {
                return cellVerdict(
                        cell,
                        null,
                        ClaimVerdicts.Verdict.notMeasurable(
                                id + " has no measurements in this cell (" + status + why + ")"));
            }
            if (figures.reason() != null) {
                return cellVerdict(
                        cell, null, ClaimVerdicts.Verdict.notMeasurable(id + " cannot be compared here" + why));
            }
        }
        return cellVerdict(
                cell,
                null,
                ClaimVerdicts.Verdict.notMeasurable(
                        "the cell's run has no measurements pairing " + stack + " with " + baseline));
    }

    private static StudyRunView.CellVerdict cellVerdict(
            StudyRunView.Cell cell, Comparison comparison, ClaimVerdicts.Verdict verdict) {
        return new StudyRunView.CellVerdict(
                cell.id(),
                cell.size(),
                cell.security(),
                cell.concurrency(),
                cell.method(),
                comparison == null ? null : comparison.ratio(),
                comparison == null ? null : comparison.low(),
                comparison == null ? null : comparison.high(),
                comparison == null ? null : comparison.rounds(),
                comparison == null ? null : comparison.coverage(),
                verdict.verdict(),
                verdict.reason(),
                verdict.notEnoughData());
    }

    private static Optional<StudyRunView.StackFigures> stack(StudyRunView.Cell cell, String stack) {
        return cell.stacks().stream()
                .filter(s -> Study.stackId(s.stack()).equals(stack))
                .findFirst();
    }

    private static boolean applies(Study.PublishedRatio published, StudyRunView.Cell cell) {
        return (published.size() == null || published.size().equals(cell.size()))
                && (published.security() == null || published.security().equals(cell.security()))
                && (published.method() == null || published.method().equals(cell.method()));
    }

    private static Optional<Double> ratio(StudyRunView.Cell cell, String stack, String baseline) {
        Optional<MedianInterval> ours = throughput(cell, stack);
        Optional<MedianInterval> base = throughput(cell, baseline);
        if (ours.isEmpty()
                || base.isEmpty()
                || base.get().median() <= 0
                || ours.get().median() <= 0) {
            return Optional.empty();
        }
        return Optional.of(ours.get().median() / base.get().median());
    }

    private static Optional<MedianInterval> throughput(StudyRunView.Cell cell, String stack) {
        return cell.stacks().stream()
                .filter(s -> Study.stackId(s.stack()).equals(stack) && s.throughput() != null)
                .map(StudyRunView.StackFigures::throughput)
                .findFirst();
    }
}
