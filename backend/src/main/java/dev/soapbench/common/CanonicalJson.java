package dev.soapbench.common;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A byte-stable rendering of JSON: keys sorted, no insignificant whitespace. Two documents that mean
 * the same thing render the same, which is what a configuration hash needs.
 */
public final class CanonicalJson {

    private CanonicalJson() {}

    public static String write(JsonNode node) {
        StringBuilder out = new StringBuilder();
        append(node, out);
        return out.toString();
    }

    private static void append(JsonNode node, StringBuilder out) {
        if (node.isObject()) {
            List<String> names = new ArrayList<>(node.propertyNames());
            Collections.sort(names);
            out.append('{');
            for (int i = 0; i < names.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                out.append(quote(names.get(i))).append(':');
                append(node.get(names.get(i)), out);
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                append(node.get(i), out);
            }
            out.append(']');
        } else {
            out.append(node.toString());
        }
    }

    private static String quote(String name) {
        return tools.jackson.databind.node.StringNode.valueOf(name).toString();
    }
}
