package dev.soapbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.soapbench.results.ResultsSummary.StackFigures;
import dev.soapbench.testing.TestHistograms;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

class SummariesTest {

    private final JsonMapper json = JsonMapper.builder().build();

    @Test
    void flaggedRepetitionsAreCountedButLeftOutOfEveryFigure() {
        List<StoredMeasurement> measurements = List.of(
                measurement("cxf", 1, 1000, 1.0, 100_000_000L, List.of(), 1000),
                measurement("cxf", 2, 5000, 9.0, 900_000_000L, List.of("steal"), 2040),
                measurement("cxf", 3, 1200, 3.0, 120_000_000L, List.of(), 2000));

        StackFigures cxf = single(Summaries.summarise(measurements));

        assertThat(cxf.repetitions()).isEqualTo(3);
        assertThat(cxf.flagged()).isEqualTo(1);
        assertThat(cxf.flags()).isEqualTo(Map.of("steal", 1));
        assertThat(cxf.used()).isEqualTo(2);
        assertThat(cxf.throughput().median()).isEqualTo(1100.0);
        assertThat(cxf.throughput().low()).isEqualTo(1000.0);
        assertThat(cxf.throughput().high()).isEqualTo(1200.0);
        assertThat(cxf.throughput().approximate()).isTrue();
        assertThat(cxf.serverCpuSecondsMedian()).isEqualTo(2.0);
        assertThat(cxf.peakRssBytesMax()).isEqualTo(120_000_000L);
        assertThat(cxf.latencyMs().p50()).isEqualTo(1.0);
        assertThat(cxf.latencyMs().p99()).isEqualTo(2.0);
        assertThat(cxf.latencyMs().max()).isEqualTo(2.0);
        assertThat(cxf.latencyMs().mean()).isEqualTo(1.5);
        // The percentile plot reads the same merged histograms: half the values at 1 ms, half at 2 ms.
        assertThat(cxf.latencyCurve().points().get(0).ms()).isEqualTo(1.0);
        assertThat(cxf.latencyCurve().points().get(4).percentile()).isEqualTo(99.0);
        assertThat(cxf.latencyCurve().points().get(4).ms()).isEqualTo(2.0);
        assertThat(cxf.latencyCurve().maxMs()).isEqualTo(2.0);
        assertThat(cxf.requests()).isEqualTo(4000L);
        // Alone in its cell it is its own reference: nothing to compare it with, nothing to lack.
        assertThat(cxf.ranked()).isTrue();
        assertThat(cxf.rank()).isEqualTo(1);
        assertThat(cxf.comparison()).isNull();
    }

    @Test
    void aStackWithTooManyErrorsIsShownButNotRanked() {
        List<StoredMeasurement> measurements = new ArrayList<>();
        measurements.addAll(rounds("cxf", 1000, 1010, 990, 1005, 995, 1000));
        measurements.addAll(rounds("metro", 500, 510, 490, 505, 495, 500));
        measurements.add(measurement("gsoap", 1, 9000, 1, 1, List.of("errors"), 1000));
        measurements.add(measurement("gsoap", 2, 9100, 1, 1, List.of(), 1000));

        ResultsSummary.Cell cell = Summaries.summarise(measurements).cells().get(0);
        List<StackFigures> stacks = cell.stacks();

        assertThat(stacks).extracting(StackFigures::stack).containsExactly("cxf", "metro", "gsoap");
        StackFigures gsoap = stacks.get(2);
        assertThat(gsoap.ranked()).isFalse();
        assertThat(gsoap.rank()).isNull();
        assertThat(gsoap.comparison()).isNull();
        assertThat(gsoap.reason()).contains("1 of 2 repetitions").contains("maxErrorRatio");
        assertThat(stacks.get(0).rank()).isEqualTo(1);
        assertThat(stacks.get(1).rank()).isEqualTo(2);
        assertThat(cell.comparisons()).extracting(Comparison::stack).containsExactly("metro@1.0");
    }

    @Test
    void aStackDisturbedEveryTimeUsesAllRepetitionsAndIsNotRanked() {
        StackFigures cxf = single(Summaries.summarise(List.of(
                measurement("cxf", 1, 1000, 1, 1, List.of("busy"), 1000),
                measurement("cxf", 2, 3000, 1, 1, List.of("steal", "busy"), 1000))));

        assertThat(cxf.used()).isEqualTo(2);
        assertThat(cxf.throughput().median()).isEqualTo(2000.0);
        assertThat(cxf.flags()).isEqualTo(Map.of("busy", 2, "steal", 1));
        assertThat(cxf.ranked()).isFalse();
        assertThat(cxf.reason()).contains("busy, steal");
    }

