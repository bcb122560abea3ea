package dev.soapbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class MetricComparisonTest {

    private final JsonMapper json = JsonMapper.builder().build();

    @Test
    void aStackThatCostsTwiceAsMuchEveryRoundIsHigher() {
        SortedMap<Integer, Double> cxf = byRound(2.0, 2.2, 1.9, 2.1, 2.05, 1.95, 2.0, 2.1);
        SortedMap<Integer, Double> gsoap = byRound(1.0, 1.1, 0.95, 1.0, 1.0, 1.0, 1.0, 1.0);

        MetricComparison p99 = MetricComparison.of(MetricComparison.LATENCY_P99, "cxf@1", cxf, "gsoap@1", gsoap);

        assertThat(p99.verdict()).isEqualTo(MetricComparison.HIGHER);
        assertThat(p99.rounds()).isEqualTo(8);
        assertThat(p99.ratio()).isCloseTo(2.0, within(0.06));
        assertThat(p99.low()).isGreaterThan(1);
        assertThat(p99.text())
                .startsWith("the p99 latency of cxf@1 is higher than gsoap@1's: 2.0")
                .contains("8 paired rounds");
        MetricComparison back = MetricComparison.of(MetricComparison.LATENCY_P99, "gsoap@1", gsoap, "cxf@1", cxf);
        assertThat(back.verdict()).isEqualTo(MetricComparison.LOWER);
    }

    @Test
    void noiseAroundTheSameValueIsTiedAndTooFewRoundsGiveNoVerdict() {
        SortedMap<Integer, Double> a = byRound(100, 104, 98, 101, 97, 103, 99, 102);
        SortedMap<Integer, Double> b = byRound(101, 99, 103, 98, 102, 100, 104, 97);

        assertThat(MetricComparison.of(MetricComparison.PEAK_RSS, "a@1", a, "b@1", b)
                        .verdict())
                .isEqualTo(Comparison.TIED);
        MetricComparison few = MetricComparison.of(MetricComparison.PEAK_RSS, "a@1", byRound(1, 1, 1), "b@1", b);
        assertThat(few.verdict()).isEqualTo(Comparison.NOT_ENOUGH_DATA);
        assertThat(few.ratio()).isNull();
        assertThat(few.text())
                .isEqualTo("not enough data for a verdict on the server peak RSS of a@1 against b@1: "
                        + "3 paired rounds, at least 6 needed");
    }

    @Test
    void eachMetricIsReadFromTheMeasurementAndRoundsWithoutItAreLeftOut() {
        ObjectNode recorded = measurement(1, 12.5, 3.0, 2000, 50_000_000);
        ObjectNode noLatency = measurement(2, 0, 3.0, 2000, 50_000_000);
        noLatency.remove("latencyMs");

        Map<String, SortedMap<Integer, Double>> rounds = MetricComparison.rounds(List.of(recorded, noLatency));

        assertThat(rounds.keySet())
                .containsExactly(
                        MetricComparison.LATENCY_P99, MetricComparison.CPU_PER_REQUEST, MetricComparison.PEAK_RSS);
        assertThat(rounds.get(MetricComparison.LATENCY_P99)).containsExactly(Map.entry(1, 12.5));
        assertThat(rounds.get(MetricComparison.CPU_PER_REQUEST)).containsOnlyKeys(1, 2);
        assertThat(rounds.get(MetricComparison.CPU_PER_REQUEST).get(1)).isCloseTo(0.0015, within(1e-12));
        assertThat(rounds.get(MetricComparison.PEAK_RSS).get(2)).isEqualTo(50_000_000.0);
    }

    private ObjectNode measurement(int repetition, double p99, double cpuSeconds, long requests, long rss) {
        ObjectNode data = json.createObjectNode()
                .put("repetition", repetition)
                .put("requests", requests)
                .put("serverCpuSeconds", cpuSeconds)
                .put("peakRssBytes", rss);
        data.putObject("latencyMs").put("p99", p99);
        return data;
    }

    private static SortedMap<Integer, Double> byRound(double... values) {
        SortedMap<Integer, Double> out = new TreeMap<>();
        for (int i = 0; i < values.length; i++) {
            out.put(i + 1, values[i]);
        }
        return out;
    }
}
