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
    void theShippedManifestsSayWhichNativeClientsSendMtom() {
        // contract-test checks each claim against what the client really sends.
        assertThat(startedOn(Path.of("../stack-runners")).all())
                .filteredOn(stack -> stack.features().nativeClientMtom())
                .extracting(StackManifest::id)
                .containsExactlyInAnyOrder("cxf", "metro", "axis2");
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

    static final String CXF_WITH_VARIANTS = CXF.replace(
            "\"container\":\"jetty\",",
            "\"container\":\"jetty\",\"variants\":["
                    + "{\"id\":\"parallel-gc\",\"description\":\"the parallel collector\",\"settings\":{\"jvm.gc\":\"parallel\"}},"
                    + "{\"id\":\"nio2\",\"description\":\"NIO2\",\"settings\":{\"connector.protocol\":\"nio2\"}}],");

    @Test
    void aVariantIsReportedUnderItsVersionWithTheVariantAsBuildMetadata() throws Exception {
        write("cxf", CXF_WITH_VARIANTS);

        List<ResolvedStack> resolved =
                startedOn(dir).resolve(List.of("cxf", "cxf+parallel-gc", "cxf@3.6.10+nio2", "cxf@3.6.10"));

        assertThat(resolved)
                .extracting(ResolvedStack::version)
                .containsExactly("4.2.3", "4.2.3+parallel-gc", "3.6.10+nio2", "3.6.10");
        assertThat(resolved).extracting(ResolvedStack::variant).containsExactly(null, "parallel-gc", "nio2", null);
        assertThat(resolved.get(1).buildVersion()).isEqualTo("4.2.3");
        assertThat(resolved.get(1).variantSettings().orElseThrow().settings()).containsEntry("jvm.gc", "parallel");
    }

    @Test
    void anUndeclaredVariantIsRefusedNamingTheStackAndItsVariants() throws Exception {
        write("cxf", CXF_WITH_VARIANTS);
        write("gsoap", CXF.replace("\"cxf\"", "\"gsoap\""));
        Stacks stacks = startedOn(dir);

        assertThatThrownBy(() -> stacks.resolve(List.of("cxf", "cxf+zgc", "gsoap+parallel-gc")))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status().value()).isEqualTo(422);
                    assertThat(problem.errors())
                            .extracting(ProblemError::field)
                            .containsExactly("/stacks/1", "/stacks/2");
                    assertThat(problem.errors().get(0).message())
                            .isEqualTo("stack 'cxf' has no variant 'zgc' (declared: parallel-gc, nio2)");
                    assertThat(problem.errors().get(1).message())
                            .isEqualTo("stack 'gsoap' has no variant 'parallel-gc' (it declares none)");
                });
    }

    @Test
    void twoNamesOfOneStackAndConfigurationAreRefused() throws Exception {
        write("cxf", CXF_WITH_VARIANTS);
        Stacks stacks = startedOn(dir);

        assertThatThrownBy(() -> stacks.resolve(List.of("cxf+nio2", "cxf", "cxf@4.2.3+nio2")))
                .isInstanceOfSatisfying(
                        ApiProblem.class,
                        problem -> assertThat(problem.errors()).singleElement().satisfies(error -> {
                            assertThat(error.field()).isEqualTo("/stacks/2");
                            assertThat(error.message()).isEqualTo("names cxf@4.2.3+nio2, as /stacks/0 does");
                        }));
    }

    @Test
    void aManifestDeclaringAVariantTwiceOrOneNamedHeadStopsStartUp() throws Exception {
        write(
                "cxf",
                CXF.replace(
                        "\"container\":\"jetty\",",
                        "\"container\":\"jetty\",\"variants\":["
                                + "{\"id\":\"a\",\"description\":\"a\",\"settings\":{\"jvm.gc\":\"serial\"}},"
                                + "{\"id\":\"a\",\"description\":\"again\",\"settings\":{\"jvm.gc\":\"parallel\"}}],"));
        assertThatThrownBy(() -> startedOn(dir))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("declares variant 'a' twice");

        write("cxf", CXF_WITH_VARIANTS.replace("\"nio2\",\"description\"", "\"head\",\"description\""));
        assertThatThrownBy(() -> startedOn(dir))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("/variants/1/id");
    }

    @Test
    void aVersionThatHonoursFewerSecurityModesNarrowsWhatTheStackIsJudgedOn() throws Exception {
        write(
                "cxf",
                CXF.replace("\"security\":[\"plain\"]", "\"security\":[\"plain\",\"sign\"]")
                        .replace("{\"version\":\"3.6.10\"}", "{\"version\":\"3.6.10\",\"security\":[\"plain\"]}"));
        StackManifest cxf = startedOn(dir).find("cxf").orElseThrow();

        assertThat(cxf.securityAt("4.2.3")).containsExactly("plain", "sign");
        assertThat(cxf.securityAt("3.6.10")).containsExactly("plain");
        Compatibility.Needs sign = Compatibility.Needs.NOTHING.withSecurity(List.of("sign"));
        assertThat(Compatibility.whyNot(cxf.atVersion("4.2.3"), sign)).isEmpty();
        assertThat(Compatibility.whyNot(cxf.atVersion("3.6.10"), sign))
                .hasValue("does not support security mode 'sign'");
    }

    @Test
    void aVersionClaimingAModeTheStackDoesNotStopsStartUp() throws Exception {
        write("cxf", CXF.replace("{\"version\":\"3.6.10\"}", "{\"version\":\"3.6.10\",\"security\":[\"sign\"]}"));

        assertThatThrownBy(() -> startedOn(dir))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("/versions/1/security")
                .hasMessageContaining("[sign] is not within [plain]");
    }

    @Test
    void theShippedManifestsSayMetroTwoThreeSevenIsPlainOnly() {
        // Its runner refuses every secured mode there (stack-runners/metro/tests/security-test checks it).
        StackManifest metro =
                startedOn(Path.of("../stack-runners")).find("metro").orElseThrow();

        assertThat(metro.securityAt("2.3.7")).containsExactly("plain");
        assertThat(metro.securityAt("4.0.5")).contains("username", "sign");
    }
}
