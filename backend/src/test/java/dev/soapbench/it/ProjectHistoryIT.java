package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A CI project's branch history through the API: runs sent from "CI" with their project's token and
 * their commits, completed by fake worker events, one step in their speed, found between the right
 * commits and acknowledged by the project.
 */
class ProjectHistoryIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Test
    void aStepInABranchsHistoryIsMarkedBetweenItsCommits() {
        ApiClient api = new ApiClient(port);
        String project = "it/history-" + UUID.randomUUID().toString().substring(0, 8);
        String projectToken = api.postJson("/api/v1/tokens", "{\"name\":\"ci\",\"project\":\"" + project + "\"}", null)
                .json()
                .get("token")
                .asString();
        double[] levels = {1000, 1012, 995, 1004, 801, 812, 795, 806};
        List<String> slugs = new ArrayList<>();
        for (int i = 0; i < levels.length; i++) {
            ApiClient.Response submitted = api.postJson(
                    "/api/v1/runs",
                    "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"],\"repetitions\":4},"
                            + "\"ci\":{\"project\":\"" + project + "\",\"branch\":\"main\",\"commit\":\"c0ffee" + i
                            + "\"}}",
                    projectToken);
            assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
            UUID id = UUID.fromString(submitted.json().get("id").asString());
            slugs.add(submitted.json().get("slug").asString());
            double l = levels[i];
            complete(id, WorkerEvents.FINGERPRINT, l, l * 1.01, l * 0.99, l);
        }
        // A run of another branch is no part of main's history.
        ApiClient.Response other = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"],\"repetitions\":4},"
                        + "\"ci\":{\"project\":\"" + project + "\",\"branch\":\"feature\",\"commit\":\"beef0001\"}}",
                projectToken);
        assertThat(other.status()).isEqualTo(201);

        ApiClient.Response acknowledged = api.postJson(
                "/api/v1/projects/acknowledgements",
                "{\"project\":\"" + project + "\",\"commit\":\"c0ffee4\",\"stack\":\"gsoap\","
                        + "\"metric\":\"throughput\",\"reason\":\"a bigger response, on purpose\"}",
                projectToken);
        assertThat(acknowledged.status()).as(acknowledged.body()).isEqualTo(201);

        ApiClient.Response response =
                api.get("/api/v1/projects/history?branch=main&project=" + project.replace("/", "%2F"), null);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode page = response.json();
        assertThat(page.get("runs")).hasSize(levels.length);
        assertThat(page.at("/runs/0/slug").asString()).isEqualTo(slugs.get(0));
        assertThat(page.at("/runs/0/commit").asString()).isEqualTo("c0ffee0");
        List<JsonNode> throughput = new ArrayList<>();
        List<String> metrics = new ArrayList<>();
        for (JsonNode each : page.get("series")) {
            metrics.add(each.get("metric").asString());
            if (each.get("metric").asString().equals("throughput")) {
                throughput.add(each);
            }
        }
        assertThat(metrics).as("one series per recorded metric").contains("throughput", "latencyP99", "peakRss");
        assertThat(throughput).hasSize(1);
        JsonNode series = throughput.get(0);
        assertThat(series.get("unit").asString()).isEqualTo("req/s");
        assertThat(series.get("stack").asString()).isEqualTo("gsoap");
        assertThat(series.get("points")).hasSize(levels.length);
        assertThat(series.get("changes")).hasSize(1);
        JsonNode change = series.at("/changes/0");
        assertThat(change.get("lastCommitBefore").asString()).isEqualTo("c0ffee3");
        assertThat(change.get("firstCommitAfter").asString()).isEqualTo("c0ffee4");
        assertThat(change.get("direction").asString()).isEqualTo("slower");
        assertThat(change.get("pValue").asDouble()).isLessThan(0.05);
        assertThat(change.get("text").asString()).startsWith("gsoap became slower:");
        assertThat(change.get("regression").asBoolean()).isTrue();
        assertThat(change.at("/acknowledgement/reason").asString()).isEqualTo("a bigger response, on purpose");
    }

    @Test
    void aProjectWithNoRunsIsNotFoundAndBadParametersAreNamed() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response missing = api.get("/api/v1/projects/history?project=it%2Fno-such-project", null);
        assertThat(missing.status()).as(missing.body()).isEqualTo(404);
        assertThat(missing.contentType()).startsWith("application/problem+json");
        assertThat(missing.json().get("detail").asString())
                .contains("it/no-such-project")
                .contains("'main'");

        ApiClient.Response noProject = api.get("/api/v1/projects/history", null);
        assertThat(noProject.status()).isEqualTo(400);
        assertThat(noProject.json().at("/errors/0/field").asString()).isEqualTo("project");

        ApiClient.Response badBranch = api.get("/api/v1/projects/history?project=x&branch=%3Cscript%3E", null);
        assertThat(badBranch.status()).isEqualTo(400);
        assertThat(badBranch.json().at("/errors/0/field").asString()).isEqualTo("branch");
    }

    private void complete(UUID runId, String fingerprint, double... throughputs) {
        GsoapRuns.complete(rabbit, port, runId, fingerprint, throughputs);
    }
}
