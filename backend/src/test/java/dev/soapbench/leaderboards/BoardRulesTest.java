package dev.soapbench.leaderboards;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.stacks.StackManifest;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Which stacks a board measures, when a stack version counts as new, which user runs are the board's workload. */
class BoardRulesTest {

    @Test
    void aBoardMeasuresTheClaimingStacksThatLiveWorkersOffer() {
        List<StackManifest> claimed = List.of(manifest("cxf"), manifest("gsoap"), manifest("metro"));
        Map<String, Set<JsonNode>> available = Map.of(
                "gsoap", Set.of(versions("gsoap", "2.8.124")),
                "cxf", Set.of(versions("cxf", "4.2.3")),
                "axis2", Set.of(versions("axis2", "2.0.0")));

        BoardStacks.Candidates candidates = BoardStacks.of(claimed, available);

        assertThat(candidates.ids()).containsExactly("cxf", "gsoap");
        assertThat(candidates.versions()).contains("4.2.3").contains("2.8.124").doesNotContain("axis2");
    }

    @Test
    void theVersionsRecordIsTheSameWhateverOrderTheWorkersReportedIn() {
        JsonNode one = BoardFixtures.JSON.readTree(
                "{\"stack\":\"cxf\",\"version\":\"4.2.3\",\"components\":{\"jdk\":\"17\",\"cxf\":\"4.2.3\"}}");
        JsonNode sameReordered = BoardFixtures.JSON.readTree(
                "{\"components\":{\"cxf\":\"4.2.3\",\"jdk\":\"17\"},\"version\":\"4.2.3\",\"stack\":\"cxf\"}");
        JsonNode upgraded = BoardFixtures.JSON.readTree("{\"stack\":\"cxf\",\"version\":\"4.2.4\"}");
        List<StackManifest> claimed = List.of(manifest("cxf"));

        String first = BoardStacks.of(claimed, Map.of("cxf", new LinkedHashSet<>(List.of(one, upgraded))))
                .versions();
        String again = BoardStacks.of(claimed, Map.of("cxf", new LinkedHashSet<>(List.of(upgraded, sameReordered))))
                .versions();
        String before = BoardStacks.of(claimed, Map.of("cxf", Set.of(one))).versions();

        assertThat(again).isEqualTo(first);
        assertThat(before).isNotEqualTo(first);
    }

    @Test
    void aUsersRunCountsAsTheBoardsWorkloadOnlyWithEveryFixedSetting() {
        Board board = BoardFixtures.board("plain");
        JsonNode same = BoardFixtures.JSON.readTree(
                """
                {"operations":["echo"],"requests":{"dataset":"echo/1kb"},"security":["plain"],"hardwareClass":"local",
                 "load":{"model":"closed","connections":25,"requests":2000,"minSeconds":2},"repetitions":3,
                 "stacks":["gsoap@2.8.124"],"keepAlive":true}""");
        JsonNode otherSize = BoardFixtures.JSON.readTree(same.toString().replace("echo/1kb", "echo/10kb"));
        JsonNode otherLoad =
                BoardFixtures.JSON.readTree(same.toString().replace("\"connections\":25", "\"connections\":1"));
        JsonNode signed = BoardFixtures.JSON.readTree(same.toString().replace("[\"plain\"]", "[\"sign\"]"));
        JsonNode noDataset =
                BoardFixtures.JSON.readTree(same.toString().replace(",\"requests\":{\"dataset\":\"echo/1kb\"}", ""));

        assertThat(UnverifiedRuns.sameWorkload(board.workload(), same)).isTrue();
        assertThat(UnverifiedRuns.sameWorkload(board.workload(), otherSize)).isFalse();
        assertThat(UnverifiedRuns.sameWorkload(board.workload(), otherLoad)).isFalse();
        assertThat(UnverifiedRuns.sameWorkload(board.workload(), signed)).isFalse();
        assertThat(UnverifiedRuns.sameWorkload(board.workload(), noDataset)).isFalse();
    }

    private static StackManifest manifest(String id) {
        return BoardFixtures.JSON.convertValue(
                BoardFixtures.JSON.readTree(
                        "{\"id\":\"" + id + "\",\"displayName\":\"" + id + "\",\"language\":\"Java\","
                                + "\"versions\":[{\"version\":\"1\"}],\"features\":{\"soapVersions\":[\"1.1\"],\"styles\":[],"
                                + "\"security\":[\"plain\"]},\"catalog\":[\"echo\"]}"),
                StackManifest.class);
    }

    private static JsonNode versions(String stack, String version) {
        return BoardFixtures.JSON.readTree("{\"stack\":\"" + stack + "\",\"version\":\"" + version + "\"}");
    }
}
