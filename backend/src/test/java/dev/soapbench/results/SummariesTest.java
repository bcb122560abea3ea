package dev.soapbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.results.ResultsSummary.StackFigures;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
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
        assertThat(cxf.ranked()).isTrue();
        assertThat(cxf.rank()).isEqualTo(1);
    }

    @Test
    void aStackWithTooManyErrorsIsShownButNotRanked() {
        List<StoredMeasurement> measurements = List.of(
                measurement("cxf", 1, 1000, 1, 1, List.of(), 1000),
                measurement("gsoap", 1, 9000, 1, 1, List.of("errors"), 1000),
                measurement("gsoap", 2, 9100, 1, 1, List.of(), 1000),
                measurement("metro", 1, 500, 1, 1, List.of(), 1000));

        List<StackFigures> stacks =
                Summaries.summarise(measurements).cells().get(0).stacks();

        assertThat(stacks).extracting(StackFigures::stack).containsExactly("cxf", "metro", "gsoap");
        StackFigures gsoap = stacks.get(2);
        assertThat(gsoap.ranked()).isFalse();
        assertThat(gsoap.rank()).isNull();
        assertThat(gsoap.reason()).contains("1 of 2 repetitions").contains("maxErrorRatio");
        assertThat(stacks.get(0).rank()).isEqualTo(1);
        assertThat(stacks.get(1).rank()).isEqualTo(2);
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
        Histogram histogram = new Histogram(3_600_000_000L, 3);
        histogram.recordValueWithCount(latencyMicros, 100);
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        byte[] encoded = new byte[length];
        buffer.flip();
        buffer.get(encoded);
        return new StoredMeasurement(data, encoded);
    }
}
