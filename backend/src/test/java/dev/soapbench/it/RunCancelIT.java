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

class RunCancelIT extends IntegrationTest {

    private static final String MANAGE = "X-Run-Manage-Token";
    private static final Duration WAIT = Duration.ofSeconds(15);

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Autowired
    JdbcClient jdbc;

    @Test
    void aQueuedRunWhoseJobIsUnsentIsCancelledAndTheJobNeverLeaves() {
        ApiClient api = new ApiClient(port);
        // The outbox publishes within 0.2 s; holding the row back right after the 201 makes the
        // unsent case certain (a retry covers the rare submission the publisher was faster on).
        UUID runId = null;
        String manageToken = null;
        for (int tries = 0; tries < 5 && runId == null; tries++) {
            ApiClient.Response submitted =
                    api.postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\"]}}", null);
            UUID candidate = UUID.fromString(submitted.json().get("id").asString());
            int held = jdbc.sql(
                            "UPDATE dispatch_outbox SET next_attempt_at = now() + interval '1 hour' WHERE run_id = ? AND sent_at IS NULL")
                    .param(candidate)
                    .update();
            if (held == 1) {
                runId = candidate;
                manageToken = submitted.json().get("manageToken").asString();
            }
        }
        assertThat(runId).as("a submission whose job was still unsent").isNotNull();

