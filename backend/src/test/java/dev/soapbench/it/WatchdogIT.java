package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** The tests run the watchdog with silent-after 2 s and fail-after 8 s (IntegrationTest). */
class WatchdogIT extends IntegrationTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Test
    void aRunWhoseWorkerFallsSilentShowsItThenFailsNamingTheWorkerAndItsLastStep() {
        ApiClient api = new ApiClient(port);
        UUID runId = Runs.submitEcho(api, null);
        JobQueue.takeJobOf(rabbit, runId, WAIT);
        String workerId = "worker-silent-" + UUID.randomUUID().toString().substring(0, 8);
        WorkerEvents.publishHeartbeat(rabbit, workerId, heartbeat(workerId, runId, "measuring cxf (round 2 of 3)"));
        new WorkerEvents(rabbit, runId, workerId)
                .publish(
                        1,
                        "accepted",
                        "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");

        JsonNode running = Runs.awaitStatus(api, runId, "running", WAIT);
        assertThat(running.get("workerSilentSince").isNull())
                .as("just heard from")
                .isTrue();
        assertThat(running.get("workerStep").asString()).isEqualTo("measuring cxf (round 2 of 3)");

        JsonNode silent =
                Runs.awaitRun(api, runId, run -> !run.path("workerSilentSince").isNull(), WAIT);
        assertThat(silent.get("status").asString()).isEqualTo("running");
        assertThat(silent.get("workerSilentSince").isNull()).isFalse();

        try (ControlQueue control = new ControlQueue(rabbit)) {
            JsonNode failed = Runs.awaitStatus(api, runId, "failed", WAIT);
            assertThat(failed.get("status").asString()).isEqualTo("failed");
            assertThat(failed.get("failure").asString())
                    .contains("worker " + workerId + " stopped answering during 'measuring cxf (round 2 of 3)' at ")
                    .endsWith("UTC");
            assertThat(failed.get("workerSilentSince").isNull()).isTrue();
            control.awaitCancelOf(runId, WAIT);
        }

        // A late event of the failed run changes nothing, and its worker is told to stop.
        try (ControlQueue control = new ControlQueue(rabbit)) {
            new WorkerEvents(rabbit, runId, workerId)
                    .publish(2, "building", "{\"stack\":\"cxf\",\"version\":\"4.2.3\"}");
            control.awaitCancelOf(runId, WAIT);
        }
        JsonNode after = api.get("/api/v1/runs/" + runId, null).json();
        assertThat(after.get("status").asString()).isEqualTo("failed");
        assertThat(after.at("/stacks/0/status").asString()).isEqualTo("failed");
    }

    @Test
    void heartbeatsNamingTheRunKeepItAlive() {
        ApiClient api = new ApiClient(port);
        UUID runId = Runs.submitEcho(api, null);
        JobQueue.takeJobOf(rabbit, runId, WAIT);
        String workerId = "worker-alive-" + UUID.randomUUID().toString().substring(0, 8);
        new WorkerEvents(rabbit, runId, workerId)
                .publish(
                        1,
                        "accepted",
                        "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
        Runs.awaitStatus(api, runId, "running", WAIT);

        // 12 s of heartbeats every second, longer than fail-after (8 s): the run stays running.
        for (int second = 0; second < 12; second++) {
            WorkerEvents.publishHeartbeat(rabbit, workerId, heartbeat(workerId, runId, "building cxf"));
            Runs.sleep(1000);
        }
        JsonNode run = api.get("/api/v1/runs/" + runId, null).json();
        assertThat(run.get("status").asString()).isEqualTo("running");
        assertThat(run.get("workerStep").asString()).isEqualTo("building cxf");
    }

    private static String heartbeat(String workerId, UUID runId, String step) {
        return "{\"schemaVersion\":1,\"workerId\":\"" + workerId + "\",\"hardwareClass\":\"local\",\"fingerprint\":"
                + WorkerEvents.FINGERPRINT + ",\"currentRunId\":\"" + runId + "\",\"step\":\"" + step + "\",\"at\":\""
                + OffsetDateTime.now() + "\"}";
    }
}
