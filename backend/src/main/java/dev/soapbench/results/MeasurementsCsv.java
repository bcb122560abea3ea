package dev.soapbench.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.csv.CsvMapper;
import tools.jackson.dataformat.csv.CsvSchema;

/**
 * A run's measurements as CSV, one row per measurement, for a spreadsheet or a script. Text that a
 * spreadsheet would take for a formula (an operation name from an uploaded WSDL starting with
 * {@code =}, say) is written with a leading apostrophe.
 */
public final class MeasurementsCsv {

    private record Column(String name, String pointer, boolean text) {}

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

    private static final CsvMapper CSV = CsvMapper.builder().build();
    private static final CsvSchema SCHEMA = schema();

    private MeasurementsCsv() {}

    public static String of(List<JsonNode> measurements) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (JsonNode m : measurements) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (Column column : COLUMNS) {
                row.put(column.name(), value(m.at(column.pointer()), column.text()));
            }
            rows.add(row);
        }
        return CSV.writer(SCHEMA).writeValueAsString(rows);
    }

    private static Object value(JsonNode node, boolean text) {
        if (node.isMissingNode() || node.isNull()) {
            return "";
        }
        if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(item -> items.add(item.asString()));
            return neutralised(String.join(";", items));
        }
        if (text || !node.isNumber()) {
            return neutralised(node.asString());
        }
        return node.numberValue();
    }

    /** Text a spreadsheet would run as a formula, made plain text. */
    static String neutralised(String text) {
        return !text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0 ? "'" + text : text;
    }

    private static CsvSchema schema() {
        CsvSchema.Builder builder = CsvSchema.builder().setUseHeader(true);
        for (Column column : COLUMNS) {
            builder.addColumn(column.name());
        }
        return builder.build();
    }
}
