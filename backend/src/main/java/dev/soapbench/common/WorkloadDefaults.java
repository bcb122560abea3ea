package dev.soapbench.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The workload's defaults, read once from the {@code default}s of schemas/workload.schema.json (the
 * jar's copy): the one place they are written. A stored workload has every one of them written out,
 * so the worker, the estimates and a reader of the run need no defaults of their own.
 */
public final class WorkloadDefaults {

    private static final JsonNode SCHEMA = readSchema();
    private static final ObjectNode OF_NOTHING = applyTo(JsonMapper.shared().createObjectNode());

    private WorkloadDefaults() {}

    /**
     * A copy of {@code workload} with each property the schema gives a default and the workload
     * leaves out written out. An object the workload leaves out ({@code load}, {@code warmup}) is
     * written when a property of it has a default; one without any ({@code check}, {@code slo}) is
     * not, since its presence asks for something; {@code interop} is written in an interop run only.
     */
    public static ObjectNode applyTo(JsonNode workload) {
        ObjectNode copy = ((ObjectNode) workload).deepCopy();
        // A cold measurement is the first requests after a start and is never extended: its
        // minimum length is 0 unless the workload says otherwise (which ColdStart then refuses).
        if (workload.path("warmup").path("cold").asBoolean(false)
                && !workload.path("load").has("minSeconds")) {
            copy.withObject("load").put("minSeconds", 0);
        }
        fill(SCHEMA, copy);
        // The interop object applies to interop runs only: written out in every other workload it
        // would change what each stored run says it measured, and its config hash.
        if (!workload.has("interop") && !"interop".equals(copy.path("mode").asString(null))) {
            copy.remove("interop");
        }
        return copy;
    }

    /** The default at a JSON pointer of the workload, e.g. {@code /hardwareClass}; missing when none. */
    public static JsonNode at(String pointer) {
        return OF_NOTHING.at(pointer);
    }

    private static void fill(JsonNode schema, ObjectNode instance) {
        for (var property : schema.path("properties").properties()) {
            String name = property.getKey();
            JsonNode propertySchema = property.getValue();
            JsonNode value = instance.get(name);
            if (value == null && propertySchema.has("default")) {
                instance.set(name, propertySchema.get("default").deepCopy());
            } else if (value == null && hasDefaultsWithin(propertySchema)) {
                fill(propertySchema, instance.putObject(name));
            } else if (value instanceof ObjectNode object) {
                fill(propertySchema, object);
            }
        }
    }

    private static boolean hasDefaultsWithin(JsonNode schema) {
        for (JsonNode propertySchema : schema.path("properties")) {
            if (propertySchema.has("default") || hasDefaultsWithin(propertySchema)) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode readSchema() {
        try (InputStream in = WorkloadDefaults.class.getResourceAsStream("/schemas/" + JsonSchemas.WORKLOAD)) {
            if (in == null) {
                throw new IllegalStateException("schemas/" + JsonSchemas.WORKLOAD + " is not on the classpath");
            }
            return JsonMapper.shared().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
