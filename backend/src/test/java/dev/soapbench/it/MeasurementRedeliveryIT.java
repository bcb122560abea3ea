package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

class MeasurementRedeliveryIT extends IntegrationTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String HISTOGRAM = Base64.getEncoder()
            .encodeToString("HISTFAAAACl4nJNpmSzMwMDAxgABzFCaEUzLMdg1NjNP".getBytes(StandardCharsets.US_ASCII));

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Autowired
    JdbcClient jdbc;

    @Test
    void aRepetitionMeasuredAgainByASecondDeliveryReplacesTheFirstAndCountsOnce() {
        ApiClient api = new ApiClient(port);
        UUID runId = Runs.submitEcho(api, null);
        JobQueue.takeJobOf(rabbit, runId, WAIT);
        String accepted = "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT;
        rabbit.invoke(channel -> {
            WorkerEvents first = new WorkerEvents(channel, runId, "worker-redelivery-1");
            first.publish(
                    1, "accepted", accepted + ",\"deliveries\":1,\"redelivered\":false,\"resumedMeasurements\":0}");
            first.publish(2, "measurement", measurement(1, 100.0));
            first.publish(3, "measurement", measurement(2, 110.0));
            // The worker is killed here; the broker hands the job to another worker, which measures
            // repetition 2 again (its first delivery's figure for it was not confirmed).
            WorkerEvents second = new WorkerEvents(channel, runId, "worker-redelivery-2");
            second.publish(
                    1, "accepted", accepted + ",\"deliveries\":2,\"redelivered\":true,\"resumedMeasurements\":1}");
            second.publish(2, "measurement", measurement(2, 300.0));
            second.publish(3, "completed", "{}");
            return null;
        });

        JsonNode run = Runs.awaitStatus(api, runId, "completed", WAIT);
        assertThat(run.get("status").asString()).isEqualTo("completed");
        assertThat(run.get("measurements")).hasSize(2);
        assertThat(run.get("measurements").findValuesAsString("repetition")).containsExactlyInAnyOrder("1", "2");
        assertThat(jdbc.sql("SELECT throughput FROM measurements WHERE run_id = ? AND repetition = 2")
                        .param(runId)
                        .query(Double.class)
                        .list())
                .as("the newer delivery's figure replaces the older one")
                .containsExactly(300.0);
        assertThat(run.at("/summary").toString()).contains("\"repetitions\":2");
        JsonNode history = run.get("history");
        assertThat(history).hasSize(3);
        assertThat(history.get(1).get("note").asString())
                .contains("worker-redelivery-2 took the job again")
                .contains("delivery 2")
                .contains("crash")
                .contains("keeps the 1 measurement");
    }

    @Test
    void theSchemaAllowsOneMeasurementPerRunStackCellAndRepetition() {
        ApiClient api = new ApiClient(port);
        UUID runId = Runs.submitEcho(api, null);
        String insert =
                """
                INSERT INTO measurements (run_id, stack_id, version, operation, security, connections, repetition,
                    requests, throughput, server_cpu_seconds, peak_rss_bytes, config_hash, histogram, data)
                VALUES (?, 'cxf', '4.2.3', 'echo', 'plain', 4, 1, 100, 1.0, 0.1, 1, 'h', '\\x00'::bytea,
                    '{"cell":{"operation":"echo","security":"plain","connections":4}}'::jsonb)""";
        jdbc.sql(insert).param(runId).update();
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> jdbc.sql(insert).param(runId).update())
                .hasMessageContaining("measurements_one_per_repetition");
    }

    private static String measurement(int repetition, double throughput) {
        return WorkerEvents.measurement("cxf", "4.2.3", repetition, HISTOGRAM)
                .replace("\"throughput\":200.0", "\"throughput\":" + throughput);
    }
}
