package dev.soapbench.studies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.soapbench.results.Comparison;
import dev.soapbench.results.ResultsSummary;
import dev.soapbench.results.StoredMeasurement;
import dev.soapbench.results.Summaries;
import dev.soapbench.testing.TestHistograms;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Claim verdicts from measurements, paired as a run's summary pairs them. */
class StudyClaimsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    // Per-round noise, the same for every test: enough spread for an interval, none for a flip.
    private static final double[] NOISE = {1.00, 1.03, 0.98, 1.01, 0.97, 1.02, 0.99, 1.00};

    @Test
    void twoStacksArePairedExactlyAsTheRunSummaryPairsAStackWithItsReference() {
        List<StoredMeasurement> measurements = new ArrayList<>();
        measurements.addAll(rounds("cxf", "plain", 1000, 1.0, 8));
        measurements.addAll(rounds("metro", "plain", 1000, 1.3, 8));
        measurements.addAll(rounds("axis2", "plain", 1000, 0.45, 8));
        ResultsSummary.Cell cell =
                Summaries.summarise(measurements, "cxf").cells().get(0);
        Comparison summarised = cell.comparisons().stream()
                .filter(c -> c.stack().equals("metro@1.0"))
                .findFirst()
                .orElseThrow();

        Optional<Comparison> paired = Summaries.pairedComparison(measurements, cell.key(), "metro@1.0", "cxf@1.0");

        assertThat(paired).contains(summarised);
        assertThat(paired.get().rounds()).isEqualTo(8);
        // Any two stacks, not only against the reference.
        Comparison axis2OverMetro = Summaries.pairedComparison(measurements, cell.key(), "axis2@1.0", "metro@1.0")
                .orElseThrow();
        assertThat(axis2OverMetro.ratio()).isCloseTo(0.45 / 1.3, within(0.02));
        assertThat(Summaries.pairedComparison(measurements, cell.key(), "gsoap@1.0", "cxf@1.0"))
                .isEmpty();
    }

    @Test
    void aStackThatCannotBeRankedCannotBePaired() {
        List<StoredMeasurement> measurements = new ArrayList<>(rounds("cxf", "plain", 1000, 1.0, 6));
        measurements.addAll(rounds("metro", "plain", 1000, 1.0, 5));
        measurements.add(measurement("metro", "plain", 6, 900, List.of("errors"), true));
        ResultsSummary.CellKey key =
                Summaries.summarise(measurements).cells().get(0).key();

        assertThat(Summaries.pairedComparison(measurements, key, "metro@1.0", "cxf@1.0"))
                .isEmpty();
    }

    @Test
    void eachClaimGetsItsPairedIntervalAndAVerdictPerCell() {
        Study study = study(
                claim(null, "metro", "cxf", 1.25, null, null),
                claim("plain", "axis2", "cxf", null, null, 0.5),
                claim("username", "axis2", "cxf", null, null, 0.5),
                claim("plain", "metro", "gsoap", 1.0, null, null),
                claim("plain", "cxf", "metro", 1.25, null, null));
        Map<String, List<StoredMeasurement>> runs = new HashMap<>();
        List<StoredMeasurement> plain = new ArrayList<>();
        plain.addAll(rounds("cxf", "plain", 1000, 1.0, 8));
        plain.addAll(rounds("metro", "plain", 1000, 1.3, 8));
        plain.addAll(rounds("axis2", "plain", 1000, 0.45, 8));
        runs.put("small/plain/c1/article", plain);
        List<StoredMeasurement> username = new ArrayList<>();
        username.addAll(rounds("cxf", "username", 800, 1.0, 8));
        username.addAll(rounds("metro", "username", 800, 1.0, 8));
        username.addAll(rounds("axis2", "username", 800, 0.45, 3));
        runs.put("small/username/c1/article", username);
        List<StudyRunView.Cell> cells = List.of(
                measuredCell("small/plain/c1/article", "plain", "completed", plain),
                measuredCell("small/username/c1/article", "username", "running", username),
                pendingCell("small/sign/c1/article", "sign"));

        List<StudyRunView.Comparison> comparisons =
                StudyFigures.compare(study, cells, (cell, stack, baseline) -> pair(runs, cell, stack, baseline));

        // Every security mode: reproduced in plain, tied in username, pending in sign.
        StudyRunView.Comparison everyMode = comparisons.get(0);
        assertThat(everyMode.cellVerdicts())
                .extracting(StudyRunView.CellVerdict::verdict)
                .containsExactly("reproduced", "not-reproduced", "not-measurable");
        assertThat(everyMode.verdict()).isEqualTo("not-reproduced");
        assertThat(everyMode.verdictReason())
                .isEqualTo("reproduced in 1 of 3 cells; not reproduced in 1 (small/username/c1/article);"
                        + " not measurable in 1 (small/sign/c1/article)");
        assertThat(everyMode.interval()).as("no interval pools cells").isNull();
        assertThat(everyMode.claim().low()).isCloseTo(1.125, within(1e-12));
        assertThat(everyMode.claim().text()).isEqualTo("1.13–1.38× (1.25× ± 10 %)");
        StudyRunView.CellVerdict plainCell = everyMode.cellVerdicts().get(0);
        assertThat(plainCell.ratio()).isCloseTo(1.3, within(0.01));
        assertThat(plainCell.low()).isLessThan(plainCell.ratio());
        assertThat(plainCell.high()).isGreaterThan(plainCell.ratio());
        assertThat(plainCell.rounds()).isEqualTo(8);
        assertThat(plainCell.coverage()).isCloseTo(0.9609, within(0.001));
        assertThat(plainCell.security()).isEqualTo("plain");
        assertThat(everyMode.cellVerdicts().get(1).reason()).contains("holds 1×");
        assertThat(everyMode.cellVerdicts().get(2).reason())
                .isEqualTo("the cell is pending: no stack of the study supports sign yet");
        assertThat(everyMode.cellVerdicts().get(2).rounds()).isNull();

        // One cell: its interval is the claim's.
        StudyRunView.Comparison twiceAsSlow = comparisons.get(1);
        assertThat(twiceAsSlow.verdict()).isEqualTo("reproduced");
        assertThat(twiceAsSlow.interval().ratio()).isCloseTo(0.45, within(0.01));
        assertThat(twiceAsSlow.interval().rounds()).isEqualTo(8);
        assertThat(twiceAsSlow.interval().coverage()).isCloseTo(0.9609, within(0.001));
        assertThat(twiceAsSlow.claim().low()).isNull();
        assertThat(twiceAsSlow.claim().high()).isEqualTo(0.5);

        // Three rounds of axis2 so far: not enough data, not a verdict.
        StudyRunView.Comparison tooFew = comparisons.get(2);
        assertThat(tooFew.verdict()).isEqualTo("not-measurable");
        assertThat(tooFew.notEnoughData()).isTrue();
        assertThat(tooFew.verdictReason())
                .isEqualTo("not enough data: 3 paired rounds, at least 6 needed; the cell's run is still running");
        assertThat(tooFew.interval()).isNull();
        assertThat(tooFew.cellVerdicts().get(0).rounds()).isEqualTo(3);
        assertThat(tooFew.cellVerdicts().get(0).ratio()).isNull();

        // A stack the study cannot run: the stack's own reason.
        StudyRunView.Comparison withPendingStack = comparisons.get(3);
        assertThat(withPendingStack.verdict()).isEqualTo("not-measurable");
        assertThat(withPendingStack.notEnoughData()).isFalse();
        assertThat(withPendingStack.verdictReason())
                .isEqualTo("gsoap is pending: has no native client yet (the study times each stack's own client)");

        StudyRunView.Comparison reversed = comparisons.get(4);
        assertThat(reversed.verdict()).isEqualTo("reversed");
        assertThat(reversed.interval().high()).isLessThan(1);
    }

    @Test
    void aFinishedCellWithoutAStacksMeasurementsSaysWhichAndWhy() {
        Study study = study(claim("plain", "metro", "cxf", 1.25, null, null));
        List<StoredMeasurement> plain = rounds("cxf", "plain", 1000, 1.0, 6);
        StudyRunView.Cell cell = measuredCell("small/plain/c1/article", "plain", "completed", plain);
        List<StudyRunView.StackFigures> stacks = new ArrayList<>(cell.stacks());
        stacks.add(new StudyRunView.StackFigures(
                "metro",
                "4.0",
                "build_failed",
                "wsimport failed",
                null,
                null,
                null,
                false,
                null,
                List.of(),
                null,
                null,
                null,
                null,
                null));
        StudyRunView.Cell withFailure = withStacks(cell, stacks);

        StudyRunView.Comparison comparison = StudyFigures.compare(
                        study, List.of(withFailure), (c, stack, baseline) -> Optional.empty())
                .get(0);

        assertThat(comparison.verdict()).isEqualTo("not-measurable");
        assertThat(comparison.verdictReason())
                .isEqualTo("metro has no measurements in this cell (build failed: wsimport failed)");

        StudyRunView.Cell queued = withStacks(
                new StudyRunView.Cell(
                        "small/plain/c1/article",
                        "small",
                        "plain",
                        1,
                        "article",
                        "queued",
                        null,
                        null,
                        null,
                        1000,
                        null,
                        List.of()),
                List.of(
                        StudyFigures.figures("cxf", Optional.empty(), Optional.empty(), 1000, StudyFigures.Costs.NONE),
                        StudyFigures.figures(
                                "metro", Optional.empty(), Optional.empty(), 1000, StudyFigures.Costs.NONE)));
        StudyRunView.Comparison waiting = StudyFigures.compare(
                        study, List.of(queued), (c, stack, baseline) -> Optional.empty())
                .get(0);
        assertThat(waiting.notEnoughData()).isTrue();
        assertThat(waiting.verdictReason())
                .isEqualTo("not enough data: 0 paired rounds, at least 6 needed; the cell's run is still queued");
    }

    @Test
    void theClientsCostsAreGivenBesideTheServersOnlyWhenEachStackDroveItsOwnLoad() {
        List<JsonNode> repetitions = List.of(
                cost(1000, 2.0, 100_000_000L, 4.0, 50_000_000L, List.of()),
                cost(1000, 3.0, 120_000_000L, 6.0, 70_000_000L, List.of()),
                cost(1000, 2.5, 110_000_000L, 5.0, 60_000_000L, List.of()),
                cost(1000, 90.0, 900_000_000L, 90.0, 900_000_000L, List.of("steal")));

        StudyFigures.Costs nativeClient = StudyFigures.costs(repetitions, true);

        assertThat(nativeClient.serverCpuSecondsPerRequest()).isCloseTo(0.0025, within(1e-12));
        assertThat(nativeClient.clientCpuSecondsPerRequest()).isCloseTo(0.005, within(1e-12));
        assertThat(nativeClient.clientCpuCovers()).isEqualTo("whole-drive");
        assertThat(nativeClient.serverPeakRssBytes()).isEqualTo(120_000_000L);
        assertThat(nativeClient.clientPeakRssBytes()).isEqualTo(70_000_000L);

        StudyFigures.Costs neutral = StudyFigures.costs(repetitions, false);
        assertThat(neutral.serverCpuSecondsPerRequest()).isCloseTo(0.0025, within(1e-12));
        assertThat(neutral.clientCpuSecondsPerRequest()).isNull();
        assertThat(neutral.clientCpuCovers()).isNull();
        assertThat(neutral.clientPeakRssBytes()).isNull();

        StudyFigures.Costs allDisturbed = StudyFigures.costs(List.of(repetitions.get(3)), true);
        assertThat(allDisturbed.clientCpuSecondsPerRequest()).isCloseTo(0.09, within(1e-12));
        assertThat(StudyFigures.costs(List.of(cost(0, 1.0, 1L, 1.0, null, List.of())), true)
                        .clientCpuSecondsPerRequest())
                .isNull();
    }

    @Test
    void theClientsOwnCountOfItsMeasuredRequestsIsTakenWhenEveryRepetitionUsedHasIt() {
        List<JsonNode> timed = List.of(
                timed(cost(1000, 2.0, 1L, 4.0, 1L, List.of()), 1.0),
                timed(cost(1000, 2.0, 1L, 6.0, 1L, List.of()), 3.0),
                timed(cost(1000, 2.0, 1L, 5.0, 1L, List.of()), 2.0),
                cost(1000, 2.0, 1L, 90.0, 1L, List.of("busy")));

        StudyFigures.Costs measuredOnly = StudyFigures.costs(timed, true);
        assertThat(measuredOnly.clientCpuSecondsPerRequest()).isCloseTo(0.002, within(1e-12));
        assertThat(measuredOnly.clientCpuCovers()).isEqualTo("measured-requests");

        // One repetition used without the client's own count: the whole drive's, for all of them.
        List<JsonNode> mixed = List.of(timed.get(0), timed.get(1), cost(1000, 2.0, 1L, 5.0, 1L, List.of()));
        StudyFigures.Costs wholeDrive = StudyFigures.costs(mixed, true);
        assertThat(wholeDrive.clientCpuSecondsPerRequest()).isCloseTo(0.005, within(1e-12));
        assertThat(wholeDrive.clientCpuCovers()).isEqualTo("whole-drive");
    }

    private static JsonNode timed(JsonNode cost, double clientTimedCpu) {
        return ((ObjectNode) cost).put("clientTimedCpuSeconds", clientTimedCpu);
    }

    private static Optional<Comparison> pair(
            Map<String, List<StoredMeasurement>> runs, StudyRunView.Cell cell, String stack, String baseline) {
        List<StoredMeasurement> measurements = runs.get(cell.id());
        if (measurements == null) {
            return Optional.empty();
        }
        ResultsSummary.CellKey key =
                Summaries.summarise(measurements).cells().get(0).key();
        return Summaries.pairedComparison(measurements, key, stack + "@1.0", baseline + "@1.0");
    }

    private static StudyRunView.Cell measuredCell(
            String id, String security, String status, List<StoredMeasurement> measurements) {
        ResultsSummary.Cell summary = Summaries.summarise(measurements).cells().get(0);
        List<StudyRunView.StackFigures> stacks = new ArrayList<>();
        for (ResultsSummary.StackFigures figures : summary.stacks()) {
            stacks.add(StudyFigures.figures(
                    figures.stack(), Optional.empty(), Optional.of(figures), 1000, StudyFigures.Costs.NONE));
        }
        stacks.add(StudyFigures.pending("gsoap", "has no native client yet (the study times each stack's own client)"));
        return new StudyRunView.Cell(
                id, "small", security, 1, "article", status, null, null, null, 1000, "native", stacks);
    }

    private static StudyRunView.Cell pendingCell(String id, String security) {
        return new StudyRunView.Cell(
                id,
                "small",
                security,
                1,
                "article",
                "pending",
                "no stack of the study supports " + security + " yet",
                null,
                null,
                1000,
                null,
                List.of(StudyFigures.pending("cxf", "supports plain only")));
    }

    private static StudyRunView.Cell withStacks(StudyRunView.Cell cell, List<StudyRunView.StackFigures> stacks) {
        return new StudyRunView.Cell(
                cell.id(),
                cell.size(),
                cell.security(),
                cell.concurrency(),
                cell.method(),
                cell.status(),
                cell.reason(),
                cell.runId(),
                cell.runSlug(),
                cell.sequenceLength(),
                cell.driver(),
                stacks);
    }

    private static List<StoredMeasurement> rounds(
            String stack, String security, double baseRate, double ratio, int count) {
        List<StoredMeasurement> rounds = new ArrayList<>();
        for (int round = 1; round <= count; round++) {
            // The machine's drift moves every stack of a round alike; the stack's own noise does not.
            double drift = 1 + 0.2 * Math.sin(round);
            double own = stack.equals("cxf") ? 1 : NOISE[(round + stack.length()) % NOISE.length];
            rounds.add(measurement(stack, security, round, baseRate * drift * ratio * own, List.of(), true));
        }
        return rounds;
    }

    private static StoredMeasurement measurement(
            String stack, String security, int round, double throughput, List<String> flags, boolean nativeDriver) {
        ObjectNode data = JSON.createObjectNode()
                .put("stack", stack)
                .put("version", "1.0")
                .put("repetition", round)
                .put("throughput", throughput)
                .put("requests", 1000)
                .put("serverCpuSeconds", 1.0)
                .put("peakRssBytes", 1000L);
        data.putObject("cell")
                .put("operation", "getQuakes")
                .put("security", security)
                .put("connections", 1)
                .put("requests", 1000)
                .put("keepAlive", true)
                .put("driver", nativeDriver ? "native" : "neutral");
        flags.forEach(data.putArray("flags")::add);
        return new StoredMeasurement(data, TestHistograms.of(1000, 100));
    }

    private static JsonNode cost(
            long requests, double serverCpu, long serverRss, double clientCpu, Long clientRss, List<String> flags) {
        ObjectNode data = JSON.createObjectNode()
                .put("requests", requests)
                .put("serverCpuSeconds", serverCpu)
                .put("peakRssBytes", serverRss)
                .put("driverCpuSeconds", clientCpu);
        if (clientRss != null) {
            data.put("driverPeakRssBytes", clientRss);
        }
        flags.forEach(data.putArray("flags")::add);
        return data;
    }

    private static Study.PublishedRatio claim(
            String security, String stack, String baseline, Double ratio, Double min, Double max) {
        return new Study.PublishedRatio("small", security, null, stack, baseline, ratio, min, max, "words", null);
    }

    private static Study study(Study.PublishedRatio... claims) {
        return new Study(
                "s",
                "S",
                "d",
                new Study.Seed("t", null, 2010, null),
                "seismic",
                new Study.Matrix(
                        List.of("cxf", "metro", "axis2", "gsoap"),
                        List.of("plain", "username", "sign"),
                        List.of(),
                        List.of(1),
                        "native",
                        null,
                        null,
                        List.of()),
                new Study.Chart("absolute-time", "total-seconds-best", "cxf", List.of()),
                List.of(claims),
                null,
                null);
    }
}
