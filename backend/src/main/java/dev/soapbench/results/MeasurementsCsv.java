package dev.soapbench.results;

import dev.soapbench.common.JsonCsv;
import dev.soapbench.common.JsonCsv.Column;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** A run's measurements as CSV (common/JsonCsv), one row per measurement. */
public final class MeasurementsCsv {

    private static final List<Column> COLUMNS = List.of(
            new Column("stack", "/stack", true),
            new Column("version", "/version", true),
            new Column("security", "/cell/security", true),
            new Column("operation", "/cell/operation", true),
            new Column("model", "/cell/model", true),
            new Column("connections", "/cell/connections", false),
            new Column("repetition", "/repetition", false),
            new Column("requests", "/requests", false),
            new Column("elapsed_seconds", "/elapsedSeconds", false),
            new Column("throughput_per_second", "/throughput", false),
            new Column("latency_p50_ms", "/latencyMs/p50", false),
            new Column("latency_p90_ms", "/latencyMs/p90", false),
            new Column("latency_p99_ms", "/latencyMs/p99", false),
            new Column("latency_p999_ms", "/latencyMs/p999", false),
            new Column("latency_max_ms", "/latencyMs/max", false),
            new Column("server_cpu_seconds", "/serverCpuSeconds", false),
            new Column("peak_rss_bytes", "/peakRssBytes", false),
            new Column("error_ratio", "/errorRatio", false),
            new Column("retries", "/retries", false),
            new Column("flags", "/flags", true));

    private MeasurementsCsv() {}

    public static String of(List<JsonNode> measurements) {
        return JsonCsv.of(COLUMNS, measurements);
    }
}
