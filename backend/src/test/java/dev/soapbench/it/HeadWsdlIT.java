package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.common.JsonSchemas;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/** An A/B of two WSDLs in one run: the base and the head WSDL, one stack built from each. */
class HeadWsdlIT extends IntegrationTest {

    private static final Path BASE = Path.of("../wsdl-catalog/echo/echo.wsdl");
    private static final Path HEAD = Path.of("../e2e-tests/fixtures/echo-longer-answer.wsdl");

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Autowired
    JsonSchemas schemas;

    @Autowired
    JdbcClient jdbc;

    private ApiClient.Response submit(String workload, Path head) throws Exception {
        return new ApiClient(port)
                .postMultipart(
                        "/api/v1/runs",
                        null,
                        ApiClient.Part.file("wsdl", "service.wsdl", Files.readAllBytes(BASE)),
                        ApiClient.Part.file("headWsdl", "service.wsdl", Files.readAllBytes(head)),
                        ApiClient.Part.text("workload", workload));
    }

    @Test
    void theHeadIsTheSameStackBuiltFromTheHeadWsdlAndJudgedAgainstTheBase() throws Exception {
        ApiClient.Response response = submit("{\"stacks\":[\"gsoap\"]}", HEAD);

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        UUID runId = UUID.fromString(response.json().get("id").asString());
        assertThat(response.json().at("/analysis/head/stack").asString()).isEqualTo("gsoap@2.8.124+head");
        assertThat(response.json().at("/analysis/head/operations/0").asString()).isEqualTo("echo");
        JsonNode run = new ApiClient(port).get("/api/v1/runs/" + runId, null).json();
        assertThat(run.at("/stacks/0/version").asString()).isEqualTo("2.8.124");
        assertThat(run.at("/stacks/1/version").asString()).isEqualTo("2.8.124+head");
        assertThat(run.at("/workload/reference").asString()).isEqualTo("gsoap@2.8.124");
        assertThat(jdbc.sql("SELECT side FROM run_bundle_files WHERE run_id = ? ORDER BY side")
                        .param(runId)
                        .query(String.class)
                        .list())
                .containsExactly("base", "head");

        Message job = JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20));
        JsonNode body = ApiClient.JSON.readTree(job.getBody());
        assertThat(schemas.validate(JsonSchemas.RUN_JOB, body)).isEmpty();
        assertThat(body.get("stacks").toString())
                .isEqualTo("[{\"id\":\"gsoap\",\"version\":\"2.8.124\"},"
                        + "{\"id\":\"gsoap\",\"version\":\"2.8.124+head\",\"bundle\":\"head\"}]");
        String headWsdl = new String(
                Base64.getDecoder()
                        .decode(body.at("/headBundle/files/0/contentBase64").asString()),
                StandardCharsets.UTF_8);
        assertThat(headWsdl).contains("minOccurs=\"200\"");
        assertThat(body.at("/headSamples/0/response").asString()).contains("line>");
        assertThat(body.at("/samples/0/response").asString()).doesNotContain("line>");
    }

    @Test
    void aHeadIsRefusedWithWhereItWentWrong() throws Exception {
        ApiClient.Response twoStacks = submit("{\"stacks\":[\"gsoap\",\"cxf\"]}", HEAD);
        assertThat(twoStacks.status()).isEqualTo(422);
        assertThat(twoStacks.json().at("/errors/0/field").asString()).isEqualTo("/stacks");

        Path renamed = Files.createTempFile("head", ".wsdl");
        Files.writeString(
                renamed,
                Files.readString(HEAD).replace("wsdl:operation name=\"echo\"", "wsdl:operation name=\"shout\""));
        ApiClient.Response lacking = submit("{\"stacks\":[\"gsoap\"]}", renamed);
        assertThat(lacking.status()).isEqualTo(422);
        assertThat(lacking.json().at("/errors/0/field").asString()).isEqualTo("headWsdl");
        assertThat(lacking.json().at("/errors/0/message").asString())
                .isEqualTo("has no operation 'echo', which the base measures");

        ApiClient.Response broken = submit("{\"stacks\":[\"gsoap\"]}", Path.of("../e2e-tests/fixtures/broken.wsdl"));
        assertThat(broken.status()).isBetween(400, 422);
        assertThat(broken.json().get("detail").asString()).startsWith("The head WSDL");
        assertThat(broken.json().at("/errors/0/field").asString()).isEqualTo("headWsdl");
        assertThat(broken.json().at("/errors/0/line").isNumber()).isTrue();
    }
}
