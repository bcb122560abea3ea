package dev.soapbench.runs;

import dev.soapbench.results.Measurements;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/** The raw HdrHistograms of a run's measurements (openapi.yaml, RunHistogram), for tools of one's own. */
@Component
class RunHistograms {

    /**
     * @param histogram the HdrHistogram as the worker encoded it (compressed V2 encoding, base64):
     *     latencies in microseconds
     */
    record Histogram(String stack, String version, JsonNode cell, int repetition, long requests, String histogram) {}

    private final Measurements measurements;

    RunHistograms(Measurements measurements) {
        this.measurements = measurements;
    }

    List<Histogram> of(UUID runId) {
        return measurements.withHistograms(runId).stream()
                .map(m -> new Histogram(
                        m.data().path("stack").asString(),
                        m.data().path("version").asString(),
                        m.data().get("cell"),
                        m.data().path("repetition").asInt(),
                        m.data().path("requests").asLong(),
                        Base64.getEncoder().encodeToString(m.histogram())))
                .toList();
    }
}