    @Test
    void cellsAreSeparatedBySecurityAndLoad() {
        List<StoredMeasurement> measurements = new ArrayList<>();
        measurements.add(measurement("cxf", 1, 1000, 1, 1, List.of(), 1000));
        StoredMeasurement signed = measurement("cxf", 1, 400, 1, 1, List.of(), 1000);
        ((ObjectNode) signed.data().get("cell")).put("security", "sign");
        measurements.add(signed);

        ResultsSummary summary = Summaries.summarise(measurements);

        assertThat(summary.method()).isEqualTo("order-statistic");
        assertThat(summary.comparisonMethod()).isEqualTo("hodges-lehmann-wilcoxon");
        assertThat(summary.minRounds()).isEqualTo(6);
        assertThat(summary.cells()).hasSize(2);
        assertThat(summary.cells().get(1).key().security()).isEqualTo("sign");
        assertThat(summary.cells().get(1).label())
                .isEqualTo("sign · echo · closed 25×2000 · keep-alive · neutral driver");
    }

    @Test
    void capacityIsTheMedianRateFound() {
        List<StoredMeasurement> measurements = new ArrayList<>();
        for (double rate : new double[] {800, 1200, 1000}) {
            StoredMeasurement m = measurement("cxf", 1, rate, 1, 1, List.of(), 1000);
            ((ObjectNode) m.data()).putObject("capacity").put("rate", rate).put("p99Ms", 9.5);
            measurements.add(m);
        }

        assertThat(single(Summaries.summarise(measurements)).capacity().rateMedian())
                .isEqualTo(1000.0);
    }

    private static StackFigures single(ResultsSummary summary) {
        assertThat(summary.cells()).hasSize(1);
        assertThat(summary.cells().get(0).stacks()).hasSize(1);
        return summary.cells().get(0).stacks().get(0);
    }

    @Test
    void measurementsOfTheStacksOwnClientsAreACellOfTheirOwn() {
        StoredMeasurement nativeClient = measurement("cxf", 2, 800, 1, 1, List.of(), 1000);
        ((ObjectNode) nativeClient.data().get("cell")).put("driver", "native");
        List<StoredMeasurement> measurements =
                List.of(measurement("cxf", 1, 1000, 1, 1, List.of(), 1000), nativeClient);

        List<ResultsSummary.Cell> cells = Summaries.summarise(measurements).cells();

        assertThat(cells).extracting(cell -> cell.key().driver()).containsExactly("neutral", "native");
        assertThat(cells.get(1).label()).endsWith("keep-alive · native client");
        assertThat(cells.get(1).stacks().get(0).throughput().median()).isEqualTo(800.0);
    }

    @Test
    void stacksAreComparedWithTheFastestRoundByRound() {
        List<StoredMeasurement> measurements = new ArrayList<>();
        measurements.addAll(rounds("gsoap", 2000, 2500, 2100, 2400, 2200, 2300));
        measurements.addAll(rounds("cxf", 800, 1000, 840, 960, 880, 920));

        ResultsSummary.Cell cell = Summaries.summarise(measurements).cells().get(0);

        assertThat(cell.reference()).isEqualTo("gsoap@1.0");
        assertThat(cell.referenceChosenBy()).isEqualTo("fastest");
        assertThat(cell.enoughData()).isTrue();
        assertThat(cell.notEnoughData()).isNull();
        assertThat(cell.comparisons()).hasSize(1);
        Comparison cxf = cell.comparisons().get(0);
        assertThat(cxf.stack()).isEqualTo("cxf@1.0");
        assertThat(cxf.against()).isEqualTo("gsoap@1.0");
        assertThat(cxf.ratio()).isCloseTo(0.4, within(1e-12));
        assertThat(cxf.text()).startsWith("cxf@1.0 is slower than gsoap@1.0 by 2.50×");
        assertThat(cell.stacks()).extracting(StackFigures::key).containsExactly("gsoap@1.0", "cxf@1.0");
        assertThat(cell.stacks()).extracting(StackFigures::rank).containsExactly(1, 2);
        assertThat(cell.stacks().get(0).comparison()).isNull();
        assertThat(cell.stacks().get(1).comparison()).isEqualTo(cxf);
        assertThat(cell.stacks()).extracting(StackFigures::percentOfBest).containsExactly(100.0, 100 * cxf.ratio());
        // Its costs against the reference: the same CPU and RSS every round here, so tied.
        assertThat(cell.metricComparisons())
                .extracting(MetricComparison::stack, MetricComparison::metric, MetricComparison::verdict)
                .containsExactly(
                        tuple("cxf@1.0", MetricComparison.LATENCY_P99, Comparison.NOT_ENOUGH_DATA),
                        tuple("cxf@1.0", MetricComparison.CPU_PER_REQUEST, Comparison.TIED),
                        tuple("cxf@1.0", MetricComparison.PEAK_RSS, Comparison.TIED));
    }

