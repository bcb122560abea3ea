package dev.soapbench.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class WorkloadDefaultsTest {

    private static JsonNode read(String json) {
        return JsonMapper.shared().readTree(json);
    }

    @Test
    void everyDefaultOfTheSchemaIsWrittenOut() {
        ObjectNode workload = WorkloadDefaults.applyTo(read("{\"stacks\":[\"cxf\"]}"));

        assertThat(workload)
                .isEqualTo(
                        read(
                                """
                        {"stacks":["cxf"],"mode":"measure","policy":"keep",
                         "load":{"model":"closed","connections":25,"requests":2000,"maxConnections":100,"minSeconds":2},
                         "warmup":{"requests":500,"seconds":0},
                         "repetitions":8,"keepAlive":true,"driver":"neutral","mtom":false,
                         "security":["plain"],"hardwareClass":"local","maxErrorRatio":0.01}
                        """));
    }

    @Test
    void theInteropObjectIsWrittenOutInAnInteropRunOnly() {
        assertThat(WorkloadDefaults.applyTo(read("{\"stacks\":[\"cxf\"],\"mode\":\"interop\"}"))
                        .get("interop"))
                .isEqualTo(read("{\"requests\":200,\"connections\":1,\"warmupRequests\":20}"));
        assertThat(WorkloadDefaults.applyTo(read("{\"stacks\":[\"cxf\"],\"mode\":\"check\"}"))
                        .has("interop"))
                .isFalse();
    }

    @Test
    void whatTheWorkloadSaysIsKeptAndItsObjectsAreCompleted() {
        ObjectNode workload = WorkloadDefaults.applyTo(
                read("{\"stacks\":[\"cxf\"],\"load\":{\"model\":\"open\",\"ratePerSecond\":50},\"repetitions\":3,"
                        + "\"security\":[\"sign\"],\"keepAlive\":false}"));

        assertThat(workload.at("/load/model").asString()).isEqualTo("open");
        assertThat(workload.at("/load/ratePerSecond").asDouble()).isEqualTo(50);
        assertThat(workload.at("/load/connections").asInt()).isEqualTo(25);
        assertThat(workload.get("repetitions").asInt()).isEqualTo(3);
        assertThat(workload.at("/security/0").asString()).isEqualTo("sign");
        assertThat(workload.get("keepAlive").asBoolean()).isFalse();
    }

    @Test
    void anObjectWithoutDefaultsIsNotAskedFor() {
        ObjectNode workload = WorkloadDefaults.applyTo(read("{\"stacks\":[\"cxf\"]}"));

        // Each of these asks for something when present: a content check, a dataset, a capacity objective.
        assertThat(workload.has("check")).isFalse();
        assertThat(workload.has("requests")).isFalse();
        assertThat(workload.has("slo")).isFalse();
    }

    @Test
    void theSubmittedWorkloadIsLeftAsItWas() {
        JsonNode submitted = read("{\"stacks\":[\"cxf\"]}");

        WorkloadDefaults.applyTo(submitted);

        assertThat(submitted).isEqualTo(read("{\"stacks\":[\"cxf\"]}"));
    }

    @Test
    void theDefaultsComeFromTheRepositorysSchema() throws Exception {
        JsonNode schema = read(Files.readString(Path.of("../schemas/workload.schema.json")));

        assertThat(WorkloadDefaults.at("/hardwareClass")).isEqualTo(schema.at("/properties/hardwareClass/default"));
        assertThat(WorkloadDefaults.at("/load/requests"))
                .isEqualTo(schema.at("/properties/load/properties/requests/default"));
        assertThat(WorkloadDefaults.at("/stacks").isMissingNode()).isTrue();
    }
}
