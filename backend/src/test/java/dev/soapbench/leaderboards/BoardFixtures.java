package dev.soapbench.leaderboards;

import dev.soapbench.results.StoredMeasurement;
import dev.soapbench.results.Summaries;
import dev.soapbench.runs.RunResult;
import dev.soapbench.testing.TestHistograms;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Official runs as a worker's measurements would make them, for the board computations. */
final class BoardFixtures {

    static final JsonMapper JSON = JsonMapper.builder().build();

    private BoardFixtures() {}

    static Board board(String security) {
        ObjectNode workload = JSON.createObjectNode();
        workload.putArray("operations").add("echo");
        workload.putObject("requests").put("dataset", "echo/1kb");
        workload.putObject("load").put("model", "closed").put("connections", 25).put("requests", 2000);
        workload.putArray("security").add(security);
        workload.put("hardwareClass", "local");
        return new Board(
                "echo-1kb-" + security + "-local",
                "echo-1kb",
                "Echo, 1 KB messages",
                "echo",
                security,
                "local",
                List.of(),
                workload);
    }

    /** One measurement: p99 and CPU seconds per repetition as given, 2000 requests. */
    static StoredMeasurement measurement(
            String stack, String version, int round, double throughput, double p99, double cpu) {
        ObjectNode data = JSON.createObjectNode()
                .put("stack", stack)
                .put("version", version)
                .put("repetition", round)
                .put("throughput", throughput)
                .put("requests", 2000)
                .put("serverCpuSeconds", cpu)
                .put("peakRssBytes", 100_000_000L);
        data.putObject("latencyMs").put("p50", 1.0).put("p99", p99);
        data.putObject("cell")
                .put("operation", "echo")
                .put("security", "plain")
                .put("connections", 25)
                .put("requests", 2000)
                .put("keepAlive", true);
        return new StoredMeasurement(data, TestHistograms.of((long) (p99 * 1000), 1));
    }

    /** A completed run of gSOAP at twice CXF's rate over {@code rounds} rounds, with Axis2 failing to build. */
    static RunResult run(int rounds, JsonNode fingerprint, OffsetDateTime finishedAt) {
        List<StoredMeasurement> measurements = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            measurements.add(measurement("gsoap", "2.8.124", round, 4000 + round, 2.0 + round, 0.2));
            measurements.add(measurement("cxf", "4.2.3", round, 2000 + round, 5.0, 0.6));
        }
        List<RunResult.StackResult> stacks = List.of(
                new RunResult.StackResult("gsoap", "gSOAP", "2.8.124", "done", null, null),
                new RunResult.StackResult("cxf", "Apache CXF", "4.2.3", "done", null, null),
                new RunResult.StackResult("axis2", "Apache Axis2", "2.0.0", "build_failed", "javac: error", null));
        return new RunResult(
                UUID.randomUUID(),
                "slug-" + rounds + "-" + finishedAt.toEpochSecond(),
                "completed",
                null,
                finishedAt.minusMinutes(5),
                finishedAt,
                "echo",
                "local",
                JSON.createObjectNode(),
                fingerprint,
                "worker-1",
                null,
                stacks,
                measurements.stream().map(StoredMeasurement::data).toList(),
                Summaries.summarise(measurements));
    }

    static JsonNode fingerprint(String kernel) {
        return JSON.createObjectNode()
                .put("cpuModel", "Test CPU")
                .put("cores", 2)
                .put("memoryBytes", 25_769_803_776L)
                .put("kernel", kernel)
                .put("cpuSharing", "shared");
    }
}
