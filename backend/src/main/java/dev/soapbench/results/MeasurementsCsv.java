package dev.soapbench.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import tools.jackson.databind.JsonNode;

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

    // RFC 4180 with a header, lines ending in \n as most tools write them.
    private static final CSVFormat FORMAT = CSVFormat.RFC4180
            .builder()
            .setHeader(COLUMNS.stream().map(Column::name).toArray(String[]::new))
            .setRecordSeparator('\n')
            .get();

    private MeasurementsCsv() {}

    public static String of(List<JsonNode> measurements) {
        StringBuilder out = new StringBuilder();
        try (CSVPrinter printer = new CSVPrinter(out, FORMAT)) {
            for (JsonNode m : measurements) {
                List<Object> row = new ArrayList<>();
                for (Column column : COLUMNS) {
                    row.add(value(m.at(column.pointer()), column.text()));
                }
                printer.printRecord(row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
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
}
