package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.common.JsonSchemas;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A stack beside its own variant in one run: the variant travels in the job, is reported under its
 * version with the variant as build metadata, and its figures stay apart from the default
 * configuration's.
 */
class StackVariantsIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Autowired
    JsonSchemas schemas;

    @Test
    void aStackAndItsVariantAreMeasuredSideBySideAndReadBackApart() throws Exception {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\",\"cxf+parallel-gc\",\"gsoap@2.8.124+keepalive-100\"],"
                        + "\"reference\":\"cxf+parallel-gc\"}}",
                null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());

        Message job = JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20));
        JsonNode body = ApiClient.JSON.readTree(job.getBody());
        assertThat(schemas.validate(JsonSchemas.RUN_JOB, body)).isEmpty();
        assertThat(body.get("stacks").toString())
                .isEqualTo("[{\"id\":\"cxf\",\"version\":\"4.2.3\"},"
                        + "{\"id\":\"cxf\",\"version\":\"4.2.3+parallel-gc\",\"variant\":\"parallel-gc\"},"
                        + "{\"id\":\"gsoap\",\"version\":\"2.8.124+keepalive-100\",\"variant\":\"keepalive-100\"}]");
        assertThat(body.at("/workload/reference").asString()).isEqualTo("cxf@4.2.3+parallel-gc");

        String histogram = Base64.getEncoder()
                .encodeToString("HISTFAAAACl4nJNpmSzMwMDAxgABzFCaEUzLMdg1NjNP".getBytes(StandardCharsets.US_ASCII));
        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "worker-variants-1");
            worker.publish(
                    1, "accepted", "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            worker.publish(2, "measurement", WorkerEvents.measurement("cxf", "4.2.3", 1, histogram));
            worker.publish(
                    3,
                    "measurement",
                    WorkerEvents.measurement("cxf", "4.2.3+parallel-gc", 1, histogram)
                            .replace("\"throughput\":200.0", "\"throughput\":300.0"));
            worker.publish(4, "completed", "{}");
            return null;
        });
        JsonNode run = Runs.awaitStatus(api, runId, "completed", Duration.ofSeconds(15));
        assertThat(run.get("status").asString()).isEqualTo("completed");

        assertThat(run.at("/stacks/0/version").asString()).isEqualTo("4.2.3");
        assertThat(run.at("/stacks/0/variant").isNull()).isTrue();
        assertThat(run.at("/stacks/1/version").asString()).isEqualTo("4.2.3+parallel-gc");
        assertThat(run.at("/stacks/1/variant/id").asString()).isEqualTo("parallel-gc");
        assertThat(run.at("/stacks/1/variant/settings/jvm.gc").asString()).isEqualTo("parallel");
        assertThat(run.at("/stacks/1/variant/description").asString()).contains("parallel");
        assertThat(run.at("/stacks/2/variant/settings/server.maxKeepAlive").asString())
                .isEqualTo("100");

        // One cell, two figures: the variant's 300 req/s never pooled with the default's 200.
        JsonNode figures = run.at("/summary/cells/0/stacks");
        List<String> keys = new ArrayList<>();
        figures.forEach(f -> keys.add(f.get("stack").asString() + "@"
                + f.get("version").asString() + "=" + f.at("/throughput/median").asDouble()));
        assertThat(keys).containsExactlyInAnyOrder("cxf@4.2.3=200.0", "cxf@4.2.3+parallel-gc=300.0");
        assertThat(run.at("/summary/cells/0/reference").asString()).isEqualTo("cxf@4.2.3+parallel-gc");
    }

    @Test
    void anUndeclaredVariantIsRefusedNamingTheStackAndItsVariants() {
        ApiClient.Response refused = new ApiClient(port)
                .postJson(
                        "/api/v1/runs",
                        "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\",\"cxf+zgc\"]}}",
                        null);

        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.json().at("/errors/0/field").asString()).isEqualTo("/stacks/1");
        assertThat(refused.json().at("/errors/0/message").asString())
                .isEqualTo("stack 'cxf' has no variant 'zgc' (declared: parallel-gc, nio2)");

        ApiClient.Response notAnId = new ApiClient(port)
                .postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf+$(id)\"]}}", null);
        assertThat(notAnId.status()).as(notAnId.body()).isEqualTo(422);
        assertThat(notAnId.json().at("/errors/0/field").asString()).isEqualTo("/stacks/0");
    }

    @Test
    void theStacksListTheirVariants() {
        JsonNode stacks = new ApiClient(port).get("/api/v1/stacks", null).json();
        JsonNode cxf = null;
        for (JsonNode stack : stacks) {
            if (stack.get("id").asString().equals("cxf")) {
                cxf = stack;
            }
        }
        assertThat(cxf).isNotNull();
        assertThat(cxf.at("/variants/0/id").asString()).isEqualTo("parallel-gc");
        assertThat(cxf.at("/variants/0/settings/jvm.gc").asString()).isEqualTo("parallel");
    }
}
