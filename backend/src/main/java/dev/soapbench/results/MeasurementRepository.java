package dev.soapbench.results;

import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/** The measurements table, written and read for {@link Measurements} only. */
@Repository
class MeasurementRepository {

    private final JdbcClient jdbc;
    private final ObjectMapper json;

    MeasurementRepository(JdbcClient jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    /** See {@link Measurements#store}: a later attempt's measurement replaces the stored one. */
    void store(UUID runId, String configHash, int attempt, JsonNode measurement) {
        byte[] histogram =
                Base64.getDecoder().decode(measurement.path("histogram").asString());
        ObjectNode data = (ObjectNode) measurement.deepCopy();
        data.remove("histogram");
        JsonNode cell = measurement.path("cell");
        jdbc.sql(
                        """
                        INSERT INTO measurements (run_id, stack_id, version, operation, security, connections, repetition,
                            requests, throughput, server_cpu_seconds, peak_rss_bytes, config_hash, histogram, data,
                            model, cell_requests, rate_per_second, keep_alive, error_ratio, flags, retries,
                            steal_percent, other_busy_percent, cpu_sharing, fingerprint, measured_config_hash,
                            position, capacity_rate, capacity, uncorrected_latency, attempt)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb,
                            ?, ?, ?, ?, ?, ?::text[], ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?::jsonb, ?::jsonb, ?)
                        ON CONFLICT ON CONSTRAINT measurements_one_per_repetition DO UPDATE SET
                            operation = excluded.operation, security = excluded.security,
                            connections = excluded.connections, requests = excluded.requests,
                            throughput = excluded.throughput, server_cpu_seconds = excluded.server_cpu_seconds,
                            peak_rss_bytes = excluded.peak_rss_bytes, config_hash = excluded.config_hash,
                            histogram = excluded.histogram, data = excluded.data, model = excluded.model,
                            cell_requests = excluded.cell_requests, rate_per_second = excluded.rate_per_second,
                            keep_alive = excluded.keep_alive, error_ratio = excluded.error_ratio,
                            flags = excluded.flags, retries = excluded.retries,
                            steal_percent = excluded.steal_percent, other_busy_percent = excluded.other_busy_percent,
                            cpu_sharing = excluded.cpu_sharing, fingerprint = excluded.fingerprint,
                            measured_config_hash = excluded.measured_config_hash, position = excluded.position,
                            capacity_rate = excluded.capacity_rate, capacity = excluded.capacity,
                            uncorrected_latency = excluded.uncorrected_latency, attempt = excluded.attempt,
                            created_at = now()
                        WHERE excluded.attempt >= measurements.attempt""")
                .params(
                        runId,
                        measurement.path("stack").asString(),
                        measurement.path("version").asString(),
                        text(cell, "operation"),
                        cell.path("security").asString(),
                        cell.path("connections").asInt(),
                        measurement.path("repetition").asInt(),
                        measurement.path("requests").asLong(),
                        measurement.path("throughput").asDouble(),
                        measurement.path("serverCpuSeconds").asDouble(),
                        measurement.path("peakRssBytes").asLong(),
                        configHash,
                        histogram,
                        json.writeValueAsString(data),
                        cell.path("model").asString("closed"),
                        cell.hasNonNull("requests") ? cell.get("requests").asLong() : null,
                        number(cell, "ratePerSecond"),
                        cell.hasNonNull("keepAlive") ? cell.get("keepAlive").asBoolean() : null,
                        number(measurement, "errorRatio"),
                        flagsLiteral(measurement.path("flags")),
                        measurement.path("retries").asInt(0),
                        number(measurement, "stealPercent"),
                        number(measurement, "otherBusyPercent"),
                        text(measurement, "cpuSharing"),
                        jsonOrNull(measurement.get("fingerprint")),
                        text(measurement, "configHash"),
                        measurement.hasNonNull("position")
                                ? measurement.get("position").asInt()
                                : null,
                        number(measurement.path("capacity"), "rate"),
                        jsonOrNull(measurement.get("capacity")),
                        jsonOrNull(measurement.get("uncorrectedLatencyMs")),
                        attempt)
                .update();
    }

    List<StoredMeasurement> withHistograms(UUID runId) {
        return jdbc.sql("SELECT data, histogram FROM measurements WHERE run_id = ? ORDER BY id")
                .param(runId)
                .query((rs, row) ->
                        new StoredMeasurement(json.readTree(rs.getString("data")), rs.getBytes("histogram")))
                .list();
    }

    private static String text(JsonNode node, String field) {
        return node.hasNonNull(field) ? node.get(field).asString() : null;
    }

    private static Double number(JsonNode node, String field) {
        return node.hasNonNull(field) ? node.get(field).asDouble() : null;
    }

    private String jsonOrNull(JsonNode node) {
        return node == null || node.isNull() ? null : json.writeValueAsString(node);
    }

    /** A PostgreSQL array literal; flag names come from a closed enum, so no quoting is needed. */
    private static String flagsLiteral(JsonNode flags) {
        StringBuilder literal = new StringBuilder("{");
        for (JsonNode flag : flags) {
            String name = flag.asString();
            if (!name.matches("[a-z_]+")) {
                throw new IllegalArgumentException("flag '" + name + "' is not a flag name");
            }
            literal.append(literal.length() > 1 ? "," : "").append(name);
        }
        return literal.append('}').toString();
    }

    List<JsonNode> forRun(UUID runId) {
        return jdbc.sql("SELECT data FROM measurements WHERE run_id = ? ORDER BY id")
                .param(runId)
                .query((rs, row) -> json.readTree(rs.getString("data")))
                .list();
    }

    boolean anyFor(UUID runId, String stackId, String version) {
        return jdbc.sql("SELECT count(*) FROM measurements WHERE run_id = ? AND stack_id = ? AND version = ?")
                        .params(runId, stackId, version)
                        .query(Long.class)
                        .single()
                > 0;
    }
}
