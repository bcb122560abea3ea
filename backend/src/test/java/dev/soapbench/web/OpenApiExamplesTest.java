package dev.soapbench.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Every response example in openapi.yaml is an answer the contract allows: each is checked against
 * its own schema by an OpenAPI 3.0 schema validator, so an example cannot drift from the shapes the
 * UI's types and the clients are generated from.
 */
class OpenApiExamplesTest {

    private static final String DOCUMENT = "https://soapbench.dev/openapi.json";
    private static final String SCHEMAS = "https://soapbench.dev/schemas/";

    @Test
    void everyResponseExampleMatchesItsSchema() throws Exception {
        JsonNode contract =
                YAMLMapper.builder().build().readTree(Files.readString(Path.of("src/main/resources/openapi.yaml")));
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(Dialects.getOpenApi30(), builder -> builder.schemas(
                        Map.of(DOCUMENT, JsonMapper.shared().writeValueAsString(contract)))
                // The workload is the JSON Schema the contract refers to, resolved as the
                // served document's reference resolves: to where its $id points.
                .schemaIdResolvers(ids -> ids.mapPrefix(SCHEMAS, "classpath:schemas/")));

        List<String> checked = new ArrayList<>();
        List<String> faults = new ArrayList<>();
        for (var path : contract.get("paths").properties()) {
            for (var operation : path.getValue().properties()) {
                JsonNode responses = operation.getValue().path("responses");
                for (var response : responses.properties()) {
                    JsonNode json = response.getValue().path("content").path("application/json");
                    if (!json.has("example") || !json.has("schema")) {
                        continue;
                    }
                    String pointer = "#/paths/" + escape(path.getKey()) + "/" + operation.getKey() + "/responses/"
                            + response.getKey() + "/content/application~1json/schema";
                    Schema schema = registry.getSchema(SchemaLocation.of(DOCUMENT + pointer));
                    String where = operation.getKey().toUpperCase() + " " + path.getKey() + " " + response.getKey();
                    checked.add(where);
                    for (Error error : schema.validate(json.get("example"))) {
                        faults.add(where + ": " + error);
                    }
                }
            }
        }

        assertThat(checked)
                .as("the examples of a run, the run list, an analysis and both estimates")
                .contains(
                        "GET /api/v1/runs/{id} 200",
                        "GET /api/v1/runs 200",
                        "POST /api/v1/analyses 200",
                        "POST /api/v1/estimates 200",
                        "GET /api/v1/studies/{id}/estimate 200");
        assertThat(faults).isEmpty();
    }

    private static String escape(String path) {
        return path.replace("~", "~0").replace("/", "~1");
    }
}
