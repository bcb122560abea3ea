package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

class EventIngestionIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Autowired
    JdbcClient jdbc;

    @Test
    void scriptedWorkerEventsCompleteTheRunAndLiveSubscribersSeeEveryStep() throws Exception {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted = api.postJson(
                "/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\",\"gsoap\"]}}", null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());
        JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20));

        CompletableFuture<List<JsonNode>> stream = subscribe(api, runId);
        awaitSubscribers();

        byte[] histogram = "HISTFAAAACl4nJNpmSzMwMDAxgABzFCaEUzLMdg1NjNP".getBytes(StandardCharsets.US_ASCII);
        String histogramBase64 = Base64.getEncoder().encodeToString(histogram);
        // One channel for the whole sequence, as a worker has: the broker keeps order per channel only.
        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "worker-it-1");
            worker.publish(
                    1, "accepted", "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            worker.publish(2, "building", "{\"stack\":\"cxf\",\"version\":\"4.2.3\"}");
            worker.publish(
                    3,
                    "built",
                    "{\"stack\":\"cxf\",\"version\":\"4.2.3\",\"versions\":{\"cxf\":\"4.2.3\"},\"buildSeconds\":12.5,\"log\":\"BUILD SUCCESS\"}");
            worker.publish(4, "measuring", "{\"stack\":\"cxf\",\"version\":\"4.2.3\",\"repetition\":1}");
            worker.publish(5, "measurement", WorkerEvents.measurement("cxf", "4.2.3", 1, histogramBase64));
            worker.publish(5, "measurement", WorkerEvents.measurement("cxf", "4.2.3", 1, histogramBase64));
            worker.publishRaw("{\"this is\": not json", "RunEvent");
            worker.publishRaw("{\"schemaVersion\":1,\"runId\":\"" + runId + "\",\"kind\":\"completed\"}", "RunEvent");
            worker.publish(6, "building", "{\"stack\":\"gsoap\",\"version\":\"2.8.124\"}");
            worker.publish(
                    7,
                    "stack_failed",
                    "{\"stack\":\"gsoap\",\"version\":\"2.8.124\",\"phase\":\"build\",\"reason\":\"error: soapcpp2 failed\",\"log\":\"soapcpp2: syntax error\"}");
            worker.publish(8, "completed", "{}");
            return null;
        });

        List<JsonNode> updates = stream.get(30, TimeUnit.SECONDS);
        JsonNode run = api.get("/api/v1/runs/" + runId, null).json();

        assertThat(run.get("status").asString()).isEqualTo("completed");
        assertThat(run.get("workerId").asString()).isEqualTo("worker-it-1");
        assertThat(run.at("/fingerprint/cpuModel").asString()).isEqualTo("Test CPU");
        assertThat(run.get("startedAt").isNull()).isFalse();
        assertThat(run.get("finishedAt").isNull()).isFalse();
        assertThat(run.at("/stacks/0/status").asString()).isEqualTo("done");
        assertThat(run.at("/stacks/0/buildSeconds").asDouble()).isEqualTo(12.5);
        assertThat(run.at("/stacks/0/versions/cxf").asString()).isEqualTo("4.2.3");
        assertThat(run.at("/stacks/1/status").asString()).isEqualTo("build_failed");
        assertThat(run.at("/stacks/1/reason").asString()).isEqualTo("error: soapcpp2 failed");
        assertThat(run.at("/stacks/1/log").asString()).contains("syntax error");
        assertThat(run.get("measurements")).hasSize(1);
        assertThat(run.at("/measurements/0/throughput").asDouble()).isEqualTo(200.0);
        assertThat(run.at("/measurements/0").has("histogram")).isFalse();
        assertThat(jdbc.sql("SELECT histogram FROM measurements WHERE run_id = ?")
                        .param(runId)
                        .query(byte[].class)
                        .single())
                .isEqualTo(histogram);
        assertThat(jdbc.sql("SELECT count(*) FROM run_events WHERE run_id = ?")
                        .param(runId)
                        .query(Long.class)
                        .single())
                .isEqualTo(8);

        List<String> statuses =
                updates.stream().map(update -> update.get("status").asString()).toList();
        assertThat(statuses.get(0)).isEqualTo("queued");
        assertThat(statuses).contains("running");
        assertThat(statuses.get(statuses.size() - 1)).isEqualTo("completed");
        assertThat(updates.stream().map(update -> update.at("/stacks/0/status").asString()))
                .contains("building", "built", "measuring");
    }

    @Test
    void aStackWhoseNativeClientIsMissingIsUnsupportedNotFailed() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response refused = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\",\"cxf\"],\"driver\":\"native\"}}",
                null);
        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        assertThat(refused.json().get("detail").asString())
                .contains("cxf has none")
                .doesNotContain("gsoap");

        ApiClient.Response submitted = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"],\"driver\":\"native\"}}",
                null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());
        JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20));

        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "worker-it-2");
            worker.publish(
                    1, "accepted", "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            worker.publish(
                    2,
                    "stack_failed",
                    "{\"stack\":\"gsoap\",\"version\":\"2.8.124\",\"phase\":\"measure\",\"reason\":\"unsupported: native client\",\"log\":\"\"}");
            worker.publish(3, "completed", "{}");
            return null;
        });

        Instant deadline = Instant.now().plusSeconds(15);
        JsonNode run = api.get("/api/v1/runs/" + runId, null).json();
        while (!run.get("status").asString().equals("completed")
                && Instant.now().isBefore(deadline)) {
            sleep(200);
            run = api.get("/api/v1/runs/" + runId, null).json();
        }
        assertThat(run.at("/stacks/0/status").asString()).isEqualTo("unsupported");
        assertThat(run.at("/stacks/0/reason").asString()).isEqualTo("unsupported: native client");
    }

    @Test
    void aMeasurementSentBeforeTheEndCountsEvenWhenItArrivesAfterIt() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted =
                api.postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"]}}", null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());
        JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20));
        String histogram = Base64.getEncoder()
                .encodeToString("HISTFAAAACl4nJNpmSzMwMDAxgABzFCaEUzLMdg1NjNP".getBytes(StandardCharsets.US_ASCII));

        // As the backend sees a worker's events when the measurement's first delivery was put back.
        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "worker-late-1");
            worker.publish(
                    1, "accepted", "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            worker.publish(2, "measuring", "{\"stack\":\"gsoap\",\"version\":\"2.8.124\",\"repetition\":1}");
            worker.publish(4, "completed", "{}");
            worker.publish(3, "measurement", WorkerEvents.measurement("gsoap", "2.8.124", 1, histogram));
            // Sent after the end: a worker that went on regardless.
            worker.publish(5, "measurement", WorkerEvents.measurement("gsoap", "2.8.124", 2, histogram));
            return null;
        });

        Instant deadline = Instant.now().plusSeconds(15);
        while (eventsOf(runId) < 5 && Instant.now().isBefore(deadline)) {
            sleep(200);
        }
        JsonNode run = api.get("/api/v1/runs/" + runId, null).json();
        assertThat(run.get("status").asString()).isEqualTo("completed");
        assertThat(run.at("/stacks/0/status").asString()).isEqualTo("done");
        assertThat(run.at("/stacks/0/reason").isNull()).isTrue();
        assertThat(run.get("measurements")).hasSize(1);
        assertThat(run.at("/measurements/0/repetition").asInt()).isEqualTo(1);
    }

    private long eventsOf(UUID runId) {
        return jdbc.sql("SELECT count(*) FROM run_events WHERE run_id = ?")
                .param(runId)
                .query(Long.class)
                .single();
    }

    @Test
    void heartbeatsAreRecordedPerWorker() {
        UUID anyRun = UUID.randomUUID();
        WorkerEvents worker = new WorkerEvents(rabbit, anyRun, "unused");
        String workerId = "worker-hb-" + UUID.randomUUID();
        worker.publishRaw(
                "{\"schemaVersion\":1,\"workerId\":\"" + workerId + "\",\"hardwareClass\":\"local\",\"fingerprint\":"
                        + WorkerEvents.FINGERPRINT + ",\"currentRunId\":null,\"at\":\"2026-11-22T01:00:00Z\"}",
                "Heartbeat");

        Instant deadline = Instant.now().plusSeconds(15);
        long seen = 0;
        while (seen == 0 && Instant.now().isBefore(deadline)) {
            seen = jdbc.sql("SELECT count(*) FROM workers WHERE worker_id = ? AND hardware_class = 'local'")
                    .param(workerId)
                    .query(Long.class)
                    .single();
            sleep(200);
        }
        assertThat(seen).isEqualTo(1);
    }

    /** Collects the `run` events of the stream until the server ends it. */
    private static CompletableFuture<List<JsonNode>> subscribe(ApiClient api, UUID runId) {
        return api.http()
                .sendAsync(
                        api.request("/api/v1/runs/" + runId + "/events", null)
                                .header("Accept", "text/event-stream")
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofLines())
                .thenApply(response -> {
                    List<JsonNode> runs = new ArrayList<>();
                    try (Stream<String> lines = response.body()) {
                        lines.filter(line -> line.startsWith("data:"))
                                .forEach(line -> runs.add(ApiClient.JSON.readTree(line.substring(5))));
                    }
                    return runs;
                });
    }

    private static void awaitSubscribers() {
        // The first event proves the subscription; here a short pause keeps the test simple.
        sleep(1500);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
