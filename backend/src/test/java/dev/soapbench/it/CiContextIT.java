package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** A run sent from a pipeline keeps where it comes from; a context of another shape is refused by field. */
class CiContextIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Test
    void aRunKeepsItsProjectBranchCommitAndJob() throws Exception {
        ApiClient api = new ApiClient(port);
        ApiClient.Response json = api.postJson(
                "/api/v1/runs",
                """
                {"catalog":"echo","workload":{"stacks":["gsoap"]},
                 "ci":{"project":"acme/billing","branch":"feature/faster-codec","commit":"0123abc",
                       "url":"https://ci.example/acme/billing/jobs/7"}}""",
                null);
        assertThat(json.status()).as(json.body()).isEqualTo(201);
        JsonNode run = api.get("/api/v1/runs/" + json.json().get("id").asString(), null)
                .json();
        assertThat(run.at("/ci/project").asString()).isEqualTo("acme/billing");
        assertThat(run.at("/ci/branch").asString()).isEqualTo("feature/faster-codec");
        assertThat(run.at("/ci/commit").asString()).isEqualTo("0123abc");
        assertThat(run.at("/ci/url").asString()).isEqualTo("https://ci.example/acme/billing/jobs/7");

        ApiClient.Response form = api.postMultipart(
                "/api/v1/runs",
                null,
                ApiClient.Part.file("wsdl", "echo.wsdl", Files.readAllBytes(Path.of("../wsdl-catalog/echo/echo.wsdl"))),
                ApiClient.Part.text("workload", "stacks: [gsoap]\n"),
                ApiClient.Part.text("ci", "{\"project\":\"acme/billing\"}"));
        assertThat(form.status()).as(form.body()).isEqualTo(201);
        JsonNode formRun = api.get("/api/v1/runs/" + form.json().get("id").asString(), null)
                .json();
        assertThat(formRun.at("/ci/project").asString()).isEqualTo("acme/billing");
        assertThat(formRun.at("/ci/branch").isNull()).isTrue();

        JsonNode plain = api.get(
                        "/api/v1/runs/"
                                + api.postJson(
                                                "/api/v1/runs",
                                                "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"]}}",
                                                null)
                                        .json()
                                        .get("id")
                                        .asString(),
                        null)
                .json();
        assertThat(plain.get("ci").isNull()).isTrue();
    }

    @Test
    void aContextOfAnotherShapeIsRefusedNamingEachField() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response refused = api.postJson(
                "/api/v1/runs",
                """
                {"catalog":"echo","workload":{"stacks":["gsoap"]},
                 "ci":{"project":"acme billing<script>","commit":"not-a-sha","url":"javascript:alert(1)","tag":"x"}}""",
                null);
        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        List<String> fields = new ArrayList<>();
        refused.json().get("errors").forEach(e -> fields.add(e.get("field").asString()));
        assertThat(fields).containsExactlyInAnyOrder("/ci/tag", "/ci/project", "/ci/commit", "/ci/url");
        assertThat(refused.body()).doesNotContain("Exception");

        ApiClient.Response noProject = api.postJson(
                "/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"]},\"ci\":{}}", null);
        assertThat(noProject.status()).isEqualTo(422);
        assertThat(noProject.body()).contains("/ci/project");

        ApiClient.Response notJson = api.postMultipart(
                "/api/v1/runs",
                null,
                ApiClient.Part.text("catalog", "echo"),
                ApiClient.Part.text("workload", "stacks: [gsoap]\n"),
                ApiClient.Part.text("ci", "{not json"));
        assertThat(notJson.status()).as(notJson.body()).isEqualTo(400);
        assertThat(notJson.contentType()).startsWith("application/problem+json");
    }
}
