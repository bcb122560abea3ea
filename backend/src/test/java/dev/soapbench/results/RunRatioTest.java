package dev.soapbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RunRatioTest {

    private static final String GSOAP = "gsoap@2.8.124";

    @Test
    void theBetweenRunSpreadIsWhatDocsStatisticsMeasured() {
        assertThat(RunRatio.BETWEEN_RUN_TAU).isEqualTo(0.037);
        // 1.96 · √2 · 0.037 on the log scale: about ±10.8 % around a ratio even when the repetitions agree exactly.
        assertThat(RunRatio.BETWEEN_RUN_HALF_WIDTH).isCloseTo(0.1025588, within(1e-6));
    }

    @Test
    void twiceTheThroughputIsFasterWithTheIntervalWidenedByTheBetweenRunSpread() {
        RunRatio ratio = compare(List.of(2000.0, 2000.0, 2000.0, 2000.0), List.of(1000.0, 1000.0, 1000.0, 1000.0));

        assertThat(ratio.ratio()).isCloseTo(2.0, within(1e-12));
        // The repetitions alone leave no doubt: every difference of logs is ln 2.
        assertThat(ratio.repetitionsLow()).isCloseTo(2.0, within(1e-12));
        assertThat(ratio.repetitionsHigh()).isCloseTo(2.0, within(1e-12));
        // exp(ln 2 ∓ 0.10256): 1.8051 and 2.2160.
        assertThat(ratio.low()).isCloseTo(1.805050, within(1e-6));
        assertThat(ratio.high()).isCloseTo(2.216005, within(1e-6));
        assertThat(ratio.coverage()).isCloseTo(1 - 2.0 / 70, within(1e-12));
        assertThat(ratio.verdict()).isEqualTo("faster");
        assertThat(ratio.significant()).isTrue();
        assertThat(ratio.repetitions()).isEqualTo(4);
        assertThat(ratio.baselineRepetitions()).isEqualTo(4);
        assertThat(ratio.text())
                .isEqualTo("gsoap@2.8.124 in run bbbb is faster than gsoap@2.8.124 in baseline run aaaa by 2.00×"
                        + " (95 % CI 1.81–2.22×, 4 and 4 repetitions, between-run variation included)");
    }

    @Test
    void fivePercentThatTheRepetitionsAgreeOnIsStillATieAcrossRuns() {
        // Within the runs 1.05 is certain; two runs of one build differ by that much (τ = 3.7 %).
        RunRatio ratio = compare(List.of(1050.0, 1050.0, 1050.0, 1050.0), List.of(1000.0, 1000.0, 1000.0, 1000.0));

        assertThat(ratio.repetitionsLow()).isCloseTo(1.05, within(1e-12));
        assertThat(ratio.low()).isCloseTo(0.947651, within(1e-6));
        assertThat(ratio.high()).isCloseTo(1.163403, within(1e-6));
        assertThat(ratio.verdict()).isEqualTo("tied");
        assertThat(ratio.significant()).isFalse();
        assertThat(ratio.text())
                .startsWith("gsoap@2.8.124 in run bbbb and gsoap@2.8.124 in baseline run aaaa are tied:"
                        + " ratio 1.05× (95 % CI 0.95–1.16×,");
    }

    @Test
    void eachSideOfTheIntervalIsWidenedInQuadrature() {
        // Differences of logs: ln 1, ln 1.1, ln 1.2, ln 1.3, four times each; the median is
        // (ln 1.1 + ln 1.2)/2, the exact 4+4 interval [ln 1, ln 1.3]. Each half-width h becomes
        // √(h² + 0.10256²): 0.13882 → 0.17261 below, 0.12353 → 0.16055 above.
        RunRatio ratio = compare(List.of(100.0, 110.0, 120.0, 130.0), List.of(100.0, 100.0, 100.0, 100.0));

        assertThat(ratio.ratio()).isCloseTo(Math.sqrt(1.32), within(1e-12));
        assertThat(ratio.repetitionsLow()).isCloseTo(1.0, within(1e-12));
        assertThat(ratio.repetitionsHigh()).isCloseTo(1.3, within(1e-12));
        assertThat(ratio.low()).isCloseTo(0.966788, within(1e-6));
        assertThat(ratio.high()).isCloseTo(1.349029, within(1e-6));
        assertThat(ratio.verdict()).isEqualTo("tied");
    }

    @Test
    void aSlowerRunIsToldByHowManyTimesWithTheIntervalInverted() {
        RunRatio ratio = compare(List.of(500.0, 500.0, 500.0, 500.0), List.of(1000.0, 1000.0, 1000.0, 1000.0));

        assertThat(ratio.ratio()).isCloseTo(0.5, within(1e-12));
        assertThat(ratio.verdict()).isEqualTo("slower");
        assertThat(ratio.significant()).isTrue();
        assertThat(ratio.text())
                .isEqualTo("gsoap@2.8.124 in run bbbb is slower than gsoap@2.8.124 in baseline run aaaa by 2.00×"
                        + " (95 % CI 1.81–2.22×, 4 and 4 repetitions, between-run variation included)");
    }

    @Test
    void fewerThanFourUsableRepetitionsOnEitherSideGiveNoVerdict() {
        RunRatio ratio = compare(List.of(2000.0, 2000.0, 2000.0, 0.0), List.of(1000.0, 1000.0, 1000.0, 1000.0, 1000.0));

        assertThat(ratio.verdict()).isEqualTo("not-enough-data");
        assertThat(ratio.significant()).isFalse();
        assertThat(ratio.ratio()).isNull();
        assertThat(ratio.low()).isNull();
        assertThat(ratio.repetitions())
                .as("a zero throughput is no repetition to compare")
                .isEqualTo(3);
        assertThat(ratio.baselineRepetitions()).isEqualTo(5);
        assertThat(ratio.text())
                .isEqualTo("not enough data to compare gsoap@2.8.124 in run bbbb with gsoap@2.8.124 in baseline run"
                        + " aaaa: 3 and 5 usable repetitions, at least 4 each needed");
    }

    @Test
    void anotherVersionOfTheStackIsNamedAsWhatItIsComparedWith() {
        RunRatio ratio = RunRatio.of(
                "bbbb",
                "aaaa",
                "gsoap@2.8.130",
                GSOAP,
                List.of(2000.0, 2000.0, 2000.0, 2000.0),
                List.of(1000.0, 1000.0, 1000.0, 1000.0));

        assertThat(ratio.stack()).isEqualTo("gsoap@2.8.130");
        assertThat(ratio.against()).isEqualTo(GSOAP);
        assertThat(ratio.text()).startsWith("gsoap@2.8.130 in run bbbb is faster than gsoap@2.8.124 in baseline run");
    }

    private static RunRatio compare(List<Double> run, List<Double> baseline) {
        return RunRatio.of("bbbb", "aaaa", GSOAP, GSOAP, run, baseline);
    }
}
