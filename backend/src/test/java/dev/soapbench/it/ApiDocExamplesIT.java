package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** The API docs' hand-written examples work as written, and the schema they refer to is served. */
class ApiDocExamplesIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Test
    void everyJsonExampleOfSubmittingARunIsAccepted() throws Exception {
        JsonNode contract =
                YAMLMapper.builder().build().readTree(Files.readString(Path.of("src/main/resources/openapi.yaml")));
        JsonNode examples = contract.at("/paths/~1api~1v1~1runs/post/requestBody/content/application~1json/examples");
        assertThat(examples.size()).isGreaterThanOrEqualTo(3);
        ApiClient api = new ApiClient(port);
        for (Map.Entry<String, JsonNode> example : examples.properties()) {
            ApiClient.Response response = api.postJson(
                    "/api/v1/runs",
                    ApiClient.JSON.writeValueAsString(example.getValue().get("value")),
                    null);
            assertThat(response.status())
                    .as(example.getKey() + ": " + response.body())
                    .isEqualTo(201);
        }
    }

    @Test
    void theWorkloadSchemaIsServedWhereItsIdPoints() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response schema = api.get("/schemas/workload.schema.json", null);
        assertThat(schema.status()).isEqualTo(200);
        assertThat(schema.contentType()).startsWith("application/schema+json");
        assertThat(schema.json().get("$id").asString()).isEqualTo("https://soapbench.dev/schemas/workload.schema.json");
        assertThat(api.get("/api/v1/schemas/workload.schema.json", null).status())
                .isEqualTo(200);
        assertThat(api.get("/api/v1/schemas/..%2Fopenapi.yaml", null).status()).isIn(400, 404);
        assertThat(api.get("/api/v1/schemas/application.yaml", null).status()).isEqualTo(404);
    }

    @Test
    void theApiDocsWorkloadRefersToTheServedSchema() {
        ApiClient api = new ApiClient(port);
        JsonNode served = YAMLMapper.builder()
                .build()
                .readTree(api.get("/api/v1/openapi.yaml", null).body());
        String ref = served.at("/components/schemas/Workload/$ref").asString();

        // Resolved as the docs page resolves it, against the document's own URL, where a `..` above
        // the root stays at the root (RFC 3986; java.net.URI keeps it, so it is dropped here).
        String resolved = URI.create("/api/v1/openapi.yaml")
                .resolve(ref)
                .normalize()
                .getPath()
                .replaceFirst("^(/\\.\\.)+", "");
        ApiClient.Response schema = api.get(resolved, null);
        assertThat(schema.status()).as(resolved).isEqualTo(200);
        assertThat(schema.json().get("$id").asString()).isEqualTo("https://soapbench.dev/schemas/workload.schema.json");
    }
}
