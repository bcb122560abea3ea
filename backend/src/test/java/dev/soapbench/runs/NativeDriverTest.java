package dev.soapbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.WorkloadDefaults;
import dev.soapbench.stacks.ResolvedStack;
import dev.soapbench.stacks.StackManifest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

class NativeDriverTest {

    @Test
    void aClosedLoadWithARequestCountIsWhatNativeClientsRun() {
        assertThatCode(
                        () -> NativeDriver.checkLoad(
                                submitted(
                                        "{\"stacks\":[\"cxf\"],\"driver\":\"native\",\"load\":{\"model\":\"closed\",\"requests\":1000}}")))
                .doesNotThrowAnyException();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"load\":{\"model\":\"open\",\"ratePerSecond\":100}}|/load/model|closed model only",
                "{\"load\":{\"model\":\"capacity\"},\"slo\":{\"p99Ms\":5}}|/load/model|closed model only",
                "{\"load\":{\"durationSeconds\":10}}|/load/durationSeconds|not load.durationSeconds",
                "{\"keepAlive\":false}|/keepAlive|keepAlive true",
                "{\"check\":{\"bodySha256\":\"00\"}}|/check|content check"
            })
    void whatNoNativeClientCanDoIsRefusedAtItsField(String extra, String field, String message) {
        String workload = "{\"stacks\":[\"cxf\"],\"driver\":\"native\"," + extra.substring(1);
        assertThatThrownBy(() -> NativeDriver.checkLoad(submitted(workload)))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status().value()).isEqualTo(422);
                    assertThat(problem.getMessage()).contains(message);
                    assertThat(problem.errors().get(0).field()).isEqualTo(field);
                });
    }

    @Test
    void theNeutralDriverIsNotHeldToTheNativeRules() {
        assertThatCode(() -> NativeDriver.checkLoad(
                        submitted("{\"stacks\":[\"cxf\"],\"load\":{\"model\":\"open\",\"ratePerSecond\":100}}")))
                .doesNotThrowAnyException();
    }

    @Test
    void stacksWithoutANativeClientAreNamedInTheRefusal() {
        List<ResolvedStack> stacks = List.of(stack("gsoap", true), stack("wsfcpp", false), stack("jaxws", false));

        assertThatThrownBy(() ->
                        NativeDriver.checkStacks(submitted("{\"stacks\":[\"gsoap\"],\"driver\":\"native\"}"), stacks))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status().value()).isEqualTo(422);
                    assertThat(problem.getMessage())
                            .contains("wsfcpp, jaxws have none")
                            .doesNotContain("gsoap");
                    assertThat(problem.errors().get(0).field()).isEqualTo("/stacks");
                });
        assertThatCode(() -> NativeDriver.checkStacks(
                        submitted("{\"stacks\":[\"gsoap\"],\"driver\":\"native\"}"), stacks.subList(0, 1)))
                .doesNotThrowAnyException();
        assertThatCode(() -> NativeDriver.checkStacks(submitted("{\"stacks\":[\"gsoap\"]}"), stacks))
                .doesNotThrowAnyException();
    }

    private static ResolvedStack stack(String id, boolean nativeClient) {
        return new ResolvedStack(
                new StackManifest(
                        id,
                        id,
                        "C++",
                        null,
                        List.of(new StackManifest.Version("1", null)),
                        "native process",
                        new StackManifest.Features(
                                List.of("1.1"),
                                List.of("document-literal-wrapped"),
                                false,
                                List.of("plain"),
                                nativeClient),
                        List.of(),
                        List.of()),
                "1");
    }

    /** A workload as the backend checks it: read, with the schema's defaults written out. */
    private static JsonNode submitted(String json) {
        return WorkloadDefaults.applyTo(WorkloadReader.read(json));
    }
}
