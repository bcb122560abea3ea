package dev.soapbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class RunDifferencesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String WORKLOAD =
            """
            {"wsdl":"catalog:echo","operations":["echo"],"stacks":["gsoap@2.8.124"],"repetitions":8,
             "load":{"model":"closed","connections":25,"requests":2000},"warmup":{"requests":500},
             "keepAlive":true,"driver":"neutral","security":["plain"],"hardwareClass":"local"}""";
    private static final String MACHINE =
            "{\"cpuModel\":\"Test CPU\",\"cores\":2,\"memoryBytes\":4294967296,\"kernel\":\"6.1.0\","
                    + "\"governor\":\"performance\",\"cpuSharing\":\"shared\"}";

    @Test
    void stacksRepetitionsAndReferenceMayDifferUnremarked() {
        ComparedRun a = run("aaaa", "completed", WORKLOAD, MACHINE);
        ComparedRun b = run(
                "bbbb",
                "completed",
                WORKLOAD.replace(
                                "\"stacks\":[\"gsoap@2.8.124\"],\"repetitions\":8",
                                "\"stacks\":[\"gsoap@2.8.124\","
                                        + "\"cxf@4.2.3\"],\"repetitions\":4,\"reference\":\"cxf@4.2.3\"")
                        .replace("\"connections\":25", "\"connections\":25.0"),
                MACHINE.replace("shared", "dedicated"));

        assertThat(RunDifferences.of(List.of(a, b))).isEmpty();
    }

    @Test
    void eachOtherWorkloadFieldThatDiffersIsNamedWithEveryRunsValue() {
        ComparedRun a = run("aaaa", "completed", WORKLOAD, MACHINE);
        ComparedRun b = run(
                "bbbb",
                "completed",
                WORKLOAD.replace("\"connections\":25", "\"connections\":4")
                        .replace("\"keepAlive\":true", "\"keepAlive\":false"),
                MACHINE);
        ComparedRun c =
                run("cccc", "completed", WORKLOAD.replace("\"operations\":[\"echo\"]", "\"operations\":[]"), MACHINE);

        List<ComparePage.Warning> warnings = RunDifferences.of(List.of(a, b, c));

        assertThat(warnings)
                .extracting(ComparePage.Warning::field)
                .containsExactly("/operations", "/load/connections", "/keepAlive");
        assertThat(warnings).extracting(ComparePage.Warning::kind).containsOnly("workload");
        ComparePage.Warning connections = warnings.get(1);
        assertThat(connections.values()).extracting(ComparePage.RunValue::slug).containsExactly("aaaa", "bbbb", "cccc");
        assertThat(connections.values()).extracting(v -> v.value().asInt()).containsExactly(25, 4, 25);
        assertThat(connections.text())
                .isEqualTo("The workloads differ in /load/connections: 25 in aaaa, 4 in bbbb, 25 in cccc.");
    }

    @Test
    void aFieldOnlyOneRunHasIsADifference() {
        ComparedRun a = run("aaaa", "completed", WORKLOAD, MACHINE);
        ComparedRun b = run(
                "bbbb",
                "completed",
                WORKLOAD.replace(
                        "\"driver\":\"neutral\",", "\"driver\":\"neutral\",\"requests\":{\"dataset\":\"echo/1kb\"},"),
                MACHINE);

        List<ComparePage.Warning> warnings = RunDifferences.workload(List.of(a, b));

        assertThat(warnings).singleElement().satisfies(w -> {
            assertThat(w.field()).isEqualTo("/requests/dataset");
            assertThat(w.values().get(0).value()).isNull();
            assertThat(w.text())
                    .isEqualTo("The workloads differ in /requests/dataset: none in aaaa, echo/1kb in bbbb.");
        });
    }

    @Test
    void aDefaultOneRunLeftOutIsTheSameSetting() {
        ComparedRun before = run("aaaa", "completed", WORKLOAD, MACHINE);
        ComparedRun written = run(
                "bbbb",
                "completed",
                WORKLOAD.replace(
                        "\"driver\":\"neutral\",",
                        "\"driver\":\"neutral\",\"maxErrorRatio\":0.01,\"mode\":\"measure\","),
                MACHINE);
        ComparedRun other = run(
                "cccc",
                "completed",
                WORKLOAD.replace("\"driver\":\"neutral\",", "\"driver\":\"neutral\",\"maxErrorRatio\":0.1,"),
                MACHINE);

        assertThat(RunDifferences.workload(List.of(before, written))).isEmpty();
        assertThat(RunDifferences.workload(List.of(before, other)))
                .singleElement()
                .satisfies(w -> assertThat(w.text())
                        .isEqualTo("The workloads differ in /maxErrorRatio: 0.01 in aaaa, 0.1 in cccc."));
    }

    @Test
    void machinesThatDifferInWhatDecidesTheirSpeedAreNamed() {
        ComparedRun a = run("aaaa", "completed", WORKLOAD, MACHINE);
        ComparedRun b = run(
                "bbbb",
                "completed",
                WORKLOAD,
                MACHINE.replace("6.1.0", "6.12.0").replace("\"cores\":2", "\"cores\":4"));

        List<ComparePage.Warning> warnings = RunDifferences.of(List.of(a, b));

        assertThat(warnings).extracting(ComparePage.Warning::field).containsExactly("cores", "kernel");
        assertThat(warnings).extracting(ComparePage.Warning::kind).containsOnly("machine");
        assertThat(warnings.get(1).text())
                .isEqualTo("The runs' machines differ in kernel: 6.1.0 in aaaa, 6.12.0 in bbbb.");
    }

    @Test
    void aRunWithoutAMachineYetIsNoMachineDifferenceButIsUnfinished() {
        ComparedRun a = run("aaaa", "completed", WORKLOAD, MACHINE);
        ComparedRun b = run("bbbb", "queued", WORKLOAD, null);
        ComparedRun c = run("cccc", "running", WORKLOAD, MACHINE);
        ComparedRun d = run("dddd", "failed", WORKLOAD, MACHINE);

        List<ComparePage.Warning> warnings = RunDifferences.of(List.of(a, b, c, d));

        assertThat(warnings).extracting(ComparePage.Warning::kind).containsOnly("unfinished");
        assertThat(warnings).extracting(w -> w.values().get(0).slug()).containsExactly("bbbb", "cccc", "dddd");
        assertThat(warnings.get(0).text()).isEqualTo("Run bbbb is still queued: it has no figures yet.");
        assertThat(warnings.get(1).text()).contains("still measuring");
        assertThat(warnings.get(2).text())
                .isEqualTo("Run dddd ended failed before it completed: its figures are what it measured until then.");
    }

    @Test
    void aCatalogServiceWhoseFilesChangedBetweenRunsIsFlagged() {
        ComparedRun a = run("aaaa", "completed", WORKLOAD, MACHINE);
        ComparedRun b = new ComparedRun(
                UUID.randomUUID(), "bbbb", "completed", "echo", null, "other-digest", json(WORKLOAD), json(MACHINE));

        assertThat(RunDifferences.of(List.of(a, b))).singleElement().satisfies(w -> {
            assertThat(w.kind()).isEqualTo("wsdl");
            assertThat(w.text()).contains("catalog service echo changed between them");
        });
    }

    static ComparedRun run(String slug, String status, String workload, String fingerprint) {
        return new ComparedRun(
                UUID.randomUUID(),
                slug,
                status,
                "echo",
                null,
                "digest",
                json(workload),
                fingerprint == null ? null : json(fingerprint));
    }

    private static JsonNode json(String text) {
        return JSON.readTree(text);
    }
}
