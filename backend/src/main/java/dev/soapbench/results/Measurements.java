package dev.soapbench.results;

import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Measurements as the workers report them. The HdrHistogram is kept as bytes beside the reported
 * figures so percentiles can be recomputed or merged later; views leave it out.
 */
@Service
public class Measurements {

    private final JdbcClient jdbc;
    private final ObjectMapper json;

    Measurements(JdbcClient jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    /**
     * Stores one measurement event payload (schemas/run-event.schema.json, $defs/measurement).
     *
     * @throws IllegalArgumentException when the histogram is not base64
     */
    public void store(UUID runId, String configHash, JsonNode measurement) {
        byte[] histogram =
                Base64.getDecoder().decode(measurement.path("histogram").asString());
        ObjectNode data = (ObjectNode) measurement.deepCopy();
        data.remove("histogram");
        JsonNode cell = measurement.path("cell");
        jdbc.sql(
                        """
                        INSERT INTO measurements (run_id, stack_id, version, operation, security, connections, repetition,
                            requests, throughput, server_cpu_seconds, peak_rss_bytes, config_hash, histogram, data)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)""")
                .params(
                        runId,
                        measurement.path("stack").asString(),
                        measurement.path("version").asString(),
                        cell.hasNonNull("operation") ? cell.get("operation").asString() : null,
                        cell.path("security").asString(),
                        cell.path("connections").asInt(),
                        measurement.path("repetition").asInt(),
                        measurement.path("requests").asLong(),
                        measurement.path("throughput").asDouble(),
                        measurement.path("serverCpuSeconds").asDouble(),
                        measurement.path("peakRssBytes").asLong(),
                        configHash,
                        histogram,
                        json.writeValueAsString(data))
                .update();
    }

    /** The run's measurements in the order they arrived, as reported but without histograms. */
    public List<JsonNode> forRun(UUID runId) {
        return jdbc.sql("SELECT data FROM measurements WHERE run_id = ? ORDER BY id")
                .param(runId)
                .query((rs, row) -> json.readTree(rs.getString("data")))
                .list();
    }

    public byte[] histogram(UUID runId, String stackId, String version, int repetition) {
        return jdbc.sql(
                        """
                        SELECT histogram FROM measurements
                        WHERE run_id = ? AND stack_id = ? AND version = ? AND repetition = ?
                        ORDER BY id LIMIT 1""")
                .params(runId, stackId, version, repetition)
                .query(byte[].class)
                .optional()
                .orElse(null);
    }

    public boolean anyFor(UUID runId, String stackId, String version) {
        return jdbc.sql("SELECT count(*) FROM measurements WHERE run_id = ? AND stack_id = ? AND version = ?")
                        .params(runId, stackId, version)
                        .query(Long.class)
                        .single()
                > 0;
    }
}
