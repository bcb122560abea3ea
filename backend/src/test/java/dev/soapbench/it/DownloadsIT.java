package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** A run taken away: its measurements as CSV, the run as JSON, the raw histograms. */
class DownloadsIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Test
    void aRunIsDownloadableAsCsvWhoseFiguresAreThePagesAndItsHistogramsAsStored() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted =
                api.postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"]}}", null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        UUID runId = UUID.fromString(submitted.json().get("id").asString());
        JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20));
        byte[] histogram = "HISTFAAAACl4nJNpmSzMwMDAxgABzFCaEUzLMdg1NjNP".getBytes(StandardCharsets.US_ASCII);
        String encoded = Base64.getEncoder().encodeToString(histogram);
        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "worker-dl-1");
            worker.publish(
                    1, "accepted", "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            worker.publish(2, "measurement", WorkerEvents.measurement("gsoap", "2.8.124", 1, encoded));
            worker.publish(3, "completed", "{}");
            return null;
        });
        String path = "/api/v1/runs/" + runId;
        Instant deadline = Instant.now().plusSeconds(15);
        JsonNode run = api.get(path, null).json();
        while (!"completed".equals(run.get("status").asString())
                && Instant.now().isBefore(deadline)) {
            sleep(200);
            run = api.get(path, null).json();
        }

        ApiClient.Response csv = api.get(path + "?format=csv", null);
        assertThat(csv.status()).as(csv.body()).isEqualTo(200);
        assertThat(csv.contentType()).startsWith("text/csv");
        String[] lines = csv.body().split("\n");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).startsWith("stack,version,security,operation,model,connections,repetition,requests,");
        assertThat(lines[1]).startsWith("gsoap,2.8.124,plain,echo,,4,1,100,");
        assertThat(lines[1]).contains("," + run.at("/measurements/0/throughput").asDouble() + ",");
        assertThat(api.getWith(path, "Accept", "text/csv").contentType()).startsWith("text/csv");
        assertThat(api.getWith(path, "Accept", "*/*").contentType()).startsWith("application/json");
        assertThat(api.get(path + "?format=json", null).json().get("id").asString())
                .isEqualTo(runId.toString());
        ApiClient.Response badFormat = api.get(path + "?format=xlsx", null);
        assertThat(badFormat.status()).isEqualTo(400);
        assertThat(badFormat.contentType()).startsWith("application/problem+json");

        JsonNode histograms = api.get(path + "/histograms", null).json();
        assertThat(histograms).hasSize(1);
        assertThat(histograms.at("/0/stack").asString()).isEqualTo("gsoap");
        assertThat(histograms.at("/0/repetition").asInt()).isEqualTo(1);
        assertThat(histograms.at("/0/histogram").asString()).isEqualTo(encoded);
        assertThat(api.get("/api/v1/runs/" + UUID.randomUUID() + "/histograms", null)
                        .status())
                .isEqualTo(404);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
