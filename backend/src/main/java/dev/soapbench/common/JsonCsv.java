package dev.soapbench.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import tools.jackson.databind.JsonNode;

/**
 * JSON documents as CSV rows, one column per JSON pointer, for a spreadsheet or a script: RFC 4180
 * with a header, lines ending in \n as most tools write them. Text that a spreadsheet would take
 * for a formula (a name from an uploaded WSDL starting with {@code =}, say) is written with a
 * leading apostrophe; arrays become {@code ;}-separated text.
 */
public final class JsonCsv {

    /** @param text written as text even when the value is a number */
    public record Column(String name, String pointer, boolean text) {}

    private JsonCsv() {}

    public static String of(List<Column> columns, List<JsonNode> rows) {
        CSVFormat format = CSVFormat.RFC4180
                .builder()
                .setHeader(columns.stream().map(Column::name).toArray(String[]::new))
                .setRecordSeparator('\n')
                .get();
        StringBuilder out = new StringBuilder();
        try (CSVPrinter printer = new CSVPrinter(out, format)) {
            for (JsonNode row : rows) {
                List<Object> values = new ArrayList<>();
                for (Column column : columns) {
                    values.add(value(row.at(column.pointer()), column.text()));
                }
                printer.printRecord(values);
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
    public static String neutralised(String text) {
        return !text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0 ? "'" + text : text;
    }
}
