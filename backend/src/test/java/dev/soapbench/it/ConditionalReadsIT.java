package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/** A run page and the runs list answer a client that holds them already with a 304, until they change. */
class ConditionalReadsIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Test
    void aReaderHoldingTheCurrentViewGetsA304AndANewTagOnceTheRunChanges() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted =
                api.postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"]}}", null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());
        String path = "/api/v1/runs/" + runId;

        ApiClient.Response first = api.get(path, null);
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.etag()).matches("\"[A-Za-z0-9_-]{22}\"");
        assertThat(first.json().get("status").asString()).isEqualTo("queued");
        ApiClient.Response unchanged = api.getIfNoneMatch(path, first.etag());
        assertThat(unchanged.status()).isEqualTo(304);
        assertThat(unchanged.body()).isEmpty();
        assertThat(api.getIfNoneMatch(path, "\"someone-elses-tag\"").status()).isEqualTo(200);

        ApiClient.Response list = api.get("/api/v1/runs?size=5", null);
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.etag()).isNotNull();
        assertThat(api.getIfNoneMatch("/api/v1/runs?size=5", list.etag()).status())
                .isEqualTo(304);

        JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20));
        new WorkerEvents(rabbit, runId, "worker-etag-1")
                .publish(
                        1,
                        "accepted",
                        "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");

        Instant deadline = Instant.now().plusSeconds(15);
        ApiClient.Response changed = api.getIfNoneMatch(path, first.etag());
        while (changed.status() == 304 && Instant.now().isBefore(deadline)) {
            sleep(200);
            changed = api.getIfNoneMatch(path, first.etag());
        }
        assertThat(changed.status()).isEqualTo(200);
        assertThat(changed.json().get("status").asString()).isEqualTo("running");
        assertThat(changed.etag()).isNotEqualTo(first.etag());
        assertThat(api.getIfNoneMatch("/api/v1/runs?size=5", list.etag()).status())
                .isEqualTo(200);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
