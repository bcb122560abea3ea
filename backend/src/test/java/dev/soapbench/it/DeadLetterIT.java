package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.GetResponse;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

class DeadLetterIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Test
    void aJobRejectedByAWorkerFailsItsRunWithTheReason() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted =
                api.postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\"]}}", null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());

        rejectJobOf(runId);

        JsonNode run = awaitFinished(api, runId);
        assertThat(run.get("status").asString()).isEqualTo("failed");
        assertThat(run.get("failure").asString())
                .contains("dead-lettered from bench.jobs.local")
                .contains("rejected");
        assertThat(run.at("/stacks/0/status").asString()).isEqualTo("failed");
    }

    @Test
    void aJobWhoseDeliveriesNeverEndIsDeadLetteredWithTheDeliveriesCountedAndNamed() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted =
                api.postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\"]}}", null);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());

        // Each delivery ends as a crashed worker's would: the job goes back to the queue unfinished.
        int deliveries = 0;
        Instant deadline = Instant.now().plusSeconds(60);
        while (Instant.now().isBefore(deadline)) {
            Boolean returned = rabbit.execute(channel -> {
                GetResponse response = channel.basicGet(JobQueue.LOCAL, false);
                if (response == null) {
                    return null;
                }
                boolean ours = ApiClient.JSON
                        .readTree(response.getBody())
                        .path("runId")
                        .asString()
                        .equals(runId.toString());
                if (ours) {
                    channel.basicNack(response.getEnvelope().getDeliveryTag(), false, true);
                } else {
                    channel.basicAck(response.getEnvelope().getDeliveryTag(), false);
                }
                return ours;
            });
            if (Boolean.TRUE.equals(returned)) {
                deliveries++;
            } else if (returned == null) {
                if (api.get("/api/v1/runs/" + runId, null)
                        .json()
                        .get("status")
                        .asString()
                        .equals("failed")) {
                    break;
                }
                sleep(100);
            }
        }

        JsonNode run = awaitFinished(api, runId);
        assertThat(deliveries)
                .as("the poison guard's 20 redeliveries and the first delivery")
                .isEqualTo(21);
        assertThat(run.get("status").asString()).isEqualTo("failed");
        assertThat(run.get("failure").asString())
                .contains("handed it out 21 times")
                .contains("crashed")
                .contains("broker restarted")
                .doesNotContain("earlier attempts failed");
    }

    /** Takes the run's job like a worker and rejects it without requeue, other runs' jobs go back. */
    private void rejectJobOf(UUID runId) {
        Instant deadline = Instant.now().plusSeconds(20);
        while (Instant.now().isBefore(deadline)) {
            Boolean rejected = rabbit.execute(channel -> {
                GetResponse response = channel.basicGet(JobQueue.LOCAL, false);
                if (response == null) {
                    return false;
                }
                String jobRunId = ApiClient.JSON
                        .readTree(response.getBody())
                        .path("runId")
                        .asString();
                boolean ours = jobRunId.equals(runId.toString());
                if (ours) {
                    channel.basicReject(response.getEnvelope().getDeliveryTag(), false);
                } else {
                    channel.basicAck(response.getEnvelope().getDeliveryTag(), false);
                }
                return ours;
            });
            if (Boolean.TRUE.equals(rejected)) {
                return;
            }
            sleep(200);
        }
        throw new AssertionError("the job of run " + runId + " never arrived");
    }

    private static JsonNode awaitFinished(ApiClient api, UUID runId) {
        Instant deadline = Instant.now().plusSeconds(20);
        JsonNode run = api.get("/api/v1/runs/" + runId, null).json();
        while (!run.get("status").asString().equals("failed") && Instant.now().isBefore(deadline)) {
            sleep(200);
            run = api.get("/api/v1/runs/" + runId, null).json();
        }
        return run;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
