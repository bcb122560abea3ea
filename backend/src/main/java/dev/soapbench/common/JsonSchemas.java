package dev.soapbench.common;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/**
 * Validates documents against the project's JSON Schemas (copied from ../schemas into the jar), so the
 * backend and the workers agree on one definition of every message.
 */
@Component
public class JsonSchemas {

    public static final String WORKLOAD = "workload.schema.json";
    public static final String RUN_JOB = "run-job.schema.json";
    public static final String RUN_EVENT = "run-event.schema.json";
    public static final String HEARTBEAT = "heartbeat.schema.json";

    private static final String ID_PREFIX = "https://soapbench.dev/schemas/";

    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(
            SpecificationVersion.DRAFT_2020_12,
            builder -> builder.schemaIdResolvers(ids -> ids.mapPrefix(ID_PREFIX, "classpath:schemas/")));
    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();

    /** The faults of {@code document}, each with a JSON pointer to where it is; empty when valid. */
    public List<ProblemError> validate(String schemaName, JsonNode document) {
        List<ProblemError> outOfRange = new ArrayList<>();
        findNonFiniteNumbers(document, "", outOfRange);
        if (!outOfRange.isEmpty()) {
            return outOfRange;
        }
        Schema schema =
                schemas.computeIfAbsent(schemaName, name -> registry.getSchema(SchemaLocation.of(ID_PREFIX + name)));
        return schema.validate(document).stream()
                .map(JsonSchemas::toProblemError)
                .toList();
    }

    /** Numbers no double holds ({@code 1e400}, YAML's {@code .inf}): the validator cannot compare them. */
    private static void findNonFiniteNumbers(JsonNode node, String pointer, List<ProblemError> faults) {
        if (node.isNumber() && !Double.isFinite(node.asDouble())) {
            faults.add(ProblemError.inField(
                    pointer.isEmpty() ? "/" : pointer,
                    "number out of range: no 64-bit floating-point number holds it"));
        } else if (node.isObject()) {
            node.properties()
                    .forEach(entry ->
                            findNonFiniteNumbers(entry.getValue(), pointer + "/" + escape(entry.getKey()), faults));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                findNonFiniteNumbers(node.get(i), pointer + "/" + i, faults);
            }
        }
    }

    static ProblemError toProblemError(Error error) {
        String pointer = pointer(error.getInstanceLocation());
        boolean namesProperty =
                "required".equals(error.getKeyword()) || "additionalProperties".equals(error.getKeyword());
        if (namesProperty && error.getProperty() != null) {
            pointer = pointer + "/" + escape(error.getProperty());
        }
        return ProblemError.inField(pointer, error.getMessage());
    }

    private static String pointer(NodePath path) {
        StringBuilder pointer = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            pointer.append('/').append(escape(String.valueOf(path.getElement(i))));
        }
        return pointer.toString();
    }

    private static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }
}
