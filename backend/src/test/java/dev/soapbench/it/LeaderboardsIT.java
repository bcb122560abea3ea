package dev.soapbench.it;

import static dev.soapbench.it.Runs.sleep;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Official runs fill a leaderboard: an operator asks, the scheduler sends the board's fixed workload
 * to the idle class, a worker's measurements become the board's standing, and a user's run never
 * waits behind an official one. The class it-boards is this test's alone.
 */
class LeaderboardsIT extends IntegrationTest {

    static final String CLASS = "it-boards";
    static final String BOARD = "echo-150b-plain-" + CLASS;
    static final String OPERATOR = "it-operator-secret";
    static final Duration WAIT = Duration.ofSeconds(20);
    static final String HISTOGRAM = Base64.getEncoder()
            .encodeToString("HISTFAAAACl4nJNpmSzMwMDAxgABzFCaEUzLMdg1NjNP".getBytes(StandardCharsets.US_ASCII));

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Test
    void operatorCallsNeedTheOperatorsTokenAndABoardWithStacks() {
        ApiClient api = new ApiClient(port);
        String path = "/api/v1/leaderboards/" + BOARD + "/official-runs";

        ApiClient.Response anonymous = api.postAction(path, null, null, null);
        assertThat(anonymous.status()).as(anonymous.body()).isEqualTo(401);
        assertThat(anonymous.contentType()).startsWith("application/problem+json");
        assertThat(api.postAction(path, "not-the-token", null, null).status()).isEqualTo(403);
        ApiClient.Response unknown =
                api.postAction("/api/v1/leaderboards/no-such-board/official-runs", OPERATOR, null, null);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).contains("no-such-board");
        // The test stacks implement only the echo service.
        ApiClient.Response noStack = api.postAction(
                "/api/v1/leaderboards/hello-world-plain-" + CLASS + "/official-runs", OPERATOR, null, null);
        assertThat(noStack.status()).as(noStack.body()).isEqualTo(422);
        assertThat(noStack.body()).contains("No stack implements catalog service 'hello-world'");
    }

    @Test
    void anOfficialRunFillsItsBoardAndYieldsToAUsersRun() {
        ApiClient api = new ApiClient(port);
        WorkerEvents.publishHeartbeat(rabbit, "boards-worker", heartbeat());
        JsonNode index = awaitJson(api, "/api/v1/leaderboards", i -> line(i, BOARD) != null);
        assertThat(line(index, BOARD).get("title").asString()).isEqualTo("Echo, 150 B messages");
        assertThat(line(index, "hello-world-plain-" + CLASS).get("state").asString())
                .isEqualTo("no-stack");

        ApiClient.Response asked =
                api.postAction("/api/v1/leaderboards/" + BOARD + "/official-runs", OPERATOR, null, null);
        assertThat(asked.status()).as(asked.body()).isEqualTo(202);
        JsonNode board = awaitBoard(api, b -> b.hasNonNull("inFlight"));
        UUID runId = UUID.fromString(board.at("/inFlight/runId").asString());
        assertThat(board.at("/inFlight/reason").asString()).isEqualTo("operator");

        Message job = JobQueue.takeJobOf(rabbit, "bench.jobs." + CLASS, runId, WAIT);
        JsonNode workload = ApiClient.JSON.readTree(job.getBody()).get("workload");
        assertThat(workload.get("stacks").toString()).contains("cxf@").contains("gsoap@");
        assertThat(workload.at("/requests/dataset").asString()).isEqualTo("echo/150b");
        assertThat(workload.get("security").toString()).isEqualTo("[\"plain\"]");
        assertThat(workload.get("hardwareClass").asString()).isEqualTo(CLASS);

        measure(runId, 8);
        board = awaitBoard(
                api, b -> runId.toString().equals(b.at("/standing/runId").asString()));
        assertThat(board.get("state").asString()).isEqualTo("ranked");
        assertThat(board.at("/standing/basis").asString())
                .contains("official run")
                .contains("boards-worker");
        JsonNode leader = board.at("/standing/entries/0");
        assertThat(leader.get("stack").asString()).isEqualTo("gsoap");
        assertThat(leader.get("band").asInt()).isEqualTo(1);
        assertThat(leader.at("/throughput/median").asDouble()).isEqualTo(400.0);
        assertThat(leader.at("/p99Ms/median").asDouble()).isEqualTo(4.0);
        assertThat(leader.get("cpuSecondsPer1000Requests").asDouble()).isEqualTo(3.0);
        JsonNode second = board.at("/standing/entries/1");
        assertThat(second.get("stack").asString()).isEqualTo("cxf");
        assertThat(second.get("band").asInt()).isEqualTo(2);
        assertThat(second.at("/ratioToLeader/verdict").asString()).isEqualTo("slower");
        assertThat(second.at("/ratioToLeader/ratio").asDouble()).isEqualTo(0.5);
        JsonNode lastPoint = board.get("history").get(board.get("history").size() - 1);
        assertThat(lastPoint.get("runId").asString()).isEqualTo(runId.toString());
        assertThat(board.get("segments").size()).isGreaterThanOrEqualTo(1);

        ApiClient.Response csv = api.get("/api/v1/leaderboards/" + BOARD + "?format=csv", null);
        assertThat(csv.status()).isEqualTo(200);
        assertThat(csv.contentType()).startsWith("text/csv");
        String[] lines = csv.body().split("\n");
        assertThat(lines[0]).startsWith("band,stack,version,status,throughput_median_per_second,");
        assertThat(lines[1]).startsWith("1,gsoap,2.8.124,done,400.0,");
        assertThat(lines[2]).startsWith("2,cxf,");
        ApiClient.Response badge = api.get("/api/v1/leaderboards/" + BOARD + "/badges/cxf.svg", null);
        assertThat(badge.status()).isEqualTo(200);
        assertThat(badge.contentType()).startsWith("image/svg+xml");
        assertThat(badge.body()).contains("Apache CXF 4.2.3").contains("band 2 of 2 · Echo, 150 B messages");
        assertThat(api.get("/api/v1/leaderboards/" + BOARD + "/badges/metro.svg", null)
                        .status())
                .isEqualTo(404);
        ApiClient.Response card = api.get("/api/v1/leaderboards/" + BOARD + "/card.png", null);
        assertThat(card.status()).isEqualTo(200);
        assertThat(card.contentType()).isEqualTo("image/png");
        JsonNode line = line(api.get("/api/v1/leaderboards", null).json(), BOARD);
        assertThat(line.get("leader").asString()).isEqualTo("gsoap@2.8.124");
        assertThat(line.at("/leaderThroughput/median").asDouble()).isEqualTo(400.0);
        assertThat(line.at("/leaderThroughput/n").asInt()).isEqualTo(8);
        assertThat(line.get("leaderName").asString()).isEqualTo("gSOAP 2.8.124");

        // Asked again: the official run waits for the worker; a user's run for the same class makes it yield.
        assertThat(api.postAction("/api/v1/leaderboards/" + BOARD + "/official-runs", OPERATOR, null, null)
                        .status())
                .isEqualTo(202);
        JsonNode next = awaitBoard(
                api,
                b -> b.hasNonNull("inFlight")
                        && !b.at("/inFlight/runId").asString().equals(runId.toString()));
        UUID nextRunId = UUID.fromString(next.at("/inFlight/runId").asString());
        ApiClient.Response user = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"],\"hardwareClass\":\"" + CLASS + "\"}}",
                null);
        assertThat(user.status()).as(user.body()).isEqualTo(201);
        JsonNode yielded = Runs.awaitStatus(api, nextRunId, "cancelled", WAIT);
        assertThat(yielded.get("status").asString()).isEqualTo("cancelled");
        assertThat(yielded.get("failure").asString()).contains("yielded the worker to a user's run");
        JsonNode waiting = awaitBoard(api, b -> b.hasNonNull("waiting"));
        assertThat(waiting.at("/waiting/reason").asString()).isEqualTo("operator");
        assertThat(waiting.get("state").asString())
                .as("the board keeps its standing while it waits")
                .isEqualTo("ranked");

        // The user's run is cancelled: the class is idle, and the board asked for again gets its
        // official run now, within this test, not while a later test counts the runs list's changes.
        api.postAction(
                "/api/v1/runs/" + user.json().get("id").asString() + "/cancel",
                null,
                "X-Run-Manage-Token",
                user.json().get("manageToken").asString());
        JsonNode again = awaitBoard(
                api,
                b -> b.hasNonNull("inFlight")
                        && !b.at("/inFlight/runId").asString().equals(nextRunId.toString()));
        assertThat(again.get("waiting").isNull()).isTrue();
    }

    private void measure(UUID runId, int rounds) {
        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "boards-worker");
            int seq = 1;
            worker.publish(
                    seq++,
                    "accepted",
                    "{\"hardwareClass\":\"" + CLASS + "\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            for (int round = 1; round <= rounds; round++) {
                worker.publish(seq++, "measurement", measurement("gsoap", "2.8.124", round, 400.0));
                worker.publish(seq++, "measurement", measurement("cxf", "4.2.3", round, 200.0));
            }
            worker.publish(seq, "completed", "{}");
            return null;
        });
    }

    private static String measurement(String stack, String version, int round, double throughput) {
        return WorkerEvents.measurement(stack, version, round, HISTOGRAM)
                .replace("\"throughput\":200.0", "\"throughput\":" + throughput);
    }

    private static String heartbeat() {
        String versions = "{\"stack\":\"%s\",\"version\":\"%s\",\"components\":{\"gcc\":\"12.2.0\"}}";
        return "{\"schemaVersion\":1,\"workerId\":\"boards-worker\",\"hardwareClass\":\"" + CLASS
                + "\",\"fingerprint\":"
                + WorkerEvents.FINGERPRINT + ",\"currentRunId\":null,\"stacks\":["
                + "{\"id\":\"cxf\",\"available\":true,\"versions\":" + versions.formatted("cxf", "4.2.3") + "},"
                + "{\"id\":\"gsoap\",\"available\":true,\"versions\":" + versions.formatted("gsoap", "2.8.124") + "}"
                + "],\"at\":\"" + Instant.now() + "\"}";
    }

    private JsonNode awaitBoard(ApiClient api, Predicate<JsonNode> until) {
        return awaitJson(api, "/api/v1/leaderboards/" + BOARD, until);
    }

    private static JsonNode awaitJson(ApiClient api, String path, Predicate<JsonNode> until) {
        Instant deadline = Instant.now().plus(WAIT);
        List<String> seen = new ArrayList<>();
        while (true) {
            ApiClient.Response response = api.get(path, null);
            assertThat(response.status()).as(response.body()).isEqualTo(200);
            JsonNode body = response.json();
            if (until.test(body)) {
                return body;
            }
            seen.add(response.body());
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("not within " + WAIT + "; last answer: " + seen.get(seen.size() - 1));
            }
            sleep(200);
        }
    }

    private static JsonNode line(JsonNode index, String boardId) {
        for (JsonNode line : index.get("boards")) {
            if (line.get("id").asString().equals(boardId)) {
                return line;
            }
        }
        return null;
    }
}
