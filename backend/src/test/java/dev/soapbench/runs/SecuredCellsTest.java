package dev.soapbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.WorkloadDefaults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SecuredCellsTest {

    @Test
    void aSecuredModeWithTheNeutralDriverIsRefusedAtTheDriver() {
        assertThatThrownBy(() -> SecuredCells.checkWorkload(
                        submitted("{\"stacks\":[\"cxf\"],\"security\":[\"plain\",\"sign\",\"signencr\"]}")))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status().value()).isEqualTo(422);
                    assertThat(problem.getMessage())
                            .contains("security mode sign, signencr is measured with each stack's own client")
                            .contains("set driver native");
                    assertThat(problem.errors().get(0).field()).isEqualTo("/driver");
                });
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"stacks\":[\"cxf\"],\"security\":[\"plain\"]}",
                "{\"stacks\":[\"cxf\"],\"security\":[\"username\"],\"driver\":\"native\"}",
                "{\"stacks\":[\"cxf\"],\"security\":[\"sign\"],\"mode\":\"check\"}"
            })
    void plainOrTheNativeDriverOrACheckIsAccepted(String workload) {
        assertThatCode(() -> SecuredCells.checkWorkload(submitted(workload))).doesNotThrowAnyException();
    }

    @Test
    void mtomAndASecuredModeAreNotCombined() {
        assertThatThrownBy(() -> SecuredCells.checkWorkload(
                        submitted("{\"stacks\":[\"cxf\"],\"security\":[\"sign\"],\"mtom\":true,\"mode\":\"check\"}")))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.getMessage()).contains("mtom cannot be combined with security mode sign");
                    assertThat(problem.errors().get(0).field()).isEqualTo("/mtom");
                });
    }

    private static tools.jackson.databind.JsonNode submitted(String workload) {
        return WorkloadDefaults.applyTo(WorkloadReader.read(workload));
    }
}
