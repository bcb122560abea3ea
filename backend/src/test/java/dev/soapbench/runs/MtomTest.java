package dev.soapbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.soapbench.common.ApiProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MtomTest {

    @Test
    void mtomWithTheNeutralDriverAndNoCheckIsAccepted() {
        assertThatCode(() -> Mtom.checkWorkload(WorkloadReader.read("{\"stacks\":[\"cxf\"],\"mtom\":true}")))
                .doesNotThrowAnyException();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"check\":{\"bodySha256\":\"00\"}}|/check|content check",
                "{\"driver\":\"native\"}|/driver|driver native is not available yet"
            })
    void whatCannotBeMeasuredWithMtomIsRefusedAtItsField(String extra, String field, String message) {
        String workload = "{\"stacks\":[\"cxf\"],\"mtom\":true," + extra.substring(1);
        assertThatThrownBy(() -> Mtom.checkWorkload(WorkloadReader.read(workload)))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status().value()).isEqualTo(422);
                    assertThat(problem.getMessage()).contains(message);
                    assertThat(problem.errors().get(0).field()).isEqualTo(field);
                });
        // The same workload without mtom is not this rule's business.
        assertThatCode(() -> Mtom.checkWorkload(WorkloadReader.read(workload.replace("\"mtom\":true,", ""))))
                .doesNotThrowAnyException();
    }
}
