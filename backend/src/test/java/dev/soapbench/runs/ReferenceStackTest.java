package dev.soapbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
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

class ReferenceStackTest {

    private static final List<ResolvedStack> STACKS =
            List.of(stack("gsoap", "2.8.124"), stack("cxf", "4.2.3"), stack("cxf", "3.6.10"), stack("metro", "4.0.4"));

    @ParameterizedTest
    @CsvSource({
        // named, resolved
        "gsoap, gsoap@2.8.124",
        "gsoap@2.8.124, gsoap@2.8.124",
        "cxf@3.6.10, cxf@3.6.10",
        "metro, metro@4.0.4"
    })
    void aReferenceNamesOneStackOfTheWorkloadAndIsWrittenOutWithItsVersion(String named, String resolved) {
        assertThat(ReferenceStack.of(workload(named), STACKS)).contains(resolved);
    }

    @Test
    void withoutAReferenceThereIsNothingToCheck() {
        assertThat(ReferenceStack.of(WorkloadReader.read("{\"stacks\":[\"cxf\"]}"), STACKS))
                .isEmpty();
    }

    @ParameterizedTest
    @CsvSource({
        // named, what the refusal says
        "axis2, names no stack of its stacks (gsoap@2.8.124, cxf@4.2.3, cxf@3.6.10, metro@4.0.4)",
        "gsoap@2.8.100, names no stack of its stacks",
        "cx, names no stack of its stacks"
    })
    void aReferenceOutsideTheStacksIsRefusedAtItsField(String named, String message) {
        assertThatThrownBy(() -> ReferenceStack.of(workload(named), STACKS))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status().value()).isEqualTo(422);
                    assertThat(problem.getMessage()).contains("'" + named + "'").contains(message);
                    assertThat(problem.errors()).singleElement().satisfies(error -> assertThat(error.field())
                            .isEqualTo("/reference"));
                });
    }

    @Test
    void anIdOfTwoVersionsIsRefusedAsAmbiguous() {
        assertThatThrownBy(() -> ReferenceStack.of(workload("cxf"), STACKS))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status().value()).isEqualTo(422);
                    assertThat(problem.getMessage())
                            .contains("cxf@4.2.3, cxf@3.6.10")
                            .contains("give the version");
                    assertThat(problem.errors().get(0).field()).isEqualTo("/reference");
                });
    }

    private static final List<ResolvedStack> WITH_VARIANT = List.of(
            stack("gsoap", "2.8.124"),
            stack("cxf", "4.2.3"),
            new ResolvedStack(stack("cxf", "4.2.3").manifest(), "4.2.3+parallel-gc", "parallel-gc"));

    @ParameterizedTest
    @CsvSource({
        // named, resolved: a bare id is the default configuration, never its variant
        "cxf, cxf@4.2.3",
        "cxf@4.2.3, cxf@4.2.3",
        "cxf+parallel-gc, cxf@4.2.3+parallel-gc",
        "cxf@4.2.3+parallel-gc, cxf@4.2.3+parallel-gc"
    })
    void aReferenceTellsAVariantFromItsDefaultConfiguration(String named, String resolved) {
        assertThat(ReferenceStack.of(workload(named), WITH_VARIANT)).contains(resolved);
    }

    @Test
    void aReferenceToAVariantNotMeasuredIsRefused() {
        assertThatThrownBy(() -> ReferenceStack.of(workload("gsoap+parallel-gc"), WITH_VARIANT))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.getMessage())
                        .contains("names no stack of its stacks (gsoap@2.8.124, cxf@4.2.3, cxf@4.2.3+parallel-gc)"));
    }

    @Test
    void theStoredWorkloadCarriesTheResolvedReference() {
        assertThat(Workloads.resolved(WorkloadDefaults.applyTo(workload("metro")), "echo", List.of("echo"), STACKS)
                        .get("reference")
                        .asString())
                .isEqualTo("metro@4.0.4");
    }

    private static JsonNode workload(String reference) {
        return WorkloadReader.read("{\"stacks\":[\"gsoap\",\"cxf\"],\"reference\":\"" + reference + "\"}");
    }

    private static ResolvedStack stack(String id, String version) {
        return new ResolvedStack(
                new StackManifest(
                        id,
                        id,
                        "Java",
                        null,
                        List.of(new StackManifest.Version(version, null)),
                        "jvm",
                        new StackManifest.Features(
                                List.of("1.1"), List.of("document-literal-wrapped"), false, List.of("plain"), false),
                        List.of(),
                        List.of()),
                version);
    }
}
