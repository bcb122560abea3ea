package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** A study run's verdict on each published claim, from measurements a worker reports. */
class StudyClaimsIT extends IntegrationTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String HISTOGRAM = Base64.getEncoder()
            .encodeToString("HISTFAAAACl4nJNpmSzMwMDAxgABzFCaEUzLMdg1NjNP".getBytes(StandardCharsets.US_ASCII));
    // cxf's own noise per round; the machine's drift moves both stacks of a round alike.
    private static final double[] NOISE = {1.00, 1.02, 0.98, 1.01, 0.99, 1.03};
    private static final double[] DRIFT = {1.00, 0.85, 1.10, 0.95, 1.20, 0.90};

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Test
    void eachClaimGetsOurPairedIntervalAndAVerdict() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response started = api.postJson("/api/v1/studies/claims-check/runs", "{}", null);
        assertThat(started.status()).as(started.body()).isEqualTo(201);
        UUID studyRunId = UUID.fromString(started.json().get("id").asString());
        JsonNode before = started.json();
        assertThat(before.at("/comparisons/0/verdict").asString()).isEqualTo("not-measurable");
        assertThat(before.at("/comparisons/0/notEnoughData").asBoolean()).isTrue();
        assertThat(before.at("/comparisons/0/verdictReason").asString())
                .isEqualTo("not enough data: 0 paired rounds, at least 6 needed; the cell's run is still queued");
        UUID runId = UUID.fromString(before.at("/cells/0/runId").asString());
        JobQueue.takeJobOf(rabbit, runId, WAIT);

        rabbit.invoke(channel -> {
            WorkerEvents worker = new WorkerEvents(channel, runId, "worker-claims-1");
            int seq = 1;
            worker.publish(
                    seq++,
                    "accepted",
                    "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            for (String[] stack : new String[][] {{"gsoap", "2.8.124"}, {"cxf", "4.2.3"}}) {
                worker.publish(seq++, "building", "{\"stack\":\"" + stack[0] + "\",\"version\":\"" + stack[1] + "\"}");
                worker.publish(
                        seq++,
                        "built",
                        "{\"stack\":\"" + stack[0] + "\",\"version\":\"" + stack[1] + "\",\"versions\":{\"" + stack[0]
                                + "\":\"" + stack[1] + "\"},\"buildSeconds\":1.0,\"log\":\"ok\"}");
            }
            for (int round = 1; round <= 6; round++) {
                double drift = DRIFT[round - 1];
                worker.publish(seq++, "measurement", measurement("gsoap", "2.8.124", round, 200 * drift));
                worker.publish(
                        seq++, "measurement", measurement("cxf", "4.2.3", round, 100 * drift * NOISE[round - 1]));
            }
            worker.publish(seq, "completed", "{}");
            return null;
        });
        Runs.awaitStatus(api, runId, "completed", WAIT);

        JsonNode studyRun = api.get("/api/v1/study-runs/" + studyRunId, null).json();
        assertThat(studyRun.get("status").asString()).isEqualTo("completed");

        JsonNode aboutHalf = studyRun.at("/comparisons/0");
        assertThat(aboutHalf.get("verdict").asString()).as(aboutHalf.toString()).isEqualTo("reproduced");
        assertThat(aboutHalf.get("notEnoughData").asBoolean()).isFalse();
        assertThat(aboutHalf.at("/claim/low").asDouble()).isCloseTo(0.45, within(1e-9));
        assertThat(aboutHalf.at("/claim/high").asDouble()).isCloseTo(0.55, within(1e-9));
        assertThat(aboutHalf.at("/claim/widened").asBoolean()).isTrue();
        JsonNode interval = aboutHalf.get("interval");
        assertThat(interval.get("rounds").asInt()).isEqualTo(6);
        assertThat(interval.get("ratio").asDouble()).isCloseTo(0.5, within(0.01));
        // At 6 paired rounds the interval is the range of the per-round ratios, with 96.9 % coverage.
        assertThat(interval.get("low").asDouble()).isCloseTo(0.49, within(1e-9));
        assertThat(interval.get("high").asDouble()).isCloseTo(0.515, within(1e-9));
        assertThat(interval.get("coverage").asDouble()).isCloseTo(0.96875, within(1e-9));
        assertThat(aboutHalf.get("verdictReason").asString())
                .startsWith("our 95 % interval 0.49–")
                .endsWith("× overlaps the article's 0.45–0.55× (0.50× ± 10 %)");
        assertThat(aboutHalf.get("cellVerdicts")).hasSize(1);
        assertThat(aboutHalf.at("/cellVerdicts/0/cell").asString()).isEqualTo("150b/plain/c2/quick");
        assertThat(aboutHalf.at("/cellVerdicts/0/verdict").asString()).isEqualTo("reproduced");
        assertThat(aboutHalf.at("/cellVerdicts/0/rounds").asInt()).isEqualTo(6);

        JsonNode threeTimes = studyRun.at("/comparisons/1");
        assertThat(threeTimes.get("verdict").asString()).isEqualTo("not-reproduced");
        assertThat(threeTimes.at("/interval/ratio").asDouble()).isCloseTo(2.0, within(0.04));
        assertThat(threeTimes.get("verdictReason").asString())
                .endsWith(
                        "lies below the article's at least 3.00×: gsoap is faster, but by less than the article says");
        assertThat(threeTimes.at("/claim/high").isNull()).isTrue();

        JsonNode faster = studyRun.at("/comparisons/2");
        assertThat(faster.get("verdict").asString()).isEqualTo("reversed");
        assertThat(faster.get("verdictReason").asString()).contains("lies wholly below 1×");

        // The neutral driver is the worker's: the server's costs only.
        JsonNode gsoap = studyRun.at("/cells/0/stacks/0");
        assertThat(gsoap.get("stack").asString()).isEqualTo("gsoap");
        assertThat(gsoap.get("serverCpuSecondsPerRequest").asDouble()).isCloseTo(0.3 / 50, within(1e-12));
        assertThat(gsoap.get("serverPeakRssBytes").asLong()).isEqualTo(123456789L);
        assertThat(gsoap.get("clientCpuSecondsPerRequest").isNull()).isTrue();
        assertThat(gsoap.get("clientPeakRssBytes").isNull()).isTrue();
    }

    private static String measurement(String stack, String version, int round, double throughput) {
        return """
                {"stack":"%s","version":"%s",
                 "cell":{"operation":"echo","security":"plain","connections":2,"requests":50,"keepAlive":true},
                 "repetition":%d,"requests":50,"errors":{},"elapsedSeconds":0.5,"throughput":%s,
                 "latencyMs":{"min":1,"mean":2,"p50":2,"p90":3,"p99":4,"p999":5,"max":6},
                 "histogram":"%s","serverCpuSeconds":0.3,"peakRssBytes":123456789,
                 "driverCpuSeconds":0.2}"""
                .formatted(stack, version, round, Double.toString(throughput), HISTOGRAM);
    }
}
