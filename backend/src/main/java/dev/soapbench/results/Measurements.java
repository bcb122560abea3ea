package dev.soapbench.results;

import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;

/**
 * Measurements as the workers report them, the results feature's facade: other features store and
 * read measurements here, never in the measurements table. The HdrHistogram is kept as bytes beside
 * the reported figures so percentiles can be recomputed or merged later; views leave it out.
 */
@Service
public class Measurements {

    private final MeasurementRepository repository;

    Measurements(MeasurementRepository repository) {
        this.repository = repository;
    }

    /**
     * Stores one measurement event payload (schemas/run-event.schema.json, $defs/measurement). A
     * measurement is unique per (run, stack, cell, repetition): one that was measured again after a
     * redelivery replaces the stored one when it comes from the same or a later attempt, so every
     * repetition counts once.
     *
     * @throws IllegalArgumentException when the histogram is not base64
     */
    public void store(UUID runId, String configHash, int attempt, JsonNode measurement) {
        repository.store(runId, configHash, attempt, measurement);
    }

    /** The run's measurements in arrival order, each with its histogram bytes. */
    public List<StoredMeasurement> withHistograms(UUID runId) {
        return repository.withHistograms(runId);
    }

    /** The run's measurements in the order they arrived, as reported but without histograms. */
    public List<JsonNode> forRun(UUID runId) {
        return repository.forRun(runId);
    }

    /** Whether the run has any measurement of this stack version. */
    public boolean anyFor(UUID runId, String stackId, String version) {
        return repository.anyFor(runId, stackId, version);
    }
}
