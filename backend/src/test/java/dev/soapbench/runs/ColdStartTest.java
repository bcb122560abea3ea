package dev.soapbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.WorkloadDefaults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

class ColdStartTest {

    @Test
    void aColdWorkloadThatLeavesTheMinimumOutIsNeverExtended() {
        JsonNode cold = submitted("{\"stacks\":[\"cxf\"],\"warmup\":{\"requests\":0,\"cold\":true}}");

        assertThat(cold.at("/load/minSeconds").asDouble()).isZero();
        assertThatCode(() -> ColdStart.checkWorkload(cold)).doesNotThrowAnyException();
        // A warm one keeps the schema's minimum.
        assertThat(submitted("{\"stacks\":[\"cxf\"]}").at("/load/minSeconds").asDouble())
                .isPositive();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"load\":{\"minSeconds\":2}}|/load/minSeconds|set load.minSeconds to 0",
                "{\"load\":{\"model\":\"capacity\",\"minSeconds\":0}}|/warmup/cold|a capacity search is many loads",
                "{\"mode\":\"check\"}|/warmup/cold|a check run takes no measurements"
            })
    void whatAColdMeasurementCannotBeIsRefusedAtItsField(String extra, String field, String words) {
        String workload = "{\"stacks\":[\"cxf\"],\"warmup\":{\"cold\":true}," + extra.substring(1);

        assertThatThrownBy(() -> ColdStart.checkWorkload(submitted(workload)))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status().value()).isEqualTo(422);
                    assertThat(problem.getMessage()).contains(words);
                    assertThat(problem.errors().get(0).field()).isEqualTo(field);
                });
    }

    private static JsonNode submitted(String workload) {
        return WorkloadDefaults.applyTo(WorkloadReader.read(workload));
    }
}
