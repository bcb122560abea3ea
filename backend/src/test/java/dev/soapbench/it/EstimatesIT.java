package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * What a user learns before spending worker time: a workload's and a study's estimate, the known
 * defects a WSDL runs into, and afterwards the run's estimate and its failed stacks in the list.
 */
class EstimatesIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    private long count(String table) {
        return jdbc.sql("SELECT count(*) FROM " + table).query(Long.class).single();
    }

    @Test
    void aWorkloadIsEstimatedWithoutStoringAnythingAndAnInvalidOneIsNamed() throws Exception {
        ApiClient api = new ApiClient(port);
        long runs = count("runs");
        long charges = count("work_charges");

        ApiClient.Response small = api.postJson(
                "/api/v1/estimates",
                "{\"workload\":{\"stacks\":[\"gsoap\",\"cxf\"],\"security\":[\"plain\"],\"repetitions\":3}}",
                null);
        assertThat(small.status()).as(small.body()).isEqualTo(200);
        JsonNode estimate = small.json();
        assertThat(estimate.get("stacks").asInt()).isEqualTo(2);
        assertThat(estimate.get("measurements").asInt()).isEqualTo(6);
        assertThat(estimate.get("workerSeconds").asLong()).isPositive();
        assertThat(estimate.get("basis").asString()).contains("upper bound");

        ApiClient.Response larger = api.postJson(
                "/api/v1/estimates",
                "{\"workload\":{\"stacks\":[\"gsoap\",\"cxf\"],\"security\":[\"plain\"],\"repetitions\":9}}",
                null);
        assertThat(larger.json().get("workerSeconds").asLong())
                .isGreaterThan(estimate.get("workerSeconds").asLong());

        ApiClient.Response invalid =
                api.postJson("/api/v1/estimates", "{\"workload\":{\"stacks\":[\"gsoap\"],\"repetitions\":0}}", null);
        assertThat(invalid.status()).isEqualTo(422);
        assertThat(invalid.json().at("/errors/0/field").asString()).contains("repetitions");

        ApiClient.Response missing = api.postJson("/api/v1/estimates", "{}", null);
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.json().at("/errors/0/field").asString()).isEqualTo("workload");

        assertThat(count("runs")).isEqualTo(runs);
        assertThat(count("work_charges")).isEqualTo(charges);
    }

    @Test
    void aStudyIsEstimatedForTheRepetitionsAskedFor() throws Exception {
        ApiClient api = new ApiClient(port);

        ApiClient.Response two = api.get("/api/v1/studies/echo-check/estimate?repetitions=2", null);
        assertThat(two.status()).as(two.body()).isEqualTo(200);
        assertThat(two.json().get("runs").asInt()).isEqualTo(2);
        assertThat(two.json().get("pendingCells").asInt()).isEqualTo(2);
        assertThat(two.json().get("repetitions").asInt()).isEqualTo(2);
        assertThat(two.json().get("requests").asLong()).isPositive();

        ApiClient.Response four = api.get("/api/v1/studies/echo-check/estimate?repetitions=4", null);
        assertThat(four.json().get("workerSeconds").asLong())
                .isGreaterThan(two.json().get("workerSeconds").asLong());
        assertThat(four.json().get("requests").asLong())
                .isEqualTo(2 * two.json().get("requests").asLong());

        assertThat(api.get("/api/v1/studies/echo-check/estimate", null)
                        .json()
                        .get("repetitions")
                        .isNull())
                .isTrue();
        ApiClient.Response tooMany = api.get("/api/v1/studies/echo-check/estimate?repetitions=99", null);
        assertThat(tooMany.status()).isEqualTo(422);
        assertThat(tooMany.json().at("/errors/0/field").asString()).isEqualTo("repetitions");
        assertThat(api.get("/api/v1/studies/no-such-study/estimate", null).status())
                .isEqualTo(404);
    }

    @Test
    void anAnalysisNamesTheKnownDefectsTheWsdlRunsInto() throws Exception {
        ApiClient api = new ApiClient(port);
        ApiClient.Response accounts = api.postMultipart(
                "/api/v1/analyses",
                null,
                ApiClient.Part.file(
                        "wsdl",
                        "accounts.wsdl",
                        Files.readAllBytes(Path.of("../testdata/wsdl/accounts/accounts.wsdl"))));
        assertThat(accounts.status()).as(accounts.body()).isEqualTo(200);
        JsonNode gsoap = stack(accounts.json(), "gsoap");
        assertThat(gsoap.at("/knownDefects/0/feature").asString()).isEqualTo("date-without-zone");
        assertThat(gsoap.at("/knownDefects/0/reason").asString()).contains("zone");

        ApiClient.Response echo = api.postJson("/api/v1/analyses", "{\"catalog\":\"echo\"}", null);
        assertThat(stack(echo.json(), "gsoap").get("knownDefects").isEmpty()).isTrue();
    }

    @Test
    void aRunCarriesItsEstimateAndTheListCountsItsStacksThatCannotBeMeasured() throws Exception {
        ApiClient api = new ApiClient(port);
        String token = api.createToken("estimates");
        ApiClient.Response submitted = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\",\"rpc-only\"],\"repetitions\":2}}",
                token);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        String id = submitted.json().get("id").asString();

        JsonNode run = api.get("/api/v1/runs/" + id, token).json();
        assertThat(run.at("/estimate/stacks").asInt()).isEqualTo(2);
        assertThat(run.at("/estimate/measurements").asInt()).isEqualTo(4);
        assertThat(run.at("/estimate/workerSeconds").asLong()).isPositive();

        JsonNode listed = api.get("/api/v1/runs?stack=rpc-only&size=100", token).json();
        JsonNode line = listed.get("items")
                .valueStream()
                .filter(item -> item.get("id").asString().equals(id))
                .findFirst()
                .orElseThrow();
        assertThat(line.get("failedStacks").asInt()).isEqualTo(1);
    }

    private static JsonNode stack(JsonNode analysis, String id) {
        return analysis.get("stacks")
                .valueStream()
                .filter(s -> s.get("id").asString().equals(id))
                .findFirst()
                .orElseThrow();
    }
}