    @Test
    void theWorkloadsReferenceIsTheYardstickEvenWhenItIsNotTheFastest() {
        List<StoredMeasurement> measurements = new ArrayList<>();
        measurements.addAll(rounds("gsoap", 2000, 2500, 2100, 2400, 2200, 2300));
        measurements.addAll(rounds("cxf", 800, 1000, 840, 960, 880, 920));

        ResultsSummary.Cell byId =
                Summaries.summarise(measurements, "cxf").cells().get(0);
        ResultsSummary.Cell byVersion =
                Summaries.summarise(measurements, "cxf@1.0").cells().get(0);

        assertThat(byId).isEqualTo(byVersion);
        assertThat(byId.reference()).isEqualTo("cxf@1.0");
        assertThat(byId.referenceChosenBy()).isEqualTo("workload");
        assertThat(byId.comparisons().get(0).text()).startsWith("gsoap@1.0 is faster than cxf@1.0 by 2.50×");
        // The faster stack still heads the bands; the reference is only what every ratio is against.
        assertThat(byId.stacks()).extracting(StackFigures::key).containsExactly("gsoap@1.0", "cxf@1.0");
        assertThat(byId.stacks()).extracting(StackFigures::rank).containsExactly(1, 2);
        assertThat(byId.stacks()).extracting(StackFigures::percentOfBest).containsOnlyNulls();
    }

    @Test
    void aReferenceThatIsNotInTheCellFallsBackToTheFastest() {
        List<StoredMeasurement> measurements = new ArrayList<>();
        measurements.addAll(rounds("gsoap", 2000, 2500, 2100, 2400, 2200, 2300));
        measurements.addAll(rounds("cxf", 800, 1000, 840, 960, 880, 920));

        ResultsSummary.Cell cell =
                Summaries.summarise(measurements, "metro").cells().get(0);

        assertThat(cell.reference()).isEqualTo("gsoap@1.0");
        assertThat(cell.referenceChosenBy()).isEqualTo("fastest");
        assertThat(Summaries.summarise(measurements, "cxf@9").cells().get(0).reference())
                .isEqualTo("gsoap@1.0");
    }

    @Test
    void tiesChainIntoBandsThatAreCutWhereTheBandsFirstStackIsBeaten() {
        // Per-round ratios to a: b 0.95…1.01 (tied), c 0.92…0.98 (slower); c over b 0.93…1.01 (tied).
        double[] a = {1000, 1200, 900, 1100, 1050, 950};
        double[] b = {0.95, 1.01, 0.96, 1.00, 0.97, 0.99};
        double[] c = {0.96, 0.95, 0.97, 0.93, 0.98, 0.92};
        List<StoredMeasurement> measurements = new ArrayList<>();
        measurements.addAll(rounds("a", a));
        measurements.addAll(rounds("b", times(a, b)));
        measurements.addAll(rounds("c", times(a, c)));

        ResultsSummary.Cell cell = Summaries.summarise(measurements).cells().get(0);

        assertThat(cell.comparisons()).extracting(Comparison::verdict).containsExactly("tied", "slower");
        assertThat(cell.stacks()).extracting(StackFigures::stack).containsExactly("a", "b", "c");
        assertThat(cell.stacks()).extracting(StackFigures::rank).containsExactly(1, 1, 2);
        assertThat(cell.stacks().get(0).tiedWith()).containsExactly("b@1.0");
        assertThat(cell.stacks().get(1).tiedWith()).containsExactly("a@1.0");
        assertThat(cell.stacks().get(2).tiedWith()).isEmpty();
    }

