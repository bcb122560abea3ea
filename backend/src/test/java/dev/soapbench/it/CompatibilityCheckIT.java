package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A compatibility check (workload mode {@code check}): the worker builds, serves and verifies; a
 * verified stack is done without a measurement, any other keeps its reason, and the run charges
 * no rounds.
 */
class CompatibilityCheckIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Test
    void aVerifiedStackIsDoneAndAFailedOneKeepsItsReason() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"workload\":{\"mode\":\"check\",\"stacks\":[\"cxf@4.2.3\",\"gsoap\",\"cxf@3.6.10\"],"
                        + "\"security\":[\"plain\"]}}",
                null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());
        JsonNode job = ApiClient.JSON.readTree(
                JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20)).getBody());
        assertThat(job.at("/workload/mode").asString()).isEqualTo("check");

        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "worker-check-1");
            worker.publish(
                    1, "accepted", "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            worker.publish(2, "building", "{\"stack\":\"cxf\",\"version\":\"4.2.3\",\"security\":\"plain\"}");
            worker.publish(3, "built", "{\"stack\":\"cxf\",\"version\":\"4.2.3\",\"buildSeconds\":9.5}");
            worker.publish(4, "verified", "{\"stack\":\"cxf\",\"version\":\"4.2.3\",\"security\":\"plain\"}");
            worker.publish(5, "building", "{\"stack\":\"gsoap\",\"version\":\"2.8.124\"}");
            worker.publish(6, "built", "{\"stack\":\"gsoap\",\"version\":\"2.8.124\",\"buildSeconds\":3.0}");
            worker.publish(
                    7,
                    "verify_failed",
                    "{\"stack\":\"gsoap\",\"version\":\"2.8.124\",\"operation\":\"echo\",\"reason\":\"text differs\"}");
            // A late "verified" of another mode never hides a failure.
            worker.publish(8, "verified", "{\"stack\":\"gsoap\",\"version\":\"2.8.124\",\"security\":\"sign\"}");
            worker.publish(9, "building", "{\"stack\":\"cxf\",\"version\":\"3.6.10\"}");
            worker.publish(10, "completed", "{}");
            return null;
        });

        JsonNode run = Runs.awaitStatus(api, runId, "completed", Duration.ofSeconds(30));
        assertThat(run.get("status").asString()).isEqualTo("completed");
        assertThat(run.at("/stacks/0/status").asString()).isEqualTo("done");
        assertThat(run.at("/stacks/1/status").asString()).isEqualTo("verify_failed");
        assertThat(run.at("/stacks/1/reason").asString()).contains("text differs");
        assertThat(run.at("/stacks/2/status").asString()).isEqualTo("failed");
        assertThat(run.at("/stacks/2/reason").asString()).contains("without verifying");
        assertThat(run.get("measurements")).isEmpty();
        assertThat(run.at("/estimate/measurements").asInt()).isZero();
    }

    @Test
    void eachSecurityModeKeepsItsOwnOutcome() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"workload\":{\"mode\":\"check\",\"stacks\":[\"cxf@4.2.3\",\"gsoap@2.8.124\",\"cxf@3.6.10\"],"
                        + "\"security\":[\"plain\",\"sign\",\"signencr\"]}}",
                null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());
        JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20));

        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "worker-check-modes");
            worker.publish(
                    1, "accepted", "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            // The signed mode reported first, so the order shown is the modes' own, not the events'.
            worker.publish(2, "verified", "{\"stack\":\"cxf\",\"version\":\"4.2.3\",\"security\":\"sign\"}");
            worker.publish(3, "verified", "{\"stack\":\"cxf\",\"version\":\"4.2.3\",\"security\":\"plain\"}");
            worker.publish(
                    4,
                    "verify_failed",
                    "{\"stack\":\"cxf\",\"version\":\"4.2.3\",\"security\":\"signencr\",\"operation\":\"echo\","
                            + "\"reason\":\"the tampered request was accepted\"}");
            worker.publish(5, "verified", "{\"stack\":\"gsoap\",\"version\":\"2.8.124\",\"security\":\"plain\"}");
            worker.publish(
                    6,
                    "stack_failed",
                    "{\"stack\":\"gsoap\",\"version\":\"2.8.124\",\"security\":\"signencr\",\"phase\":\"build\","
                            + "\"reason\":\"error: build did not finish within 15m0s\"}");
            worker.publish(7, "verified", "{\"stack\":\"gsoap\",\"version\":\"2.8.124\",\"security\":\"sign\"}");
            // A mode the runner does not honour is that mode's outcome; the stack's others go on.
            worker.publish(8, "verified", "{\"stack\":\"cxf\",\"version\":\"3.6.10\",\"security\":\"plain\"}");
            // As the worker sends it: the mode's build starts, then the runner refuses it.
            worker.publish(9, "building", "{\"stack\":\"cxf\",\"version\":\"3.6.10\",\"security\":\"sign\"}");
            worker.publish(
                    10,
                    "stack_failed",
                    "{\"stack\":\"cxf\",\"version\":\"3.6.10\",\"security\":\"sign\",\"phase\":\"build\","
                            + "\"reason\":\"unsupported: security mode sign at CXF 3.6.10\"}");
            worker.publish(11, "completed", "{}");
            return null;
        });

        JsonNode run = Runs.awaitStatus(api, runId, "completed", Duration.ofSeconds(30));
        // The stack keeps its first failure; its modes say which passed.
        assertThat(run.at("/stacks/0/status").asString()).isEqualTo("verify_failed");
        JsonNode cxf = run.at("/stacks/0/modes");
        assertThat(cxf).hasSize(3);
        assertThat(cxf.at("/0/security").asString()).isEqualTo("plain");
        assertThat(cxf.at("/0/status").asString()).isEqualTo("verified");
        assertThat(cxf.at("/1/security").asString()).isEqualTo("sign");
        assertThat(cxf.at("/1/status").asString()).isEqualTo("verified");
        assertThat(cxf.at("/2/security").asString()).isEqualTo("signencr");
        assertThat(cxf.at("/2/status").asString()).isEqualTo("verify_failed");
        assertThat(cxf.at("/2/reason").asString()).contains("operation echo").contains("tampered request was accepted");

        assertThat(run.at("/stacks/1/status").asString()).isEqualTo("build_failed");
        JsonNode gsoap = run.at("/stacks/1/modes");
        assertThat(gsoap).hasSize(3);
        assertThat(gsoap.at("/1/security").asString()).isEqualTo("sign");
        assertThat(gsoap.at("/1/status").asString()).isEqualTo("verified");
        assertThat(gsoap.at("/2/status").asString()).isEqualTo("build_failed");
        assertThat(gsoap.at("/2/reason").asString()).isEqualTo("error: build did not finish within 15m0s");

        assertThat(run.at("/stacks/2/status").asString()).isEqualTo("done");
        assertThat(run.at("/stacks/2/modes/0/status").asString()).isEqualTo("verified");
        assertThat(run.at("/stacks/2/modes/1/status").asString()).isEqualTo("unsupported");
        assertThat(run.at("/stacks/2/modes/1/reason").asString())
                .isEqualTo("unsupported: security mode sign at CXF 3.6.10");
    }

    @Test
    void withOneModeAskedARefusalIsTheStacksAtOnce() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"workload\":{\"mode\":\"check\",\"stacks\":[\"cxf@4.2.3\",\"gsoap@2.8.124\"],"
                        + "\"security\":[\"plain\"]}}",
                null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());
        JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20));

        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "worker-check-one-mode");
            worker.publish(
                    1, "accepted", "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            worker.publish(2, "building", "{\"stack\":\"cxf\",\"version\":\"4.2.3\",\"security\":\"plain\"}");
            worker.publish(
                    3,
                    "stack_failed",
                    "{\"stack\":\"cxf\",\"version\":\"4.2.3\",\"security\":\"plain\",\"phase\":\"build\","
                            + "\"reason\":\"unsupported: mixed content in type RichText, in notes.wsdl:11\"}");
            worker.publish(4, "building", "{\"stack\":\"gsoap\",\"version\":\"2.8.124\",\"security\":\"plain\"}");
            return null;
        });

        // The run goes on with gSOAP; CXF's refusal shows now, not at the end.
        JsonNode run = Runs.awaitRun(
                api,
                runId,
                view -> "unsupported".equals(view.at("/stacks/0/status").asString(null)),
                Duration.ofSeconds(30));
        assertThat(run.get("status").asString()).isEqualTo("running");
        assertThat(run.at("/stacks/0/reason").asString()).startsWith("unsupported: mixed content");
        assertThat(run.at("/stacks/0/modes/0/status").asString()).isEqualTo("unsupported");
    }
}
