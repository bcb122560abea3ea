package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

class StackAvailabilityIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Test
    void theStacksListShowsWhatLiveWorkersOfEachClassReportAndTheManifestsKnownDefects() {
        ApiClient api = new ApiClient(port);
        // Classes of this test only, so workers left by other tests cannot change the answer.
        String liveClass = "it-live-" + UUID.randomUUID();
        String staleClass = "it-stale-" + UUID.randomUUID();
        String stacks =
                "[{\"id\":\"cxf\",\"available\":true},{\"id\":\"gsoap\",\"available\":false,\"reason\":\"unavailable: soapcpp2 is not installed\"}]";
        WorkerEvents.publishHeartbeat(rabbit, "stale-worker", heartbeat("stale-worker", staleClass, stacks, 300));
        WorkerEvents.publishHeartbeat(rabbit, "live-worker", heartbeat("live-worker", liveClass, stacks, 2));

        JsonNode cxf = awaitStackWithClass(api, "cxf", liveClass);
        JsonNode gsoap = stackOf(api.get("/api/v1/stacks", null).json(), "gsoap");
        JsonNode rpcOnly = stackOf(api.get("/api/v1/stacks", null).json(), "rpc-only");

        assertThat(entryFor(cxf, liveClass).get("available").asBoolean()).isTrue();
        assertThat(entryFor(cxf, staleClass))
                .as("a worker last seen 5 minutes ago")
                .isNull();
        JsonNode gsoapHere = entryFor(gsoap, liveClass);
        assertThat(gsoapHere.get("available").asBoolean()).isFalse();
        assertThat(gsoapHere.get("reason").asString()).isEqualTo("soapcpp2 is not installed");
        assertThat(entryFor(rpcOnly, liveClass))
                .as("a stack the worker does not report")
                .isNull();

        // The analysis before a run does not promise a stack no live worker of the class can build.
        JsonNode analysis = api.postJson(
                        "/api/v1/analyses", "{\"catalog\":\"echo\",\"hardwareClass\":\"" + liveClass + "\"}", null)
                .json();
        JsonNode gsoapVerdict = stackOf(analysis.get("stacks"), "gsoap");
        assertThat(gsoapVerdict.get("buildable").asBoolean()).isFalse();
        assertThat(gsoapVerdict.get("reason").asString())
                .isEqualTo(
                        "no live worker of hardware class '" + liveClass + "' can build it: soapcpp2 is not installed");
        assertThat(stackOf(analysis.get("stacks"), "cxf").get("buildable").asBoolean())
                .isTrue();

        assertThat(gsoap.at("/knownDefects/0/feature").asString()).isEqualTo("date-without-zone");
        assertThat(gsoap.at("/knownDefects/0/reason").asString()).contains("server's zone");
        assertThat(cxf.get("knownDefects").isArray()).isTrue();
        assertThat(cxf.get("knownDefects")).isEmpty();
    }

    private static String heartbeat(String workerId, String hardwareClass, String stacks, long secondsAgo) {
        return "{\"schemaVersion\":1,\"workerId\":\"" + workerId + "-" + hardwareClass + "\",\"hardwareClass\":\""
                + hardwareClass + "\",\"fingerprint\":" + WorkerEvents.FINGERPRINT
                + ",\"currentRunId\":null,\"stacks\":"
                + stacks + ",\"at\":\"" + Instant.now().minusSeconds(secondsAgo) + "\"}";
    }

    private static JsonNode awaitStackWithClass(ApiClient api, String stackId, String hardwareClass) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(15));
        while (true) {
            ApiClient.Response response = api.get("/api/v1/stacks", null);
            assertThat(response.status()).as(response.body()).isEqualTo(200);
            JsonNode stack = stackOf(response.json(), stackId);
            if (entryFor(stack, hardwareClass) != null || Instant.now().isAfter(deadline)) {
                assertThat(entryFor(stack, hardwareClass))
                        .as("availability of %s for class %s within 15 s: %s", stackId, hardwareClass, stack)
                        .isNotNull();
                return stack;
            }
            sleep(200);
        }
    }

    private static JsonNode stackOf(JsonNode stacks, String id) {
        for (JsonNode stack : stacks) {
            if (stack.get("id").asString().equals(id)) {
                return stack;
            }
        }
        throw new AssertionError("no stack " + id + " in " + stacks);
    }

    private static JsonNode entryFor(JsonNode stack, String hardwareClass) {
        for (JsonNode entry : stack.get("availability")) {
            if (entry.get("hardwareClass").asString().equals(hardwareClass)) {
                return entry;
            }
        }
        return null;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
