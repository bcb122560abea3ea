package dev.soapbench.common;

import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A worker's machine as runs record it (schemas/fingerprint.schema.json): what makes two machines
 * the same kind, whose figures may be compared, and the machine in a few words.
 */
public final class Machines {

    /** What identifies a machine kind: processor, cores, memory, kernel, CPU governor. */
    public static final List<String> KIND_FIELDS = List.of("cpuModel", "cores", "memoryBytes", "kernel", "governor");

    private Machines() {}

    /** {@code AMD EPYC 7B13, 2 cores, 24 GiB, kernel 6.1.0}; null without a fingerprint. */
    public static String describe(JsonNode fingerprint) {
        if (fingerprint == null || !fingerprint.isObject()) {
            return null;
        }
        long gib = Math.round(fingerprint.path("memoryBytes").asDouble(0) / (1L << 30));
        String governor = fingerprint.hasNonNull("governor")
                ? ", governor " + fingerprint.get("governor").asString()
                : "";
        return fingerprint.path("cpuModel").asString("unknown CPU") + ", "
                + fingerprint.path("cores").asInt() + " cores, " + gib + " GiB, kernel "
                + fingerprint.path("kernel").asString("unknown") + governor;
    }

    /** The kind fields alone, canonical: equal for machines whose figures may be compared. */
    public static String kindKey(JsonNode fingerprint) {
        ObjectNode key = JsonNodeFactory.instance.objectNode();
        if (fingerprint != null && fingerprint.isObject()) {
            for (String field : KIND_FIELDS) {
                if (fingerprint.has(field)) {
                    key.set(field, fingerprint.get(field));
                }
            }
        }
        return CanonicalJson.write(key);
    }
}
