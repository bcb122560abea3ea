package dev.soapbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class PairedComparisonTest {

    private static final String CXF = "cxf@4.2.3";
    private static final String GSOAP = "gsoap@2.8.124";

    @Test
    void aStackWhoseEveryRoundIsAheadIsFaster() {
        Comparison comparison = compare(1.05, 1.06, 1.07, 1.08, 1.09, 1.10);

        assertThat(comparison.verdict()).isEqualTo("faster");
        assertThat(comparison.rounds()).isEqualTo(6);
        assertThat(comparison.ratio()).isCloseTo(1.0749, within(1e-4));
        assertThat(comparison.low()).isCloseTo(1.05, within(1e-12));
        assertThat(comparison.high()).isCloseTo(1.10, within(1e-12));
        assertThat(comparison.coverage()).isEqualTo(0.96875);
        assertThat(comparison.factor()).isEqualTo(comparison.ratio());
        assertThat(comparison.text())
                .isEqualTo("cxf@4.2.3 is faster than gsoap@2.8.124 by 1.07× (95 % CI 1.05–1.10×, 6 paired rounds)");
    }

    @Test
    void aSlowerStackIsToldByHowManyTimesWithTheIntervalInverted() {
        Comparison comparison = compare(0.40, 0.41, 0.405, 0.39, 0.42, 0.38);

        assertThat(comparison.verdict()).isEqualTo("slower");
        assertThat(comparison.ratio()).isCloseTo(0.40, within(1e-12));
        assertThat(comparison.factor()).isCloseTo(2.5, within(1e-12));
        assertThat(comparison.text())
                .isEqualTo("cxf@4.2.3 is slower than gsoap@2.8.124 by 2.50× (95 % CI 2.38–2.63×, 6 paired rounds)");
    }

    @Test
    void anIntervalAroundOneIsATie() {
        Comparison comparison = compare(0.97, 1.02, 0.99, 1.00, 0.98, 1.03);

        assertThat(comparison.verdict()).isEqualTo("tied");
        assertThat(comparison.ratio()).isLessThan(1);
        assertThat(comparison.factor()).isCloseTo(1 / comparison.ratio(), within(1e-12));
        assertThat(comparison.text())
                .isEqualTo("cxf@4.2.3 and gsoap@2.8.124 are tied: ratio 1.00× (95 % CI 0.97–1.03×, 6 paired rounds),"
                        + " the difference is within the interval");
    }

    @Test
    void fewerThanSixPairedRoundsGiveNoVerdictButKeepTheRoundRatios() {
        Comparison comparison = compare(0.5);

        assertThat(comparison.verdict()).isEqualTo("not-enough-data");
        assertThat(comparison.enoughData()).isFalse();
        assertThat(comparison.ratio()).isNull();
        assertThat(comparison.low()).isNull();
        assertThat(comparison.high()).isNull();
        assertThat(comparison.coverage()).isNull();
        assertThat(comparison.factor()).isNull();
        assertThat(comparison.roundRatios()).containsExactly(0.5);
        assertThat(comparison.text())
                .isEqualTo("not enough data for a verdict on cxf@4.2.3 against gsoap@2.8.124: 1 paired round,"
                        + " at least 6 needed");
        assertThat(compare(0.5, 0.5, 0.5, 0.5, 0.5).text()).endsWith(": 5 paired rounds, at least 6 needed");
    }

    @Test
    void onlyRoundsBothStacksMeasuredArePaired() {
        SortedMap<Integer, Double> stack = rounds(1, 2, 4, 5, 6, 7, 8);
        SortedMap<Integer, Double> reference = rounds(1, 2, 3, 4, 5, 6, 7);
        stack.replaceAll((round, throughput) -> throughput * 2);

        Comparison comparison = PairedComparison.of(CXF, stack, GSOAP, reference);

        // round 3 is missing for the stack, round 8 for the reference
        assertThat(comparison.roundNumbers()).containsExactly(1, 2, 4, 5, 6, 7);
        assertThat(comparison.rounds()).isEqualTo(6);
        assertThat(comparison.roundRatios()).containsOnly(2.0);
        assertThat(comparison.verdict()).isEqualTo("faster");
    }

    @Test
    void aRoundWithoutThroughputCannotBeARatioAndIsLeftOut() {
        SortedMap<Integer, Double> stack = rounds(1, 2, 3, 4, 5, 6);
        stack.put(3, 0.0);

        Comparison comparison = PairedComparison.of(CXF, stack, GSOAP, rounds(1, 2, 3, 4, 5, 6));

        assertThat(comparison.roundNumbers()).containsExactly(1, 2, 4, 5, 6);
        assertThat(comparison.verdict()).isEqualTo("not-enough-data");
    }

    @Test
    void theMachinesDriftCancelsWithinARound() {
        // The reference's own throughput swings by a factor of 3 across rounds; the stack is always 10 % behind.
        double[] drift = {1000, 3000, 1500, 2500, 1200, 2800};
        SortedMap<Integer, Double> reference = new TreeMap<>();
        SortedMap<Integer, Double> stack = new TreeMap<>();
        for (int round = 1; round <= 6; round++) {
            reference.put(round, drift[round - 1]);
            stack.put(round, drift[round - 1] * (round % 2 == 0 ? 0.89 : 0.91));
        }

        Comparison comparison = PairedComparison.of(CXF, stack, GSOAP, reference);

        assertThat(comparison.verdict()).isEqualTo("slower");
        assertThat(comparison.ratio()).isCloseTo(0.90, within(0.01));
    }

    @Test
    void theRoundListsAreInRoundOrder() {
        SortedMap<Integer, Double> stack = new TreeMap<>(Map.of(3, 30.0, 1, 10.0, 2, 20.0));
        SortedMap<Integer, Double> reference = new TreeMap<>(Map.of(2, 10.0, 3, 10.0, 1, 10.0));

        Comparison comparison = PairedComparison.of(CXF, stack, GSOAP, reference);

        assertThat(comparison.roundRatios()).isEqualTo(List.of(1.0, 2.0, 3.0));
        assertThat(comparison.roundNumbers()).isEqualTo(List.of(1, 2, 3));
    }

    /** cxf against gsoap with these per-round ratios, over a drifting reference. */
    private static Comparison compare(double... ratios) {
        SortedMap<Integer, Double> reference = new TreeMap<>();
        SortedMap<Integer, Double> stack = new TreeMap<>();
        for (int i = 0; i < ratios.length; i++) {
            double throughput = 1000 + 137 * i;
            reference.put(i + 1, throughput);
            stack.put(i + 1, throughput * ratios[i]);
        }
        return PairedComparison.of(CXF, stack, GSOAP, reference);
    }

    private static SortedMap<Integer, Double> rounds(int... numbers) {
        SortedMap<Integer, Double> rounds = new TreeMap<>();
        for (int round : numbers) {
            rounds.put(round, 1000.0 + round);
        }
        return rounds;
    }
}
