package dev.soapbench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.soapbench.results.StoredMeasurement;
import dev.soapbench.runs.RunResult;
import dev.soapbench.testing.TestHistograms;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class CompareCellsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void eachRunsFiguresStandBesideTheBaselinesWithTheRatioAgainstIt() {
        CompareCells.MeasuredRun a = run("aaaa", reps("gsoap", "2.8.124", 25, 1000, 1000, 1000, 1000));
        CompareCells.MeasuredRun b = run("bbbb", reps("gsoap", "2.8.124", 25, 2000, 2010, 1990, 2000));

        List<ComparePage.Cell> cells = CompareCells.of(List.of(a, b), 0);

        assertThat(cells).singleElement().satisfies(cell -> {
            assertThat(cell.label()).isEqualTo("plain · echo · closed 25×2000 · keep-alive · neutral driver");
            ComparePage.Stack gsoap = cell.stacks().get(0);
            assertThat(gsoap.stack()).isEqualTo("gsoap@2.8.124");
            assertThat(gsoap.displayName()).isEqualTo("gSOAP");
            assertThat(gsoap.runs()).extracting(ComparePage.Figures::slug).containsExactly("aaaa", "bbbb");
            ComparePage.Figures baseline = gsoap.runs().get(0);
            assertThat(baseline.ratio())
                    .as("the baseline is not compared with itself")
                    .isNull();
            assertThat(baseline.throughput().median()).isEqualTo(1000.0);
            assertThat(baseline.used()).isEqualTo(4);
            ComparePage.Figures other = gsoap.runs().get(1);
            assertThat(other.throughput().median()).isEqualTo(2000.0);
            assertThat(other.latencyMs().p99()).isCloseTo(2.0, within(0.01));
            assertThat(other.serverCpuSecondsMedian()).isEqualTo(1.5);
            assertThat(other.peakRssBytesMax()).isEqualTo(100_000_000L);
            assertThat(other.ratio().verdict()).isEqualTo("faster");
            assertThat(other.ratio().significant()).isTrue();
            assertThat(other.ratio().ratio()).isCloseTo(2.0, within(0.01));
            assertThat(other.ratio().against()).isEqualTo("gsoap@2.8.124");
            assertThat(cell.curves()).extracting(ComparePage.Curve::slug).containsExactly("aaaa", "bbbb");
            assertThat(cell.curves().get(1).points().get(0).ms()).isCloseTo(2.0, within(0.01));
            assertThat(cell.curves().get(1).count()).isEqualTo(400);
        });
    }

    @Test
    void theBaselineNeedNotBeFirstAndItsCellsAndStacksLead() {
        List<StoredMeasurement> first = new ArrayList<>(reps("cxf", "4.2.3", 25, 500, 500, 500, 500));
        first.addAll(reps("gsoap", "2.8.124", 25, 1000, 1000, 1000, 1000));
        List<StoredMeasurement> second = new ArrayList<>(reps("gsoap", "2.8.124", 25, 950, 950, 950, 950));
        second.addAll(reps("gsoap", "2.8.124", 4, 300, 300, 300, 300));

        List<ComparePage.Cell> cells = CompareCells.of(List.of(run("aaaa", first), run("bbbb", second)), 1);

        assertThat(cells).extracting(c -> c.key().connections()).containsExactly(25, 4);
        ComparePage.Cell shared = cells.get(0);
        assertThat(shared.stacks()).extracting(ComparePage.Stack::stack).containsExactly("gsoap@2.8.124", "cxf@4.2.3");
        ComparePage.Figures gsoapInA = shared.stacks().get(0).runs().get(0);
        assertThat(gsoapInA.ratio().verdict())
                .as("1000 against 950 is within the between-run spread")
                .isEqualTo("tied");
        assertThat(shared.stacks().get(0).runs().get(1).ratio()).isNull();
        ComparePage.Figures cxfInA = shared.stacks().get(1).runs().get(0);
        assertThat(cxfInA.measured()).isTrue();
        assertThat(cxfInA.ratio()).isNull();
        assertThat(cxfInA.reason())
                .isEqualTo(
                        "baseline run bbbb has no figures for cxf in this cell, so there is nothing to compare with");
        ComparePage.Figures cxfInB = shared.stacks().get(1).runs().get(1);
        assertThat(cxfInB.measured()).isFalse();
        assertThat(cxfInB.reason()).isEqualTo("not measured in run bbbb: build failed (no JDK)");
        ComparePage.Figures onlyInB = cells.get(1).stacks().get(0).runs().get(0);
        assertThat(onlyInB.measured()).isFalse();
        assertThat(onlyInB.reason()).isEqualTo("run aaaa has no measurement of gsoap@2.8.124 in this cell");
    }

    @Test
    void aStackWithErrorsIsShownButNotCompared() {
        List<StoredMeasurement> errors = reps("gsoap", "2.8.124", 25, 3000, 3000, 3000, 3000);
        ((ObjectNode) errors.get(0).data()).putArray("flags").add("errors");

        List<ComparePage.Cell> cells = CompareCells.of(
                List.of(run("aaaa", reps("gsoap", "2.8.124", 25, 1000, 1000, 1000, 1000)), run("bbbb", errors)), 0);

        ComparePage.Figures figures = cells.get(0).stacks().get(0).runs().get(1);
        assertThat(figures.measured()).isTrue();
        assertThat(figures.ratio()).isNull();
        assertThat(figures.reason())
                .isEqualTo("1 of 4 repetitions had a larger share of errors than the workload's maxErrorRatio;"
                        + " not compared with the baseline");
    }

    @Test
    void flaggedRepetitionsAreLeftOutOfTheRatio() {
        // Two of the four are disturbed: 2 usable repetitions are too few for a verdict.
        List<StoredMeasurement> disturbed = reps("gsoap", "2.8.124", 25, 2000, 2000, 100, 100);
        ((ObjectNode) disturbed.get(2).data()).putArray("flags").add("steal");
        ((ObjectNode) disturbed.get(3).data()).putArray("flags").add("busy");

        List<ComparePage.Cell> cells = CompareCells.of(
                List.of(run("aaaa", reps("gsoap", "2.8.124", 25, 1000, 1000, 1000, 1000)), run("bbbb", disturbed)), 0);

        ComparePage.Figures figures = cells.get(0).stacks().get(0).runs().get(1);
        assertThat(figures.throughput().median()).isEqualTo(2000.0);
        assertThat(figures.ratio().verdict()).isEqualTo("not-enough-data");
        assertThat(figures.ratio().repetitions()).isEqualTo(2);
    }

    @Test
    void anotherVersionOfTheStackInTheBaselineIsWhatAnUpgradeIsComparedWith() {
        List<ComparePage.Cell> cells = CompareCells.of(
                List.of(
                        run("aaaa", reps("gsoap", "2.8.124", 25, 1000, 1000, 1000, 1000)),
                        run("bbbb", reps("gsoap", "2.8.130", 25, 1500, 1500, 1500, 1500))),
                0);

        ComparePage.Stack upgraded = cells.get(0).stacks().get(1);
        assertThat(upgraded.stack()).isEqualTo("gsoap@2.8.130");
        assertThat(upgraded.runs().get(1).ratio().against()).isEqualTo("gsoap@2.8.124");
        assertThat(upgraded.runs().get(1).ratio().verdict()).isEqualTo("faster");
    }

    private static CompareCells.MeasuredRun run(String slug, List<StoredMeasurement> measurements) {
        List<RunResult.StackResult> stacks = List.of(
                new RunResult.StackResult("gsoap", "gSOAP", "2.8.124", "done", null, null),
                new RunResult.StackResult("cxf", "Apache CXF", "4.2.3", "build_failed", "no JDK", null));
        return new CompareCells.MeasuredRun(UUID.randomUUID(), slug, stacks, measurements);
    }

    /** Repetitions 1… of one stack in the cell with {@code connections}, latencies at 1000 µs · 1000 / throughput. */
    private static List<StoredMeasurement> reps(String stack, String version, int connections, double... throughputs) {
        List<StoredMeasurement> measurements = new ArrayList<>();
        for (int i = 0; i < throughputs.length; i++) {
            ObjectNode data = JSON.createObjectNode()
                    .put("stack", stack)
                    .put("version", version)
                    .put("repetition", i + 1)
                    .put("throughput", throughputs[i])
                    .put("requests", 2000)
                    .put("serverCpuSeconds", 1.5)
                    .put("peakRssBytes", 100_000_000L);
            data.putObject("cell")
                    .put("operation", "echo")
                    .put("security", "plain")
                    .put("connections", connections)
                    .put("requests", 2000)
                    .put("keepAlive", true);
            measurements.add(new StoredMeasurement(data, TestHistograms.of(Math.round(throughputs[i]), 100)));
        }
        return measurements;
    }
}
