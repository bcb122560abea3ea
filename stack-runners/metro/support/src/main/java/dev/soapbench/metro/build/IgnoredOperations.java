package dev.soapbench.metro.build;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * IgnoredOperations reads the operations wsimport left out of the service interface, with its
 * reason and place, from its warnings:
 *
 * <pre>
 * [WARNING] Ignoring operation "send_receive_any_type": more than one part bound to body
 *   line 205 of file:/.../wsdl/soapheader.wsdl
 * </pre>
 *
 * wsimport goes on without them, so a sample operation among them is a construct Metro cannot
 * serve: the build refuses it with wsimport's reason rather than a missing method.
 */
final class IgnoredOperations {
    private static final Pattern IGNORED =
            Pattern.compile("^\\[WARNING\\]\\s+(?i:ignoring)\\s+(?:[\\w-]+\\s+)?operation\\s+\"([^\"]+)\":\\s*(.+)$");
    private static final Pattern PLACE = Pattern.compile("^\\s*line (\\d+) of (\\S+)\\s*$");

    /** Ignored is why wsimport left an operation out, and where ({@code URI:line}, or null). */
    record Ignored(String reason, String place) {}

    private IgnoredOperations() {}

    static Map<String, Ignored> read(String wsimportOutput) {
        Map<String, Ignored> ignored = new LinkedHashMap<>();
        List<String> lines = wsimportOutput.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            Matcher warning = IGNORED.matcher(lines.get(i));
            if (!warning.matches()) {
                continue;
            }
            Matcher place = i + 1 < lines.size() ? PLACE.matcher(lines.get(i + 1)) : null;
            String where = place != null && place.matches() ? place.group(2) + ":" + place.group(1) : null;
            ignored.putIfAbsent(warning.group(1), new Ignored(warning.group(2).trim(), where));
        }
        return ignored;
    }
}
