package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/** A queued run says where it stands in line and when a worker should take it. */
class RunQueueIT extends IntegrationTest {

    static final String CLASS = "it-queue";

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Autowired
    JdbcClient jdbc;

    /**
     * The class is this test's own, but the servers may have run it a minute ago: its worker would
     * still be live and a run it left queued would stand ahead in line.
     */
    @BeforeEach
    void aClassWithNobodyInLine() {
        jdbc.sql("DELETE FROM workers WHERE hardware_class = ?").param(CLASS).update();
        jdbc.sql(
                        "UPDATE runs SET status = 'cancelled', finished_at = now() WHERE hardware_class = ? AND status = 'queued'")
                .param(CLASS)
                .update();
    }

    @Test
    void queuedRunsSayTheirPlaceAndAnEstimateOnceAWorkerOfTheirClassIsLive() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response first = submit(api);
        ApiClient.Response second = submit(api);

        JsonNode before = queueOf(api, second);
        assertThat(before.get("position").asInt()).isEqualTo(2);
        assertThat(before.get("workers").asInt()).isZero();
        assertThat(before.get("estimatedStartSeconds").isNull()).isTrue();
        assertThat(before.get("basis").asString()).contains("No worker of class it-queue is live");

        WorkerEvents.publishHeartbeat(
                rabbit,
                "queue-worker",
                "{\"schemaVersion\":1,\"workerId\":\"queue-worker\",\"hardwareClass\":\"" + CLASS
                        + "\",\"fingerprint\":" + WorkerEvents.FINGERPRINT
                        + ",\"currentRunId\":null,\"stacks\":[{\"id\":\"gsoap\",\"available\":true}],\"at\":\""
                        + Instant.now() + "\"}");
        JsonNode after = Runs.awaitRun(
                        api,
                        UUID.fromString(second.json().get("id").asString()),
                        run -> run.at("/queue/workers").asInt() == 1,
                        Duration.ofSeconds(15))
                .get("queue");
        assertThat(after.get("workers").asInt()).isEqualTo(1);
        assertThat(after.get("position").asInt()).isEqualTo(2);
        assertThat(after.get("estimatedStartSeconds").asLong()).isPositive();
        assertThat(queueOf(api, first).get("position").asInt()).isEqualTo(1);
        assertThat(queueOf(api, first).get("estimatedStartSeconds").asLong())
                .isLessThan(after.get("estimatedStartSeconds").asLong());

        cancel(api, second);
        assertThat(api.get("/api/v1/runs/" + second.json().get("id").asString(), null)
                        .json()
                        .get("queue")
                        .isNull())
                .isTrue();
        cancel(api, first);
    }

    private static ApiClient.Response submit(ApiClient api) {
        ApiClient.Response submitted = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"],\"hardwareClass\":\"" + CLASS + "\"}}",
                null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        return submitted;
    }

    private static JsonNode queueOf(ApiClient api, ApiClient.Response submitted) {
        JsonNode run = api.get("/api/v1/runs/" + submitted.json().get("id").asString(), null)
                .json();
        assertThat(run.get("status").asString()).isEqualTo("queued");
        return run.get("queue");
    }

    private static void cancel(ApiClient api, ApiClient.Response submitted) {
        api.postAction(
                "/api/v1/runs/" + submitted.json().get("id").asString() + "/cancel",
                null,
                "X-Run-Manage-Token",
                submitted.json().get("manageToken").asString());
    }
}
