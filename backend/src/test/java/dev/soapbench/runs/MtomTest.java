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

class MtomTest {

    @ParameterizedTest
    @CsvSource({"neutral", "native"})
    void mtomWithEitherDriverAndNoCheckIsAccepted(String driver) {
        String workload = "{\"stacks\":[\"cxf\"],\"mtom\":true,\"driver\":\"" + driver + "\"}";
        assertThatCode(() -> Mtom.checkWorkload(WorkloadReader.read(workload))).doesNotThrowAnyException();
    }

    @Test
    void mtomWithTheNativeDriverIsRefusedNamingEveryStackWhoseClientDoesNotSendIt() {
        List<ResolvedStack> stacks =
                List.of(stack("cxf", true, true), stack("gsoap", true, false), stack("axis2", true, false));
        JsonNode nativeMtom = submitted("{\"stacks\":[\"cxf\"],\"mtom\":true,\"driver\":\"native\"}");

        assertThatThrownBy(() -> Mtom.checkStacks(nativeMtom, stacks))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status().value()).isEqualTo(422);
                    assertThat(problem.getMessage())
                            .contains("gsoap, axis2's do not (stack.json features.nativeClientMtom)")
                            .doesNotContain("cxf,");
                    assertThat(problem.errors().get(0).field()).isEqualTo("/stacks");
                });
        assertThatCode(() -> Mtom.checkStacks(nativeMtom, stacks.subList(0, 1))).doesNotThrowAnyException();
        // Without mtom, or with the neutral driver, the stacks' clients do not matter here.
        assertThatCode(() -> Mtom.checkStacks(submitted("{\"stacks\":[\"cxf\"],\"driver\":\"native\"}"), stacks))
                .doesNotThrowAnyException();
        assertThatCode(() -> Mtom.checkStacks(submitted("{\"stacks\":[\"cxf\"],\"mtom\":true}"), stacks))
                .doesNotThrowAnyException();
    }

    private static ResolvedStack stack(String id, boolean nativeClient, boolean nativeClientMtom) {
        return new ResolvedStack(
                new StackManifest(
                        id,
                        id,
                        "Java",
                        null,
                        List.of(new StackManifest.Version("1", null)),
                        "jvm",
                        new StackManifest.Features(
                                List.of("1.1"),
                                List.of("document-literal-wrapped"),
                                true,
                                List.of("plain"),
                                nativeClient,
                                nativeClientMtom),
                        List.of(),
                        List.of()),
                "1");
    }

    /** A workload as the backend checks it: read, with the schema's defaults written out. */
    private static JsonNode submitted(String json) {
        return WorkloadDefaults.applyTo(WorkloadReader.read(json));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"{\"check\":{\"bodySha256\":\"00\"}}|/check|content check"})
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
