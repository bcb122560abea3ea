package dev.soapbench.jvmsupport.samples;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** SampleIndex is the samples folder's {@code index.json}: one entry per operation. */
public final class SampleIndex {
    /** Entry is one operation's samples; file names are relative to the samples folder. */
    public record Entry(String operation, String soapVersion, boolean oneWay, String request, String response) {}

    private SampleIndex() {}

    public static List<Entry> read(Path samplesDir) throws SampleException {
        Path file = samplesDir.resolve("index.json");
        Object parsed;
        try {
            parsed = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new SampleException("cannot read " + file.getFileName() + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new SampleException(file.getFileName() + ": not valid JSON: " + e.getMessage());
        }
        if (!(parsed instanceof List<?> items)) {
            throw new SampleException(file.getFileName() + ": expected a JSON array of operations");
        }
        List<Entry> entries = new ArrayList<>();
        for (Object item : items) {
            if (!(item instanceof Map<?, ?> fields)) {
                throw new SampleException(file.getFileName() + ": every entry must be an object");
            }
            String operation = text(fields, "operation", null, file);
            entries.add(new Entry(
                    operation,
                    text(fields, "soapVersion", "1.1", file),
                    Boolean.TRUE.equals(fields.get("oneWay")),
                    text(fields, "request", null, file),
                    fields.get("response") == null ? null : text(fields, "response", null, file)));
        }
        return entries;
    }

    private static String text(Map<?, ?> fields, String name, String fallback, Path file) throws SampleException {
        Object value = fields.get(name);
        if (value == null && fallback != null) {
            return fallback;
        }
        if (!(value instanceof String s) || s.isEmpty()) {
            throw new SampleException(file.getFileName() + ": entry " + fields.get("operation") + " has no \"" + name + "\"");
        }
        return s;
    }
}
