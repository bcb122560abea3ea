package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** Project tokens claim a CI project; only they submit its runs and acknowledge its regressions. */
class ProjectTokensIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Test
    void theFirstProjectTokenClaimsTheProjectAndOnlyItsTokensMintMore() {
        ApiClient api = new ApiClient(port);
        String project = "it-claims/" + System.nanoTime();

        ApiClient.Response first = mint(api, "ci", project, null);
        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(first.json().get("project").asString()).isEqualTo(project);
        String projectToken = first.json().get("token").asString();

        ApiClient.Response stranger = mint(api, "squatter", project, null);
        assertThat(stranger.status()).isEqualTo(403);
        assertThat(stranger.contentType()).startsWith("application/problem+json");
        assertThat(stranger.json().get("detail").asString()).contains("is claimed");
        assertThat(mint(api, "squatter", project, api.createToken("unscoped")).status())
                .isEqualTo(403);

        assertThat(mint(api, "second", project, projectToken).status()).isEqualTo(201);
        assertThat(mint(api, "bad", "no spaces allowed", null).status()).isEqualTo(400);
    }

    @Test
    void aClaimedProjectTakesRunsFromItsOwnTokensOnly() {
        ApiClient api = new ApiClient(port);
        String project = "it-runs/" + System.nanoTime();
        String projectToken = mint(api, "ci", project, null).json().get("token").asString();
        String run = "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\"]},\"ci\":{\"project\":\"" + project
                + "\",\"branch\":\"main\"}}";

        ApiClient.Response anonymous = api.postJson("/api/v1/runs", run, null);
        assertThat(anonymous.status()).isEqualTo(403);
        assertThat(anonymous.json().get("detail").asString()).contains("is claimed");
        assertThat(api.postJson("/api/v1/runs", run, api.createToken("unscoped"))
                        .status())
                .isEqualTo(403);

        ApiClient.Response own = api.postJson("/api/v1/runs", run, projectToken);
        assertThat(own.status()).as(own.body()).isEqualTo(201);

        ApiClient.Response elsewhere =
                api.postJson("/api/v1/runs", run.replace(project, "it-elsewhere/" + System.nanoTime()), projectToken);
        assertThat(elsewhere.status()).isEqualTo(403);
        assertThat(elsewhere.json().get("detail").asString()).contains("belongs to project '" + project + "'");

        ApiClient.Response withoutCi = api.postJson(
                "/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\"]}}", projectToken);
        assertThat(withoutCi.status()).isEqualTo(201);
        JsonNode view = api.get("/api/v1/runs/" + withoutCi.json().get("id").asString(), projectToken)
                .json();
        assertThat(view.at("/ci/project").asString())
                .as("a project token's run joins its project")
                .isEqualTo(project);
    }

    @Test
    void onlyTheProjectsTokensAcknowledgeAndWithdraw() {
        ApiClient api = new ApiClient(port);
        String project = "it-acks/" + System.nanoTime();
        String projectToken = mint(api, "ci", project, null).json().get("token").asString();
        String ack = "{\"project\":\"" + project + "\",\"commit\":\"4f2a9c1\",\"stack\":\"cxf\","
                + "\"metric\":\"throughput\",\"reason\":\"invoices carry line items now\"}";

        assertThat(api.postJson("/api/v1/projects/acknowledgements", ack, null).status())
                .isEqualTo(403);
        assertThat(api.postJson("/api/v1/projects/acknowledgements", ack, api.createToken("unscoped"))
                        .status())
                .isEqualTo(403);

        ApiClient.Response bad = api.postJson(
                "/api/v1/projects/acknowledgements",
                "{\"project\":\"" + project + "\",\"commit\":\"XYZ\",\"metric\":\"speed\",\"reason\":\"\"}",
                projectToken);
        assertThat(bad.status()).isEqualTo(422);
        assertThat(bad.body()).contains("/commit", "/metric", "/reason");

        ApiClient.Response made = api.postJson("/api/v1/projects/acknowledgements", ack, projectToken);
        assertThat(made.status()).as(made.body()).isEqualTo(201);
        String id = made.json().get("id").asString();
        JsonNode listed = api.get("/api/v1/projects/acknowledgements?project=" + project, null)
                .json();
        assertThat(listed.size()).isEqualTo(1);
        assertThat(listed.get(0).get("reason").asString()).isEqualTo("invoices carry line items now");
        assertThat(listed.get(0).get("commit").asString()).isEqualTo("4f2a9c1");

        String other = mint(api, "ci", "it-other/" + System.nanoTime(), null)
                .json()
                .get("token")
                .asString();
        assertThat(api.delete("/api/v1/projects/acknowledgements/" + id, other).status())
                .isEqualTo(403);
        assertThat(api.delete("/api/v1/projects/acknowledgements/" + id, projectToken)
                        .status())
                .isEqualTo(204);
        assertThat(api.get("/api/v1/projects/acknowledgements?project=" + project, null)
                        .json()
                        .size())
                .isZero();
        assertThat(api.delete("/api/v1/projects/acknowledgements/" + id, projectToken)
                        .status())
                .isEqualTo(404);
        assertThat(api.delete("/api/v1/projects/acknowledgements/not-a-uuid", projectToken)
                        .status())
                .isEqualTo(400);
    }

    private static ApiClient.Response mint(ApiClient api, String name, String project, String bearer) {
        return api.postJson("/api/v1/tokens", "{\"name\":\"" + name + "\",\"project\":\"" + project + "\"}", bearer);
    }
}
