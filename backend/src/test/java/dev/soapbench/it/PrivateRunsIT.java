package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

class PrivateRunsIT extends IntegrationTest {

    private static final String PRIVATE_RUN =
            "{\"catalog\":\"echo\",\"visibility\":\"private\",\"workload\":{\"stacks\":[\"cxf\"]}}";

    @LocalServerPort
    int port;

    @Test
    void privateRunsAreVisibleToTheirOwnersTokenOnly() {
        ApiClient api = new ApiClient(port);
        String owner = api.createToken("owner");
        String stranger = api.createToken("stranger");
        assertThat(owner).startsWith("sbt_");

        ApiClient.Response submitted = api.postJson("/api/v1/runs", PRIVATE_RUN, owner);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        String id = submitted.json().get("id").asString();
        String slug = submitted.json().get("slug").asString();

        assertThat(api.get("/api/v1/runs/" + id, owner).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/runs/" + slug, owner)
                        .json()
                        .get("visibility")
                        .asString())
                .isEqualTo("private");
        assertThat(api.get("/api/v1/runs/" + id, null).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/runs/" + slug, stranger).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/runs/" + id + "/events", null).status()).isEqualTo(404);

        assertThat(idsListedFor(api, null)).doesNotContain(id);
        assertThat(idsListedFor(api, stranger)).doesNotContain(id);
        assertThat(idsListedFor(api, owner)).contains(id);
    }

    @Test
    void anUnlistedRunIsSeenByAnyoneWithItsLinkAndListedForNobodyElse() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"visibility\":\"unlisted\",\"workload\":{\"stacks\":[\"cxf\"]}}",
                null);
        assertThat(submitted.status()).as("no token needed").isEqualTo(201);
        String id = submitted.json().get("id").asString();
        String slug = submitted.json().get("slug").asString();

        ApiClient.Response byLink = api.get("/api/v1/runs/" + slug, null);
        assertThat(byLink.status()).isEqualTo(200);
        assertThat(byLink.json().get("visibility").asString()).isEqualTo("unlisted");
        assertThat(idsListedFor(api, null)).doesNotContain(id);
        assertThat(api.postAction("/api/v1/runs/" + slug + "/cancel", null, null, null)
                        .status())
                .as("seen, but not the stranger's to cancel")
                .isEqualTo(403);
    }

    @Test
    void anUnknownVisibilityIsNamed() {
        ApiClient.Response response = new ApiClient(port)
                .postJson(
                        "/api/v1/runs",
                        "{\"catalog\":\"echo\",\"visibility\":\"secret\",\"workload\":{\"stacks\":[\"cxf\"]}}",
                        null);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().at("/errors/0/message").asString()).isEqualTo("must be public, unlisted or private");
    }

    @Test
    void aPrivateRunWithoutATokenIsRefusedWithAClearReason() {
        ApiClient.Response response = new ApiClient(port).postJson("/api/v1/runs", PRIVATE_RUN, null);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("detail").asString()).contains("needs an API token");
        assertThat(response.json().at("/errors/0/field").asString()).isEqualTo("visibility");
    }

    @Test
    void anUnknownTokenIsRefusedNotIgnored() {
        ApiClient.Response response = new ApiClient(port).get("/api/v1/runs", "sbt_notarealtoken");

        assertThat(response.status()).isEqualTo(401);
        assertThat(response.contentType()).startsWith("application/problem+json");
    }

    private static List<String> idsListedFor(ApiClient api, String token) {
        JsonNode page = api.get("/api/v1/runs?size=100", token).json();
        return page.get("items")
                .valueStream()
                .map(item -> item.get("id").asString())
                .toList();
    }
}
