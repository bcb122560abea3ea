package dev.soapbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class OrderStatisticsTest {

    static Stream<Arguments> intervals() {
        return Stream.of(
                // values, median, low, high, coverage, approximate
                Arguments.of(List.of(5.0), 5.0, 5.0, 5.0, 0.0, true),
                Arguments.of(List.of(3.0, 1.0), 2.0, 1.0, 3.0, 0.5, true),
                Arguments.of(List.of(10.0, 30.0, 20.0), 20.0, 10.0, 30.0, 0.75, true),
                Arguments.of(List.of(4.0, 1.0, 3.0, 2.0, 5.0), 3.0, 1.0, 5.0, 0.9375, true),
                Arguments.of(oneTo(6), 3.5, 1.0, 6.0, 1 - 2.0 / 64, false),
                Arguments.of(oneTo(10), 5.5, 2.0, 9.0, 1 - 2 * 11.0 / 1024, false),
                Arguments.of(oneTo(20), 10.5, 6.0, 15.0, 1 - 2 * 21700.0 / 1048576, false),
                Arguments.of(
                        List.of(100.0, 100.0, 100.0, 100.0, 100.0, 100.0), 100.0, 100.0, 100.0, 1 - 2.0 / 64, false));
    }

    @ParameterizedTest
    @MethodSource("intervals")
    void medianAndItsOrderStatisticInterval(
            List<Double> values, double median, double low, double high, double coverage, boolean approximate) {
        MedianInterval interval = OrderStatistics.medianInterval(values);

        assertThat(interval.median()).isEqualTo(median);
        assertThat(interval.low()).isEqualTo(low);
        assertThat(interval.high()).isEqualTo(high);
        assertThat(interval.n()).isEqualTo(values.size());
        assertThat(interval.coverage()).isCloseTo(coverage, within(1e-12));
        assertThat(interval.approximate()).isEqualTo(approximate);
        assertThat(interval.best())
                .isEqualTo(values.stream().mapToDouble(v -> v).max().orElseThrow());
        assertThat(interval.worst())
                .isEqualTo(values.stream().mapToDouble(v -> v).min().orElseThrow());
    }

    @Test
    void theIntervalNeverCoversLessThanAskedOnceThereAreSixValues() {
        for (int n = 6; n <= 50; n++) {
            MedianInterval interval = OrderStatistics.medianInterval(oneTo(n));
            assertThat(interval.coverage()).as("n=%d", n).isGreaterThanOrEqualTo(0.95);
            assertThat(interval.low() + interval.high())
                    .as("symmetric, n=%d", n)
                    .isEqualTo(n + 1.0);
        }
    }

    @Test
    void coefficientOfVariationUsesTheSampleStandardDeviation() {
        assertThat(OrderStatistics.coefficientOfVariation(List.of(2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0)))
                .isCloseTo(Math.sqrt(32.0 / 7) / 5, within(1e-12));
        assertThat(OrderStatistics.coefficientOfVariation(List.of(7.0))).isNull();
    }

    @Test
    void anEmptySampleHasNoMedian() {
        assertThatThrownBy(() -> OrderStatistics.medianInterval(List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static List<Double> oneTo(int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> (double) (n + 1 - i)).toList();
    }
}
