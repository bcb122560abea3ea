package dev.soapbench.projects;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.results.ResultsSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ChangePointsTest {

    @Test
    void aStepInTheSeriesIsFoundWhereItIs() {
        List<Double> values = noisy(new Random(1), 1000, 0.02, 6);
        values.addAll(noisy(new Random(2), 800, 0.02, 6));

        List<ChangePoints.Change> changes = ChangePoints.of(values, 7);

        assertThat(changes).singleElement().satisfies(c -> {
            assertThat(c.index()).isEqualTo(6);
            assertThat(c.pValue()).isLessThan(0.01);
        });
    }

    @Test
    void twoStepsAreBothFound() {
        List<Double> values = noisy(new Random(3), 1000, 0.01, 6);
        values.addAll(noisy(new Random(4), 800, 0.01, 6));
        values.addAll(noisy(new Random(5), 1200, 0.01, 6));

        assertThat(ChangePoints.of(values, 7))
                .extracting(ChangePoints.Change::index)
                .containsExactly(6, 12);
    }

    @Test
    void noiseAloneIsNoChangeMostOfTheTime() {
        // 200 series of pure noise: the permutation test at 5 % may call a few, not many.
        int called = 0;
        for (int i = 0; i < 200; i++) {
            if (!ChangePoints.of(noisy(new Random(100 + i), 1000, 0.05, 12), i).isEmpty()) {
                called++;
            }
        }
        assertThat(called).isLessThanOrEqualTo(20);
    }

    @Test
    void oneWildRunIsNotAChangeAndShortSeriesAreNotLookedAt() {
        List<Double> values = noisy(new Random(6), 1000, 0.01, 12);
        values.set(5, 3000.0);
        assertThat(ChangePoints.of(values, 7)).isEmpty();
        assertThat(ChangePoints.of(List.of(1.0, 1.0, 1.0, 2.0, 2.0), 7)).isEmpty();
    }

    @Test
    void aSeriesNamesTheCommitsAroundItsChange() {
        List<ProjectHistoryPage.Point> line = new ArrayList<>();
        double[] medians = {1000, 1010, 990, 1005, 800, 810, 790, 805};
        for (int i = 0; i < medians.length; i++) {
            line.add(new ProjectHistoryPage.Point(UUID.randomUUID(), "s" + i, "c" + i, "2.8", medians[i], 0.0, 0.0, 8));
        }

        ProjectHistoryPage.Series series = ProjectHistory.series(throughputOf("plain · echo"), line);

        assertThat(series.note()).isNull();
        assertThat(series.changes()).singleElement().satisfies(c -> {
            assertThat(c.lastCommitBefore()).isEqualTo("c3");
            assertThat(c.firstCommitAfter()).isEqualTo("c4");
            assertThat(c.direction()).isEqualTo("slower");
            assertThat(c.ratio()).isBetween(0.79, 0.81);
            assertThat(c.text())
                    .startsWith("gsoap became slower: 1003 to 803 req/s (0.80×) between commit c3 and commit c4");
        });
        assertThat(ProjectHistory.series(throughputOf("plain"), line.subList(0, 5))
                        .note())
                .isEqualTo("not enough runs to look for a change: 5, at least 6 needed");
    }

    @Test
    void aSlowdownIsMarkedByTheAcknowledgementOfItsFirstCommitAfter() {
        ProjectHistoryPage.Series slower = series(1000, 1010, 990, 1005, 800, 810, 790, 805);
        ProjectHistoryPage.Series faster = series(800, 810, 790, 805, 1000, 1010, 990, 1005);
        Acknowledgement ofSlowdown =
                new Acknowledgement(UUID.randomUUID(), "p", "c0ffee4", null, "gsoap", "throughput", "expected", null);
        Acknowledgement ofOtherStack =
                new Acknowledgement(UUID.randomUUID(), "p", "c0ffee4", null, "cxf", null, "other", null);

        assertThat(ProjectHistory.acknowledged(slower, "main", List.of(ofOtherStack, ofSlowdown))
                        .changes())
                .singleElement()
                .satisfies(c -> assertThat(c.acknowledgement()).isEqualTo(ofSlowdown));
        assertThat(ProjectHistory.acknowledged(slower, "main", List.of(ofOtherStack))
                        .changes())
                .singleElement()
                .satisfies(c -> assertThat(c.acknowledgement()).isNull());
        assertThat(ProjectHistory.acknowledged(faster, "main", List.of(ofSlowdown))
                        .changes())
                .as("an improvement needs no acknowledgement")
                .singleElement()
                .satisfies(c -> assertThat(c.acknowledgement()).isNull());
    }

    private static ProjectHistoryPage.Series series(double... medians) {
        List<ProjectHistoryPage.Point> line = new ArrayList<>();
        for (int i = 0; i < medians.length; i++) {
            line.add(new ProjectHistoryPage.Point(
                    UUID.randomUUID(), "s" + i, "c0ffee" + i, "2.8", medians[i], null, null, 8));
        }
        return ProjectHistory.series(throughputOf("plain"), line);
    }

    private static ProjectHistory.SeriesKey throughputOf(String cell) {
        return new ProjectHistory.SeriesKey("local", cell, "gsoap", HistoryMetric.THROUGHPUT);
    }

    @Test
    void aCostThatRoseIsARegressionAndNamedAsSuch() {
        List<ProjectHistoryPage.Point> line = new ArrayList<>();
        double[] p99 = {2.0, 2.1, 1.9, 2.0, 3.0, 3.1, 2.9, 3.0};
        for (int i = 0; i < p99.length; i++) {
            line.add(new ProjectHistoryPage.Point(
                    UUID.randomUUID(), "s" + i, "c0ffee" + i, "2.8", p99[i], null, null, 8));
        }
        ProjectHistoryPage.Series series = ProjectHistory.series(
                new ProjectHistory.SeriesKey("local", "plain", "gsoap", HistoryMetric.LATENCY_P99), line);

        assertThat(series.metric()).isEqualTo("latencyP99");
        assertThat(series.changes()).singleElement().satisfies(c -> {
            assertThat(c.direction()).isEqualTo("higher");
            assertThat(c.regression()).isTrue();
            assertThat(c.text()).startsWith("gsoap's p99 latency became higher: 2.00 to 3.00 ms (1.50×)");
        });
        Acknowledgement ofThroughput =
                new Acknowledgement(UUID.randomUUID(), "p", "c0ffee4", null, null, "throughput", "x", null);
        assertThat(ProjectHistory.acknowledged(series, "main", List.of(ofThroughput))
                        .changes()
                        .get(0)
                        .acknowledgement())
                .as("an acknowledgement of another metric")
                .isNull();
    }

    @Test
    void aStacksHeadSpeaksForTheBranchInsteadOfItsBase() {
        ResultsSummary.StackFigures base = figures("gsoap", "2.8.124");
        ResultsSummary.StackFigures head = figures("gsoap", "2.8.124+head");
        ResultsSummary.StackFigures other = figures("cxf", "4.2.3");

        assertThat(ProjectHistory.branchFigures(List.of(base, head, other))).containsExactly(head, other);
        assertThat(ProjectHistory.branchFigures(List.of(base, other))).containsExactly(base, other);
    }

    private static ResultsSummary.StackFigures figures(String stack, String version) {
        return new ResultsSummary.StackFigures(
                stack, version, 8, 0, Map.of(), 8, null, null, null, null, null, null, null, null, null, null, false,
                null, List.of(), null);
    }

    @Test
    void theStatisticFromSignSumsIsPettittsDoubleSum() {
        Random random = new Random(9);
        List<Double> x = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            x.add((double) random.nextInt(10)); // ties included
        }
        long[] v = ChangePoints.signSums(x);
        for (int split = 0; split <= x.size(); split++) {
            long direct = 0;
            for (int i = 0; i < split; i++) {
                for (int j = split; j < x.size(); j++) {
                    direct += (long) Math.signum(x.get(j) - x.get(i));
                }
            }
            assertThat(ChangePoints.statistic(v, split)).as("split %d", split).isEqualTo(Math.abs(direct));
        }
    }

    @Test
    void aHundredRunsAreSearchedQuickly() {
        List<Double> values = noisy(new Random(10), 1000, 0.03, 50);
        values.addAll(noisy(new Random(11), 900, 0.03, 50));
        long began = System.nanoTime();
        assertThat(ChangePoints.of(values, 1))
                .extracting(ChangePoints.Change::index)
                .contains(50);
        // Not a benchmark: a bound two orders of magnitude above what it takes, against a cubic loop.
        assertThat((System.nanoTime() - began) / 1e9).isLessThan(5.0);
    }

    private static List<Double> noisy(Random random, double level, double spread, int n) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(Math.log(level * (1 + spread * random.nextGaussian())));
        }
        return out;
    }
}
