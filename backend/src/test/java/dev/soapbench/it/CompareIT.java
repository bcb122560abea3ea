package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Runs side by side through the API: runs submitted as users submit them and completed by fake
 * worker events, compared with each other's visibility rules, WSDLs, workloads and machines.
 */
class CompareIT extends IntegrationTest {

    static final String ECHO = "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"],\"repetitions\":4}}";
    static final String OTHER_MACHINE = WorkerEvents.FINGERPRINT.replace("6.1.0", "6.12.0");

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Test
    void twoRunsOfOneWorkloadShowASignificantDifferenceTheCurvesAndTheCsv() {
        ApiClient api = new ApiClient(port);
        Submitted a = submit(api, ECHO, null);
        Submitted b = submit(api, ECHO, null);
        complete(a.id(), WorkerEvents.FINGERPRINT, 1000, 1010, 990, 1000);
        complete(b.id(), WorkerEvents.FINGERPRINT, 2000, 2020, 1980, 2000);

        ApiClient.Response response = api.get("/api/v1/compare?runs=" + a.slug() + "," + b.id(), null);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode page = response.json();
        assertThat(page.get("baseline").asString()).isEqualTo(a.id().toString());
        assertThat(page.get("method").asString()).isEqualTo("hodges-lehmann-mann-whitney-between-runs");
        assertThat(page.get("betweenRunTau").asDouble()).isEqualTo(0.037);
        assertThat(page.at("/runs/0/baseline").asBoolean()).isTrue();
        assertThat(page.at("/runs/1/slug").asString()).isEqualTo(b.slug());
        assertThat(page.at("/runs/1/complete").asBoolean()).isTrue();
        assertThat(page.get("warnings")).as(page.get("warnings").toString()).isEmpty();
        JsonNode cell = page.at("/cells/0");
        assertThat(cell.get("label").asString()).isEqualTo("plain · echo · closed 4×100 · keep-alive · neutral driver");
        JsonNode gsoap = cell.at("/stacks/0");
        assertThat(gsoap.get("stack").asString()).isEqualTo("gsoap@2.8.124");
        assertThat(gsoap.at("/runs/0/throughput/median").asDouble()).isEqualTo(1000.0);
        assertThat(gsoap.at("/runs/0/ratio").isNull()).isTrue();
        JsonNode ratio = gsoap.at("/runs/1/ratio");
        assertThat(gsoap.at("/runs/1/throughput/median").asDouble()).isEqualTo(2000.0);
        assertThat(ratio.get("verdict").asString()).isEqualTo("faster");
        assertThat(ratio.get("significant").asBoolean()).isTrue();
        assertThat(ratio.get("ratio").asDouble()).isCloseTo(2.0, within(0.02));
        assertThat(ratio.get("low").asDouble())
                .isGreaterThan(1.7)
                .isLessThan(ratio.get("repetitionsLow").asDouble());
        assertThat(ratio.get("text").asString())
                .startsWith("gsoap@2.8.124 in run " + b.slug() + " is faster than gsoap@2.8.124 in baseline run "
                        + a.slug());
        JsonNode curves = cell.get("curves");
        assertThat(curves).hasSize(2);
        assertThat(curves.at("/0/run").asString()).isEqualTo(a.id().toString());
        assertThat(curves.at("/0/points")).hasSize(9);
        assertThat(curves.at("/0/points/0/percentile").asDouble()).isEqualTo(50.0);
        assertThat(curves.at("/0/points/0/ms").asDouble()).isCloseTo(2.0, within(0.01));
        assertThat(curves.at("/1/points/8/ms").asDouble()).isCloseTo(1.0, within(0.02));
        assertThat(curves.at("/0/count").asLong()).isEqualTo(400);

        // The other way round: b as baseline, a half as fast.
        JsonNode reversed = api.get("/api/v1/compare?runs=" + a.slug() + "," + b.slug() + "&baseline=" + b.id(), null)
                .json();
        assertThat(reversed.get("baseline").asString()).isEqualTo(b.id().toString());
        assertThat(reversed.at("/cells/0/stacks/0/runs/0/ratio/verdict").asString())
                .isEqualTo("slower");

        ApiClient.Response csv = api.get("/api/v1/compare?runs=" + a.slug() + "," + b.slug() + "&format=csv", null);
        assertThat(csv.status()).as(csv.body()).isEqualTo(200);
        assertThat(csv.contentType()).startsWith("text/csv");
        String[] lines = csv.body().split("\n");
        assertThat(lines).hasSize(3);
        assertThat(lines[0])
                .startsWith("run,run_id,baseline,run_status,cell,security,operation,stack,version,repetitions,"
                        + "repetitions_used,throughput_median_per_second,");
        assertThat(lines[1]).startsWith(a.slug() + "," + a.id() + ",true,completed,");
        assertThat(lines[1]).contains(",gsoap,2.8.124,4,4,1000.0,");
        assertThat(lines[2]).contains(",gsoap,2.8.124,4,4,2000.0,").contains(",faster,true,");
        assertThat(api.getWith("/api/v1/compare?runs=" + a.slug(), "Accept", "text/csv")
                        .contentType())
                .startsWith("text/csv");
    }

    @Test
    void aRunOfAnotherCatalogServiceIsRefused() {
        ApiClient api = new ApiClient(port);
        Submitted echo = submit(api, ECHO, null);
        // No test stack implements hello-world: the run is stored, failed, and still not comparable.
        Submitted hello = submit(api, "{\"catalog\":\"hello-world\",\"workload\":{\"stacks\":[\"gsoap\"]}}", null);

        ApiClient.Response refused = api.get("/api/v1/compare?runs=" + echo.slug() + "," + hello.slug(), null);

        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.json().get("detail").asString())
                .contains("catalog service echo")
                .contains("catalog service hello-world")
                .contains("measured different catalog services");
        assertThat(refused.json().at("/errors/0/field").asString()).isEqualTo("runs");

        // Asked for (a service whose WSDL changed between commits), they compare with a warning.
        ApiClient.Response allowed =
                api.get("/api/v1/compare?wsdl=may-differ&runs=" + echo.slug() + "," + hello.slug(), null);
        assertThat(allowed.status()).as(allowed.body()).isEqualTo(200);
        List<String> kinds = new ArrayList<>();
        allowed.json().get("warnings").forEach(w -> kinds.add(w.get("kind").asString()));
        assertThat(kinds).contains("wsdl");
        assertThat(allowed.json().toString()).contains("measured as catalog service echo, catalog service hello-world");
    }

    @Test
    void aWorkloadAndAMachineThatDifferAreComparedButFlagged() {
        ApiClient api = new ApiClient(port);
        Submitted a = submit(api, ECHO, null);
        Submitted c = submit(
                api,
                "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"],\"repetitions\":4,"
                        + "\"load\":{\"connections\":4}}}",
                null);
        Submitted queued = submit(api, ECHO, null);
        complete(a.id(), WorkerEvents.FINGERPRINT, 1000, 1000, 1000, 1000);
        complete(c.id(), OTHER_MACHINE, 1000, 1000, 1000, 1000);

        ApiClient.Response response =
                api.get("/api/v1/compare?runs=" + a.slug() + "," + c.slug() + "," + queued.slug(), null);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        List<String> fields = new ArrayList<>();
        List<String> kinds = new ArrayList<>();
        response.json().get("warnings").forEach(w -> {
            fields.add(w.path("field").asString(""));
            kinds.add(w.get("kind").asString());
        });
        assertThat(kinds).containsExactly("unfinished", "workload", "machine");
        assertThat(fields).containsExactly("", "/load/connections", "kernel");
        JsonNode connections = response.json().at("/warnings/1");
        assertThat(connections.at("/values/0/value").asInt()).isEqualTo(25);
        assertThat(connections.at("/values/1/value").asInt()).isEqualTo(4);
        assertThat(connections.at("/values/2/value").asInt()).isEqualTo(25);
        assertThat(response.json().at("/warnings/0/text").asString())
                .isEqualTo("Run " + queued.slug() + " is still queued: it has no figures yet.");
        assertThat(response.json().at("/runs/2/complete").asBoolean()).isFalse();
        JsonNode gsoap = response.json().at("/cells/0/stacks/0");
        assertThat(gsoap.at("/runs/1/ratio/verdict").asString()).isEqualTo("tied");
        assertThat(gsoap.at("/runs/2/measured").asBoolean()).isFalse();
    }

    @Test
    void aPrivateRunOfAnotherCallerIsNotFound() {
        ApiClient api = new ApiClient(port);
        // One token only: an address may mint 5 an hour, and the other tests need theirs.
        String owner = api.createToken("compare-owner");
        Submitted mine = submit(
                api, "{\"catalog\":\"echo\",\"visibility\":\"private\",\"workload\":{\"stacks\":[\"gsoap\"]}}", owner);
        Submitted shared = submit(api, ECHO, null);
        String path = "/api/v1/compare?runs=" + shared.slug() + "," + mine.slug();

        ApiClient.Response hidden = api.get(path, null);
        assertThat(hidden.status()).as(hidden.body()).isEqualTo(404);
        assertThat(hidden.contentType()).startsWith("application/problem+json");
        assertThat(hidden.json().get("detail").asString())
                .isEqualTo(api.get("/api/v1/runs/" + mine.slug(), null)
                        .json()
                        .get("detail")
                        .asString());
        assertThat(hidden.json().at("/errors/0/field").asString()).isEqualTo("runs");
        assertThat(api.get("/api/v1/compare?runs=" + mine.id(), null).status())
                .as("by its id as by its slug")
                .isEqualTo(404);
        JsonNode owned = api.get(path, owner).json();
        assertThat(owned.at("/runs/1/id").asString()).isEqualTo(mine.id().toString());
    }

    @Test
    void badParametersAreProblemsNamingTheParameter() {
        ApiClient api = new ApiClient(port);
        Submitted a = submit(api, ECHO, null);
        Submitted b = submit(api, ECHO, null);

        assertProblem(api.get("/api/v1/compare", null), 400, "runs");
        assertProblem(api.get("/api/v1/compare?runs=a1,a2,a3,a4,a5,a6", null), 400, "runs");
        assertProblem(api.get("/api/v1/compare?runs=" + a.slug() + "," + a.id(), null), 400, "runs");
        assertProblem(api.get("/api/v1/compare?runs=" + a.slug() + ",no-such-run", null), 404, "runs");
        assertProblem(api.get("/api/v1/compare?runs=" + a.slug() + "&baseline=" + b.slug(), null), 422, "baseline");
        assertProblem(api.get("/api/v1/compare?runs=" + a.slug() + "&format=xlsx", null), 400, "format");
        assertProblem(api.get("/api/v1/compare?runs=" + a.slug() + "&wsdl=whatever", null), 400, "wsdl");
    }

    private static void assertProblem(ApiClient.Response response, int status, String field) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().at("/errors/0/field").asString()).isEqualTo(field);
    }

    record Submitted(UUID id, String slug) {}

    private static Submitted submit(ApiClient api, String body, String token) {
        ApiClient.Response submitted = api.postJson("/api/v1/runs", body, token);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        return new Submitted(
                UUID.fromString(submitted.json().get("id").asString()),
                submitted.json().get("slug").asString());
    }

    private void complete(UUID runId, String fingerprint, double... throughputs) {
        GsoapRuns.complete(rabbit, port, runId, fingerprint, throughputs);
    }
}