        try (ControlQueue control = new ControlQueue(rabbit)) {
            ApiClient.Response cancelled =
                    api.postAction("/api/v1/runs/" + runId + "/cancel", null, MANAGE, manageToken);

            assertThat(cancelled.status()).as(cancelled.body()).isEqualTo(200);
            assertThat(cancelled.json().get("status").asString()).isEqualTo("cancelled");
            assertThat(cancelled.json().get("failure").asString()).contains("cancelled by its owner");
            assertThat(cancelled.json().at("/stacks/0/status").asString()).isEqualTo("cancelled");
            assertThat(jdbc.sql("SELECT count(*) FROM dispatch_outbox WHERE run_id = ?")
                            .param(runId)
                            .query(Long.class)
                            .single())
                    .as("neither the job nor a cancel is sent")
                    .isZero();
            assertThat(control.receivesCancelOf(runId, Duration.ofSeconds(2))).isFalse();
        }
    }

    @Test
    void aQueuedRunWhoseJobWasSentIsCancelledAndAWorkerTakingTheJobIsToldToStop() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted =
                api.postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\"]}}", null);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());
        String manageToken = submitted.json().get("manageToken").asString();
        JobQueue.takeJobOf(rabbit, runId, WAIT);

        try (ControlQueue control = new ControlQueue(rabbit)) {
            ApiClient.Response cancelled =
                    api.postAction("/api/v1/runs/" + runId + "/cancel", null, MANAGE, manageToken);
            assertThat(cancelled.status()).as(cancelled.body()).isEqualTo(200);
            assertThat(cancelled.json().get("status").asString()).isEqualTo("cancelled");
            control.awaitCancelOf(runId, WAIT);

            // A worker that took the job before hearing of the cancel starts it: it is told again.
            new WorkerEvents(rabbit, runId, "worker-cancel-late")
                    .publish(
                            1,
                            "accepted",
                            "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            control.awaitCancelOf(runId, WAIT);
        }
        JsonNode run = api.get("/api/v1/runs/" + runId, null).json();
        assertThat(run.get("status").asString()).isEqualTo("cancelled");
        assertThat(api.postAction("/api/v1/runs/" + runId + "/cancel", null, MANAGE, manageToken)
                        .status())
                .as("cancelling again is harmless")
                .isEqualTo(200);
    }

    @Test
    void aRunningRunIsCancellingUntilItsWorkerConfirmsAndKeepsItsMeasurements() {
        ApiClient api = new ApiClient(port);
        String token = api.createToken("cancel-it");
        UUID runId = Runs.submitEcho(api, token);
        JobQueue.takeJobOf(rabbit, runId, WAIT);
        String histogram = Base64.getEncoder()
                .encodeToString("HISTFAAAACl4nJNpmSzMwMDAxgABzFCaEUzLMdg1NjNP".getBytes(StandardCharsets.US_ASCII));
        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "worker-cancel-1");
            worker.publish(
                    1, "accepted", "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            worker.publish(2, "measurement", WorkerEvents.measurement("cxf", "4.2.3", 1, histogram));
            return null;
        });
        Runs.awaitRun(api, runId, run -> run.path("measurements").size() == 1, WAIT);

        ApiClient.Response stranger = api.postAction("/api/v1/runs/" + runId + "/cancel", null, null, null);
        assertThat(stranger.status()).as(stranger.body()).isEqualTo(403);
        assertThat(stranger.contentType()).startsWith("application/problem+json");
        ApiClient.Response guessed = api.postAction("/api/v1/runs/" + runId + "/cancel", null, MANAGE, "rm_guess");
        assertThat(guessed.status()).isEqualTo(403);

        try (ControlQueue control = new ControlQueue(rabbit)) {
            ApiClient.Response cancelling = api.postAction("/api/v1/runs/" + runId + "/cancel", token, null, null);
            assertThat(cancelling.status()).as(cancelling.body()).isEqualTo(202);
            assertThat(cancelling.json().get("status").asString()).isEqualTo("cancelling");
            control.awaitCancelOf(runId, WAIT);
        }
        new WorkerEvents(rabbit, runId, "worker-cancel-1")
                .publish(3, "cancelled", "{\"reason\":\"cancelled by its owner\"}");

        JsonNode run = Runs.awaitStatus(api, runId, "cancelled", WAIT);
        assertThat(run.get("status").asString()).isEqualTo("cancelled");
        assertThat(run.get("measurements")).as("what was measured is kept").hasSize(1);
        assertThat(run.at("/stacks/0/status").asString()).isEqualTo("cancelled");
        assertThat(run.get("history").findValuesAsString("kind")).contains("accepted", "cancelled");
        assertThat(api.postAction("/api/v1/runs/" + runId + "/cancel", token, null, null)
                        .status())
                .isEqualTo(200);
    }

    @Test
    void aCancellingRunWhoseWorkerNeverConfirmsIsCancelledAfterTheTimeout() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted =
                api.postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\"]}}", null);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());
        JobQueue.takeJobOf(rabbit, runId, WAIT);
        new WorkerEvents(rabbit, runId, "worker-cancel-mute")
                .publish(
                        1,
                        "accepted",
                        "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
        Runs.awaitStatus(api, runId, "running", WAIT);

        ApiClient.Response cancelling = api.postAction(
                "/api/v1/runs/" + runId + "/cancel",
                null,
                MANAGE,
                submitted.json().get("manageToken").asString());
        assertThat(cancelling.status()).as(cancelling.body()).isEqualTo(202);

        // cancel-timeout is 3 s in the tests.
        JsonNode run = Runs.awaitStatus(api, runId, "cancelled", WAIT);
        assertThat(run.get("status").asString()).isEqualTo("cancelled");
        assertThat(run.get("failure").asString()).contains("worker-cancel-mute did not confirm");
    }

    @Test
    void anEndedRunCannotBeCancelledAndAnUnknownOneIsNotFound() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted =
                api.postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\"]}}", null);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());
        JobQueue.takeJobOf(rabbit, runId, WAIT);
        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "worker-cancel-done");
            worker.publish(
                    1, "accepted", "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            worker.publish(2, "completed", "{}");
            return null;
        });
        Runs.awaitStatus(api, runId, "completed", WAIT);

        ApiClient.Response ended = api.postAction(
                "/api/v1/runs/" + runId + "/cancel",
                null,
                MANAGE,
                submitted.json().get("manageToken").asString());
        assertThat(ended.status()).as(ended.body()).isEqualTo(409);
        assertThat(ended.json().get("detail").asString()).contains("completed");
        assertThat(api.postAction("/api/v1/runs/" + UUID.randomUUID() + "/cancel", null, null, null)
                        .status())
                .isEqualTo(404);
    }
}
