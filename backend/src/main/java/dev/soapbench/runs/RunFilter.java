package dev.soapbench.runs;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the runs list is narrowed to (GET /api/v1/runs): a stack id, a source (a catalog id or the
 * uploaded file's name, in part), a status, a CI project and branch, and a day range, each optional.
 *
 * @param from the first day, from its start (UTC); null for no bound
 * @param until the last day, to its end (UTC); null for no bound
 */
record RunFilter(
        String stack,
        String source,
        String status,
        String project,
        String branch,
        OffsetDateTime from,
        OffsetDateTime until) {

    static final RunFilter NONE = new RunFilter(null, null, null, null, null, null, null);

    private static final Pattern TEXT = Pattern.compile("[\\p{L}\\p{N}._/@+:\\- ]{1,200}");
    private static final Set<String> STATUSES =
            Set.of("queued", "running", "cancelling", "completed", "failed", "cancelled");

    /** The filter the query parameters name; each is checked at the door and refused by name. */
    static RunFilter of(
            String stack, String source, String status, String project, String branch, String from, String until) {
        return new RunFilter(
                text("stack", stack),
                text("source", source),
                status(status),
                text("project", project),
                text("branch", branch),
                day("from", from, false),
                day("until", until, true));
    }

    private static String text(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        if (!TEXT.matcher(value).matches()) {
            throw ApiProblem.badRequest(
                    "'" + name + "' must be letters, digits, spaces and . _ / @ + : -, at most 200.",
                    ProblemError.inField(name, "unexpected characters or too long"));
        }
        return value.trim();
    }

    private static String status(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        if (!STATUSES.contains(value)) {
            throw ApiProblem.badRequest(
                    "'status' must be one of "
                            + String.join(", ", STATUSES.stream().sorted().toList()) + ".",
                    ProblemError.inField("status", "unknown status"));
        }
        return value;
    }

    private static OffsetDateTime day(String name, String value, boolean endOfDay) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            LocalDate day = LocalDate.parse(value);
            return (endOfDay ? day.plusDays(1) : day).atStartOfDay().atOffset(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw ApiProblem.badRequest(
                    "'" + name + "' must be a day such as 2026-11-26.",
                    ProblemError.inField(name, "not a day (YYYY-MM-DD)"));
        }
    }

    /**
     * The source as a LIKE pattern matching a catalog id or a file name anywhere, its wildcards
     * taken literally; the list's "catalog:" prefix is dropped.
     */
    String sourcePattern() {
        if (source == null) {
            return null;
        }
        String text = source.startsWith("catalog:") ? source.substring("catalog:".length()) : source;
        return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }
}
