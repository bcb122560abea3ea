package dev.soapbench.it;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/** Waits on a run's view as a client polling the API would. */
final class Runs {

    private Runs() {}

    static JsonNode awaitRun(ApiClient api, UUID runId, Predicate<JsonNode> until, Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        JsonNode run = api.get("/api/v1/runs/" + runId, null).json();
        while (!until.test(run) && Instant.now().isBefore(deadline)) {
            sleep(200);
            run = api.get("/api/v1/runs/" + runId, null).json();
        }
        return run;
    }

    static JsonNode awaitStatus(ApiClient api, UUID runId, String status, Duration timeout) {
        return awaitRun(api, runId, run -> run.path("status").asString().equals(status), timeout);
    }

    static UUID submitEcho(ApiClient api, String token) {
        ApiClient.Response submitted =
                api.postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\"]}}", token);
        if (submitted.status() != 201) {
            throw new AssertionError("submission failed: " + submitted);
        }
        return UUID.fromString(submitted.json().get("id").asString());
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
