package dev.soapbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.WorkloadDefaults;
import dev.soapbench.stacks.ResolvedStack;
import dev.soapbench.stacks.StackManifest;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class WorkloadsTest {

    private static final StackManifest CXF = new StackManifest(
            "cxf",
            "Apache CXF",
            "Java",
            null,
            List.of(new StackManifest.Version("4.2.3", null)),
            "jvm",
            new StackManifest.Features(
                    List.of("1.1"), List.of("document-literal-wrapped"), false, List.of("plain"), false),
            List.of(),
            List.of());

    @Test
    void yamlAndJsonWorkloadsReadTheSame() {
        JsonNode yaml = WorkloadReader.read("stacks: [cxf]\nload:\n  connections: 8\n");
        JsonNode json = WorkloadReader.read("{\"stacks\":[\"cxf\"],\"load\":{\"connections\":8}}");

        assertThat(yaml).isEqualTo(json);
    }

    @Test
    void unreadableYamlIsABadRequestWithItsPosition() {
        assertThatThrownBy(() -> WorkloadReader.read("stacks: [cxf\nload: {"))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status().value()).isEqualTo(400);
                    assertThat(problem.errors().get(0).field()).isEqualTo("workload");
                    assertThat(problem.errors().get(0).line()).isNotNull();
                });
    }

    @Test
    void aScalarIsNotAWorkload() {
        assertThatThrownBy(() -> WorkloadReader.read("just words"))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.getMessage())
                        .contains("must be an object"));
    }

    @Test
    void defaultsAreWrittenOutAndStacksCarryTheirVersions() {
        ObjectNode workload = Workloads.resolved(
                WorkloadDefaults.applyTo(WorkloadReader.read(
                        "{\"stacks\":[\"cxf\"],\"load\":{\"connections\":8},\"security\":[\"plain\",\"plain\"]}")),
                "echo",
                List.of("echo"),
                List.of(new ResolvedStack(CXF, "4.2.3")));

        assertThat(workload.get("wsdl").asString()).isEqualTo("catalog:echo");
        assertThat(workload.at("/stacks/0").asString()).isEqualTo("cxf@4.2.3");
        assertThat(workload.at("/operations/0").asString()).isEqualTo("echo");
        assertThat(workload.at("/load/connections").asInt()).isEqualTo(8);
        assertThat(workload.at("/load/requests").asInt()).isEqualTo(2000);
        assertThat(workload.at("/load/model").asString()).isEqualTo("closed");
        assertThat(workload.at("/warmup/requests").asInt()).isEqualTo(500);
        assertThat(workload.get("repetitions").asInt()).isEqualTo(8);
        assertThat(workload.get("keepAlive").asBoolean()).isTrue();
        assertThat(workload.get("security")).hasSize(1);
        assertThat(workload.at("/security/0").asString()).isEqualTo("plain");
        assertThat(workload.get("hardwareClass").asString()).isEqualTo("local");
    }
}
