package dev.soapbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.soapbench.testing.TestHistograms;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class PercentileCurveTest {

    @Test
    void theCurveOfMergedHistogramsReadsEveryPercentileFromAllOfThem() {
        // 90 latencies of 1 ms in one repetition, 10 of 3 ms in the other: together the slowest tenth is 3 ms.
        byte[] fast = encoded(1_000, 90);
        byte[] slow = encoded(3_000, 10);

        PercentileCurve curve = PercentileCurve.of(List.of(fast, slow)).orElseThrow();

        assertThat(curve.count()).isEqualTo(100);
        assertThat(curve.points())
                .extracting(PercentileCurve.Point::percentile)
                .containsExactly(50.0, 75.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95, 99.99);
        assertThat(curve.points().get(0).ms()).isCloseTo(1.0, within(0.001));
        assertThat(curve.points().get(2).ms())
                .as("the 90th of 100 is still 1 ms")
                .isCloseTo(1.0, within(0.001));
        assertThat(curve.points().get(3).ms()).isCloseTo(3.0, within(0.002));
        assertThat(curve.points().get(8).ms()).isCloseTo(3.0, within(0.002));
        assertThat(curve.maxMs()).isCloseTo(3.0, within(0.002));
    }

    @Test
    void aCurveNeedsHistogramsThatDecode() {
        assertThat(PercentileCurve.of(List.of())).isEmpty();
        assertThat(PercentileCurve.of(List.of("not a histogram".getBytes(StandardCharsets.US_ASCII))))
                .isEmpty();
    }

    private static byte[] encoded(long micros, long count) {
        return TestHistograms.of(micros, count);
    }
}