    @Test
    void oneRepetitionGivesFiguresButNoRankAndSaysWhy() {
        List<StoredMeasurement> measurements = List.of(
                measurement("cxf", 1, 1000, 1, 1, List.of(), 1000),
                measurement("gsoap", 1, 3000, 1, 1, List.of(), 1000));

        ResultsSummary.Cell cell = Summaries.summarise(measurements).cells().get(0);

        String why = "not enough data for a verdict: 1 paired round, at least 6 needed";
        assertThat(cell.enoughData()).isFalse();
        assertThat(cell.notEnoughData()).isEqualTo(why);
        assertThat(cell.reference()).isEqualTo("gsoap@1.0");
        assertThat(cell.drift()).isNull();
        assertThat(cell.comparisons()).singleElement().satisfies(comparison -> {
            assertThat(comparison.verdict()).isEqualTo("not-enough-data");
            assertThat(comparison.roundRatios()).containsExactly(1000.0 / 3000);
        });
        assertThat(cell.stacks()).extracting(StackFigures::key).containsExactly("gsoap@1.0", "cxf@1.0");
        assertThat(cell.stacks()).allSatisfy(stack -> {
            assertThat(stack.ranked()).isFalse();
            assertThat(stack.rank()).isNull();
            assertThat(stack.tiedWith()).isEmpty();
            assertThat(stack.reason()).isEqualTo(why);
            assertThat(stack.percentOfBest()).isNull();
            assertThat(stack.throughput()).isNotNull();
        });
    }

    @Test
    void aRoundMissingForOneStackIsLeftOutOfItsPairs() {
        List<StoredMeasurement> measurements = new ArrayList<>();
        measurements.addAll(rounds("gsoap", 2000, 2500, 2100, 2400, 2200, 2300, 2000));
        measurements.addAll(rounds("cxf", 800, 1000, 840, 960, 880, 920, 800));
        // cxf's round 3 was disturbed, so only gsoap has a usable measurement in it.
        ((ArrayNode) ((ObjectNode) measurements.get(9).data()).putArray("flags")).add("steal");

        ResultsSummary.Cell cell = Summaries.summarise(measurements).cells().get(0);

        assertThat(cell.comparisons().get(0).roundNumbers()).containsExactly(1, 2, 4, 5, 6, 7);
        assertThat(cell.comparisons().get(0).rounds()).isEqualTo(6);
        assertThat(cell.enoughData()).isTrue();
        assertThat(cell.stacks().get(1).used()).isEqualTo(6);
    }

    @Test
    void theReferencesDriftAcrossRoundsIsShown() {
        List<StoredMeasurement> measurements = new ArrayList<>();
        measurements.addAll(rounds("gsoap", 1000, 1100, 1050, 1200, 1000, 1150));
        measurements.addAll(rounds("cxf", 500, 550, 525, 600, 500, 575));

        Drift drift = Summaries.summarise(measurements).cells().get(0).drift();

        assertThat(drift.stack()).isEqualTo("gsoap@1.0");
        assertThat(drift.roundRates()).containsExactly(1000.0, 1100.0, 1050.0, 1200.0, 1000.0, 1150.0);
        assertThat(drift.spreadPercent()).isCloseTo(100 * 200.0 / 1075, within(1e-9));
        assertThat(drift.text())
                .isEqualTo("the reference's throughput moved by 19 % across 6 rounds; each verdict pairs stacks"
                        + " within a round, so drift that moves all stacks alike cancels out");
    }

    private List<StoredMeasurement> rounds(String stack, double... throughputs) {
        List<StoredMeasurement> rounds = new ArrayList<>();
        for (int i = 0; i < throughputs.length; i++) {
            rounds.add(measurement(stack, i + 1, throughputs[i], 1, 1, List.of(), 1000));
        }
        return rounds;
    }

    private static double[] times(double[] values, double[] factors) {
        double[] products = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            products[i] = values[i] * factors[i];
        }
        return products;
    }

    private StoredMeasurement measurement(
            String stack,
            int repetition,
            double throughput,
            double cpuSeconds,
            long peakRss,
            List<String> flags,
            long latencyMicros) {
        ObjectNode data = json.createObjectNode()
                .put("stack", stack)
                .put("version", "1.0")
                .put("repetition", repetition)
                .put("throughput", throughput)
                .put("requests", 2000)
                .put("serverCpuSeconds", cpuSeconds)
                .put("peakRssBytes", peakRss);
        data.putObject("cell")
                .put("operation", "echo")
                .put("security", "plain")
                .put("connections", 25)
                .put("requests", 2000)
                .put("keepAlive", true);
        if (!flags.isEmpty()) {
            flags.forEach(data.putArray("flags")::add);
        }
        return new StoredMeasurement(data, TestHistograms.of(latencyMicros, 100));
    }
}
