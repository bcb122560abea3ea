package dev.soapbench.jvmsupport.samples;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;

/** SampleIndex is the samples folder's {@code index.json}: one entry per operation. */
public final class SampleIndex {
    /**
     * Entry is one operation's samples; file names are relative to the samples folder.
     * {@code headersIn} and {@code headersOut} are the SOAP header blocks of the request and of
     * the response, which the generic implementation must read and answer with. {@code soapAction}
     * is the action the worker sends with the request ("" for none).
     */
    public record Entry(String operation, String soapVersion, boolean oneWay, String request, String response,
            List<QName> headersIn, List<QName> headersOut, String soapAction) {}

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
                    fields.get("response") == null ? null : text(fields, "response", null, file),
                    blocks(fields, "headersIn", file),
                    blocks(fields, "headersOut", file),
                    fields.get("soapAction") instanceof String action ? action : ""));
        }
        return entries;
    }

    private static List<QName> blocks(Map<?, ?> fields, String name, Path file) throws SampleException {
        Object value = fields.get(name);
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?> items)) {
            throw new SampleException(file.getFileName() + ": entry " + fields.get("operation") + ": \"" + name
                    + "\" is not a list of header blocks");
        }
        List<QName> blocks = new ArrayList<>();
        for (Object item : items) {
            if (!(item instanceof Map<?, ?> block) || !(block.get("name") instanceof String local) || local.isEmpty()) {
                throw new SampleException(file.getFileName() + ": entry " + fields.get("operation") + ": \"" + name
                        + "\" holds a header block without a name");
            }
            Object namespace = block.get("namespace");
            blocks.add(new QName(namespace instanceof String ns ? ns : "", local));
        }
        return List.copyOf(blocks);
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
