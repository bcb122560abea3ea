package dev.soapbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.WorkloadDefaults;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class InteropWorkloadTest {

    @Test
    void plainIsPutFirstWhenAbsentAndNotRepeated() {
        JsonNode added = InteropWorkload.withBaseline(
                submitted("{\"mode\":\"interop\",\"stacks\":[\"cxf\"],\"security\":[\"sign\",\"username\"]}"));
        assertThat(added.get("security").toString()).isEqualTo("[\"plain\",\"sign\",\"username\"]");

        JsonNode kept = InteropWorkload.withBaseline(
                submitted("{\"mode\":\"interop\",\"stacks\":[\"cxf\"],\"security\":[\"sign\",\"plain\"]}"));
        assertThat(kept.get("security").toString()).isEqualTo("[\"sign\",\"plain\"]");
    }

    @Test
    void anotherModeKeepsItsSecurityAsSent() {
        JsonNode measured =
                InteropWorkload.withBaseline(submitted("{\"stacks\":[\"cxf\"],\"security\":[\"username\"]}"));
        assertThat(measured.get("security").toString()).isEqualTo("[\"username\"]");
    }

    @Test
    void mtomIsRefusedAtMtom() {
        assertThatThrownBy(() -> InteropWorkload.checkWorkload(
                        submitted("{\"mode\":\"interop\",\"stacks\":[\"cxf\"],\"mtom\":true}"), false))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status().value()).isEqualTo(422);
                    assertThat(problem.errors().get(0).field()).isEqualTo("/mtom");
                });
    }

    @Test
    void aHeadWsdlIsRefused() {
        assertThatThrownBy(() ->
                        InteropWorkload.checkWorkload(submitted("{\"mode\":\"interop\",\"stacks\":[\"cxf\"]}"), true))
                .isInstanceOfSatisfying(
                        ApiProblem.class,
                        problem -> assertThat(problem.errors().get(0).field()).isEqualTo("headWsdl"));
    }

    @Test
    void securedModesNeedNoNativeDriverInAnInteropRun() {
        JsonNode workload = submitted("{\"mode\":\"interop\",\"stacks\":[\"cxf\"],\"security\":[\"signencr\"]}");
        assertThatCode(() -> SecuredCells.checkWorkload(workload)).doesNotThrowAnyException();
        assertThat(NativeDriver.requested(
                        submitted("{\"mode\":\"interop\",\"stacks\":[\"cxf\"],\"driver\":\"native\"}")))
                .as("an interop run drives every stack's own client whatever the driver says")
                .isFalse();
    }

    @Test
    void forcedSetsTheModeWhateverWasSent() {
        JsonNode forced = InteropWorkload.forced(WorkloadReader.read("{\"mode\":\"measure\",\"stacks\":[\"cxf\"]}"));
        assertThat(Workloads.interop(forced)).isTrue();
    }

    private static JsonNode submitted(String workload) {
        return WorkloadDefaults.applyTo(WorkloadReader.read(workload));
    }
}
