package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * An interop run (workload mode {@code interop}, POST /api/v1/interop): its workload as the worker
 * gets it, the worker's interop_cell events (a repeated one included), and the matrix with its
 * pending cells and its cost against plain.
 */
class InteropIT extends IntegrationTest {

    private static final String CXF = "cxf@4.2.3";
    private static final String GSOAP = "gsoap@2.8.124";

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Test
    void theMatrixShowsEveryCellAsReportedOrPendingWithItsCostAgainstPlain() {
        ApiClient api = new ApiClient(port);
        // gSOAP claims no `sign`: in an interop run that is its cells' outcome, not a reason to leave it out.
        ApiClient.Response submitted = api.postJson(
                "/api/v1/interop",
                "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf@4.2.3\",\"gsoap\"],\"security\":[\"sign\"],"
                        + "\"interop\":{\"requests\":50}}}",
                null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());
        assertThat(submitted.json().get("shareUrl").asString()).endsWith("/interop/" + runId);

        JsonNode job = ApiClient.JSON.readTree(
                JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20)).getBody());
        assertThat(job.at("/workload/mode").asString()).isEqualTo("interop");
        assertThat(job.at("/workload/security").toString()).isEqualTo("[\"plain\",\"sign\"]");
        assertThat(job.at("/workload/interop").toString())
                .isEqualTo("{\"requests\":50,\"connections\":1,\"warmupRequests\":20}");
        assertThat(job.get("stacks")).hasSize(2);

        JsonNode before = api.get("/api/v1/interop/" + runId, null).json();
        assertThat(before.get("cells")).hasSize(8);
        assertThat(outcomes(before)).containsOnly("pending");
        assertThat(before.at("/stacks/0/displayName").asString()).isEqualTo("Apache CXF");
        assertThat(before.at("/stacks/0/client").asBoolean()).isFalse();
        assertThat(before.at("/stacks/1/client").asBoolean()).isTrue();

        String plainPass = cell(GSOAP, CXF, "plain", "pass", "", 1000.0, 2.0);
        String signPass = cell(GSOAP, CXF, "sign", "pass", "", 400.0, 5.0);
        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "worker-interop-1");
            worker.publish(
                    1, "accepted", "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            worker.publish(2, "interop_cell", plainPass);
            worker.publish(3, "interop_cell", signPass);
            // The same event delivered twice, and the same cell reported again under a later seq.
            worker.publish(3, "interop_cell", signPass);
            worker.publish(4, "interop_cell", signPass);
            worker.publish(
                    5,
                    "interop_cell",
                    cell(GSOAP, GSOAP, "sign", "unsupported", "gsoap does not claim security mode sign", null, null));
            worker.publish(
                    6,
                    "interop_cell",
                    cell(GSOAP, GSOAP, "plain", "fail", "server: verify: echo: text differs", null, null));
            worker.publish(7, "interop_cell", "{\"client\":{\"stack\":\"cxf\"},\"outcome\":\"pass\"}");
            return null;
        });

        JsonNode matrix = awaitMatrix(
                api, runId, m -> outcomes(m).stream().filter("pending"::equals).count() == 4);
        assertThat(matrix.get("cells")).hasSize(8);
        JsonNode secured = find(matrix, GSOAP, CXF, "sign");
        assertThat(secured.get("outcome").asString()).isEqualTo("pass");
        assertThat(secured.get("throughputRps").asDouble()).isEqualTo(400.0);
        assertThat(secured.at("/plain/throughputRps").asDouble()).isEqualTo(1000.0);
        assertThat(secured.at("/cost/throughputRatio").asDouble()).isEqualTo(0.4);
        assertThat(secured.at("/cost/p99Ratio").asDouble()).isEqualTo(2.5);
        assertThat(find(matrix, GSOAP, CXF, "plain").has("cost")).isFalse();
        JsonNode unsupported = find(matrix, GSOAP, GSOAP, "sign");
        assertThat(unsupported.get("outcome").asString()).isEqualTo("unsupported");
        assertThat(unsupported.get("reason").asString()).contains("does not claim");
        // Its plain pair failed: no baseline, no cost.
        assertThat(unsupported.has("plain")).isFalse();
        assertThat(unsupported.has("cost")).isFalse();
        assertThat(find(matrix, GSOAP, GSOAP, "plain").get("reason").asString()).startsWith("server: ");
        assertThat(find(matrix, CXF, GSOAP, "plain").get("outcome").asString()).isEqualTo("pending");

        // Its figures are its cells: a verified server is done when the run completes, as in a check.
        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "worker-interop-1");
            worker.publish(8, "verified", "{\"stack\":\"cxf\",\"version\":\"4.2.3\",\"security\":\"plain\"}");
            worker.publish(9, "completed", "{}");
            return null;
        });
        JsonNode ended = Runs.awaitStatus(api, runId, "completed", Duration.ofSeconds(20));
        assertThat(ended.at("/stacks/0/status").asString()).isEqualTo("done");
        assertThat(ended.at("/stacks/1/status").asString()).isEqualTo("failed");
        assertThat(api.get("/api/v1/interop/" + runId, null)
                        .json()
                        .at("/run/status")
                        .asString())
                .isEqualTo("completed");

        JsonNode recent = api.get("/api/v1/interop?limit=100", null).json();
        List<String> ids = new ArrayList<>();
        recent.get("runs").forEach(run -> ids.add(run.get("id").asString()));
        assertThat(ids).contains(runId.toString());
    }

    @Test
    void aRunSubmittedWithModeInteropIsAnInteropRunAndOthersAreNotFoundAsOne() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"workload\":{\"mode\":\"interop\",\"stacks\":[\"gsoap\"]}}",
                null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        String id = submitted.json().get("id").asString();
        assertThat(submitted.json().get("shareUrl").asString()).endsWith("/interop/" + id);
        JsonNode matrix = api.get("/api/v1/interop/" + id, null).json();
        assertThat(matrix.get("security").toString()).isEqualTo("[\"plain\"]");
        assertThat(matrix.get("cells")).hasSize(1);

        UUID measured = Runs.submitEcho(api, null);
        ApiClient.Response notInterop = api.get("/api/v1/interop/" + measured, null);
        assertThat(notInterop.status()).isEqualTo(404);
        assertThat(notInterop.contentType()).contains("problem+json");
    }

    @Test
    void aPrivateInteropRunIsSeenByItsOwnerOnly() {
        ApiClient api = new ApiClient(port);
        String owner = api.createToken("interop-owner");
        ApiClient.Response submitted = api.postJson(
                "/api/v1/interop",
                "{\"catalog\":\"echo\",\"visibility\":\"private\",\"workload\":{\"stacks\":[\"gsoap\"]}}",
                owner);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        String id = submitted.json().get("id").asString();
        assertThat(api.get("/api/v1/interop/" + id, owner).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/interop/" + id, null).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/interop?limit=100", null).body()).doesNotContain(id);
        assertThat(api.get("/api/v1/interop?limit=100", owner).body()).contains(id);
    }

    @Test
    void workloadsOutOfBoundsAreRefusedNamingTheField() {
        ApiClient api = new ApiClient(port);
        assertRefused(api, "\"interop\":{\"requests\":0}", "/interop/requests");
        assertRefused(api, "\"interop\":{\"requests\":5001}", "/interop/requests");
        assertRefused(api, "\"interop\":{\"connections\":17}", "/interop/connections");
        assertRefused(api, "\"interop\":{\"warmupRequests\":1001}", "/interop/warmupRequests");
        assertRefused(api, "\"interop\":{\"repeat\":1}", "/interop/repeat");
        assertRefused(api, "\"mtom\":true", "/mtom");
    }

    private static void assertRefused(ApiClient api, String member, String field) {
        ApiClient.Response response = api.postJson(
                "/api/v1/interop", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"]," + member + "}}", null);
        assertThat(response.status()).as(response.body()).isEqualTo(422);
        assertThat(response.contentType()).contains("problem+json");
        assertThat(response.json().at("/errors/0/field").asString()).isEqualTo(field);
    }

    private static String cell(
            String client, String server, String security, String outcome, String reason, Double rps, Double p99) {
        String[] c = client.split("@");
        String[] s = server.split("@");
        // As the worker sends a cell: requests and errors always, figures where a drive reported.
        String figures = rps == null
                ? ",\"requests\":0,\"errors\":0"
                : ",\"requests\":50,\"errors\":0,\"throughputRps\":%s,\"p50Ms\":1.0,\"p99Ms\":%s".formatted(rps, p99);
        return ("{\"client\":{\"stack\":\"%s\",\"version\":\"%s\"},\"server\":{\"stack\":\"%s\",\"version\":\"%s\"},"
                        + "\"security\":\"%s\",\"outcome\":\"%s\",\"reason\":\"%s\"%s}")
                .formatted(c[0], c[1], s[0], s[1], security, outcome, reason, figures);
    }

    private static List<String> outcomes(JsonNode matrix) {
        List<String> outcomes = new ArrayList<>();
        matrix.get("cells").forEach(cell -> outcomes.add(cell.get("outcome").asString()));
        return outcomes;
    }

    private static JsonNode find(JsonNode matrix, String client, String server, String security) {
        for (JsonNode cell : matrix.get("cells")) {
            if (cell.get("client").asString().equals(client)
                    && cell.get("server").asString().equals(server)
                    && cell.get("security").asString().equals(security)) {
                return cell;
            }
        }
        throw new AssertionError("no cell " + client + " x " + server + " " + security + " in " + matrix);
    }

    private static JsonNode awaitMatrix(ApiClient api, UUID runId, Predicate<JsonNode> until) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
        JsonNode matrix = api.get("/api/v1/interop/" + runId, null).json();
        while (!until.test(matrix) && Instant.now().isBefore(deadline)) {
            Runs.sleep(200);
            matrix = api.get("/api/v1/interop/" + runId, null).json();
        }
        return matrix;
    }
}
