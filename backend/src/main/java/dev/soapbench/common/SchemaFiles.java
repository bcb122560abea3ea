package dev.soapbench.common;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Definition files in the repository (studies, stack manifests) checked against their JSON Schemas
 * at start-up. Faults are {@link IllegalStateException}s naming the file and the first fault, so a
 * broken definition stops the service with a message that says what to fix.
 */
public final class SchemaFiles {

    private SchemaFiles() {}

    /** The draft 2020-12 schema in {@code schemaFile}. */
    public static Schema schema(Path schemaFile, ObjectMapper json) {
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(read("Schema file", schemaFile, json));
    }

    /** The document in {@code file}, which {@code kind} (e.g. "Study") names in faults, when it is valid. */
    public static JsonNode readValid(String kind, Path file, Schema schema, ObjectMapper json) {
        JsonNode document = read(kind + " file", file, json);
        List<ProblemError> faults = schema.validate(document).stream()
                .map(JsonSchemas::toProblemError)
                .toList();
        if (!faults.isEmpty()) {
            ProblemError fault = faults.get(0);
            String at = fault.field().isEmpty() ? "the top level" : fault.field();
            throw new IllegalStateException(kind + " " + file + " is invalid at " + at + ": " + fault.message());
        }
        return document;
    }

    private static JsonNode read(String what, Path file, ObjectMapper json) {
        try {
            return json.readTree(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            throw new IllegalStateException(what + " " + file + " does not exist");
        } catch (IOException e) {
            throw new IllegalStateException(what + " " + file + " cannot be read: " + e.getMessage());
        } catch (JacksonException e) {
            throw new IllegalStateException(what + " " + file + " is not JSON: " + e.getOriginalMessage());
        }
    }
}
