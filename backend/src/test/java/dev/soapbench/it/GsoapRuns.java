package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.testing.TestHistograms;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import tools.jackson.databind.JsonNode;

/** Completes a submitted gSOAP run as a worker would, with the throughputs a test needs. */
final class GsoapRuns {

    static final Duration WAIT = Duration.ofSeconds(20);

    private GsoapRuns() {}

    /** A worker's events for one gSOAP repetition per throughput, each with latencies of 2000 µs × 1000 / throughput. */
    static void complete(RabbitTemplate rabbit, int port, UUID runId, String fingerprint, double... throughputs) {
        JobQueue.takeJobOf(rabbit, runId, WAIT);
        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "gsoap-runs-worker");
            int seq = 1;
            worker.publish(seq++, "accepted", "{\"hardwareClass\":\"local\",\"fingerprint\":" + fingerprint + "}");
            for (int i = 0; i < throughputs.length; i++) {
                String histogram = histogram(Math.round(2000 * 1000 / throughputs[i]));
                worker.publish(
                        seq++,
                        "measurement",
                        WorkerEvents.measurement("gsoap", "2.8.124", i + 1, histogram)
                                .replace("\"throughput\":200.0", "\"throughput\":" + throughputs[i]));
            }
            worker.publish(seq, "completed", "{}");
            return null;
        });
        JsonNode run = Runs.awaitStatus(new ApiClient(port), runId, "completed", WAIT);
        assertThat(run.get("status").asString()).isEqualTo("completed");
        assertThat(run.get("measurements")).hasSize(throughputs.length);
    }

    private static String histogram(long micros) {
        return Base64.getEncoder().encodeToString(TestHistograms.of(micros, 100));
    }
}
