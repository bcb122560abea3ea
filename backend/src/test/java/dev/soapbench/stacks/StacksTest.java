package dev.soapbench.stacks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.common.SoapBenchProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

class StacksTest {

    static final String SCHEMA = "../stack-runners/stack.schema.json";
    static final String CXF =
            """
            {"id":"cxf","displayName":"Apache CXF","language":"Java","container":"jetty",
             "versions":[{"version":"4.2.3"},{"version":"3.6.10"}],
             "features":{"soapVersions":["1.1"],"styles":["document-literal-wrapped"],"security":["plain"]}}""";

    @TempDir
    Path dir;

    static Stacks startedOn(Path stacksDir) {
        return new Stacks(
                new SoapBenchProperties(stacksDir.toString(), null, null, null, null, null, null, null),
                SCHEMA,
                JsonMapper.builder().build());
    }

    private void write(String folder, String manifest) throws Exception {
        Files.createDirectories(dir.resolve(folder));
        Files.writeString(dir.resolve(folder).resolve("stack.json"), manifest);
    }

    @Test
    void everyShippedManifestMatchesTheSchema() {
        assertThat(startedOn(Path.of("../stack-runners")).all())
                .extracting(StackManifest::id)
                .contains("cxf", "gsoap");
    }

    @Test
    void knownDefectsAreReadAndAbsentOnesAreAnEmptyList() throws Exception {
        write("cxf", CXF);
        write(
                "axis2",
                CXF.replace("\"cxf\"", "\"axis2\"")
                        .replace(
                                "\"container\":\"jetty\",",
                                "\"container\":\"jetty\",\"knownDefects\":[{\"feature\":\"date-without-zone\",\"reason\":\"adds the zone\"}],"));

        List<StackManifest> all = startedOn(dir).all();

        assertThat(all.get(0).knownDefects())
                .containsExactly(new StackManifest.KnownDefect("date-without-zone", "adds the zone"));
        assertThat(all.get(1).knownDefects()).isEmpty();
    }

    @Test
    void aManifestThatBreaksTheSchemaStopsStartUpNamingTheFileAndTheFault() {
        assertThatThrownBy(() -> startedOn(Path.of("src/test/resources/broken-stack-runners")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("broken-stack-runners/metro/stack.json")
                .hasMessageContaining("/features/styles/1")
                .hasMessageContaining("document-literal-wrapped");
    }

    @Test
    void aManifestOutsideItsOwnFolderStopsStartUp() throws Exception {
        write("misnamed", CXF);

        assertThatThrownBy(() -> startedOn(dir))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("misnamed/stack.json")
                .hasMessageContaining("differs from its folder name 'misnamed'");
    }

    @Test
    void aManifestThatIsNotJsonStopsStartUp() throws Exception {
        write("broken", "{not json");

        assertThatThrownBy(() -> startedOn(dir))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("broken/stack.json is not JSON");
    }

    @Test
    void aBrokenManifestAddedAfterStartUpIsLeftOut() throws Exception {
        write("cxf", CXF);
        Stacks stacks = startedOn(dir);
        write("late", "{\"id\":\"late\",\"displayName\":\"Late\"}");
        write("broken", "{not json");

        assertThat(stacks.all()).extracting(StackManifest::id).containsExactly("cxf");
    }

    @Test
    void aBareIdMeansTheNewestVersionAndAnExplicitOneIsKept() throws Exception {
        write("cxf", CXF);

        List<ResolvedStack> resolved = startedOn(dir).resolve(List.of("cxf", "cxf@3.6.10"));

        assertThat(resolved).extracting(ResolvedStack::version).containsExactly("4.2.3", "3.6.10");
    }

    @Test
    void everyUnknownStackOrVersionIsNamedWithItsPointer() throws Exception {
        write("cxf", CXF);
        Stacks stacks = startedOn(dir);

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
