package dev.soapbench.stacks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.common.SoapBenchProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

class StacksTest {

    @TempDir
    Path dir;

    Stacks stacks;

    @BeforeEach
    void manifests() throws Exception {
        write(
                "cxf",
                """
                {"id":"cxf","displayName":"Apache CXF","language":"Java","container":"jetty",
                 "versions":[{"version":"4.2.3"},{"version":"3.6.10"}],
                 "features":{"soapVersions":["1.1"],"styles":["document-literal-wrapped"],"security":["plain"]}}""");
        write(
                "misnamed",
                """
                {"id":"other","displayName":"X","language":"C","container":"native","versions":[{"version":"1"}],
                 "features":{"soapVersions":[],"styles":[],"security":[]}}""");
        write("broken", "{not json");
        stacks = new Stacks(
                new SoapBenchProperties(dir.toString(), dir.toString(), dir.toString(), null, null, null, null),
                JsonMapper.builder().build());
    }

    private void write(String id, String manifest) throws Exception {
        Files.createDirectories(dir.resolve(id));
        Files.writeString(dir.resolve(id).resolve("stack.json"), manifest);
    }

    @Test
    void onlyWellFormedManifestsInTheirOwnFolderAreOffered() {
        assertThat(stacks.all()).extracting(StackManifest::id).containsExactly("cxf");
    }

    @Test
    void aBareIdMeansTheNewestVersionAndAnExplicitOneIsKept() {
        List<ResolvedStack> resolved = stacks.resolve(List.of("cxf", "cxf@3.6.10"));

        assertThat(resolved).extracting(ResolvedStack::version).containsExactly("4.2.3", "3.6.10");
    }

    @Test
    void everyUnknownStackOrVersionIsNamedWithItsPointer() {
        assertThatThrownBy(() -> stacks.resolve(List.of("cxf@9.9", "metro", "cxf")))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status().value()).isEqualTo(422);
                    assertThat(problem.errors())
                            .extracting(ProblemError::field)
                            .containsExactly("/stacks/0", "/stacks/1");
                    assertThat(problem.getMessage())
                            .contains("'9.9'")
                            .contains("'metro'")
                            .contains("4.2.3, 3.6.10");
                });
    }
}
