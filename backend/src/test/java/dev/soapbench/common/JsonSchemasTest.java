package dev.soapbench.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class JsonSchemasTest {

    private final JsonSchemas schemas = new JsonSchemas();
    private final JsonMapper json = JsonMapper.builder().build();

    private List<ProblemError> validateWorkload(String workload) {
        return schemas.validate(JsonSchemas.WORKLOAD, json.readTree(workload));
    }

    @Test
    void aCompleteWorkloadIsValid() {
        assertThat(
                        validateWorkload(
                                """
                {"stacks":["cxf@4.2.3","gsoap"],"operations":["echo"],"load":{"model":"closed","connections":25,
                 "requests":2000},"warmup":{"requests":500},"repetitions":3,"keepAlive":true,"driver":"neutral",
                 "security":["plain","username"],"hardwareClass":"local"}"""))
                .isEmpty();
    }

    @Test
    void faultsPointAtTheirField() {
        List<ProblemError> faults = validateWorkload("{\"stacks\":[\"CXF!\"],\"load\":{\"connections\":0}}");

        assertThat(faults).extracting(ProblemError::field).containsExactlyInAnyOrder("/stacks/0", "/load/connections");
    }

    @Test
    void missingAndUnknownPropertiesAreNamed() {
        List<ProblemError> faults = validateWorkload("{\"stackz\":[\"cxf\"]}");

        assertThat(faults).extracting(ProblemError::field).containsExactlyInAnyOrder("/stacks", "/stackz");
    }

    @Test
    void runEventMeasurementsAreCheckedAgainstTheirDefinition() {
        List<ProblemError> faults =
                schemas.validate(JsonSchemas.RUN_EVENT + "#/$defs/measurement", json.readTree("{\"stack\":\"cxf\"}"));

        assertThat(faults).extracting(ProblemError::field).contains("/histogram", "/throughput");
    }
}
