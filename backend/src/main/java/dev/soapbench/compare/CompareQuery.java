package dev.soapbench.compare;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What {@code GET /api/v1/compare} was asked: 1 to {@link #MAX_RUNS} runs by id or share slug, in
 * the order to show them, and the baseline among them (the first unless named).
 *
 * @param baseline as given; null for the first run. It may name a run listed by its other name
 *     (id for slug), so it is matched once the runs are found.
 * @param wsdlMayDiffer runs of different WSDLs are compared too (each difference a warning) instead
 *     of refused: a service whose WSDL changed between two commits, judged against the run of the
 *     earlier one (docs/ci.md, "Against a stored baseline").
 */
record CompareQuery(List<String> runs, String baseline, boolean wsdlMayDiffer) {

    /** The values of the {@code wsdl} parameter: the default refuses runs of different WSDLs. */
    static final String SAME_WSDL = "same";

    static final String WSDL_MAY_DIFFER = "may-differ";

    /** Five columns of figures per cell still fit a page; more would be read as a table of tables. */
    static final int MAX_RUNS = 5;

    /** Ids are UUIDs and share slugs base62: anything else names no run, and is not worth a query. */
    private static final Pattern RUN_NAME = Pattern.compile("[0-9A-Za-z-]{1,64}");

    static CompareQuery parse(String runs, String baseline) {
        return parse(runs, baseline, null);
    }

    static CompareQuery parse(String runs, String baseline, String wsdl) {
        if (runs == null || runs.isBlank()) {
            throw ApiProblem.badRequest(
                    "Name the runs to compare: runs=<id or slug>,<id or slug> (1 to " + MAX_RUNS + ").",
                    ProblemError.inField("runs", "required"));
        }
        List<String> names = new ArrayList<>();
        for (String part : runs.split(",", -1)) {
            String name = part.strip();
            if (name.isEmpty()) {
                throw ApiProblem.badRequest(
                        "'runs' has an empty entry: separate run ids or slugs by single commas.",
                        ProblemError.inField("runs", "empty entry"));
            }
            if (!RUN_NAME.matcher(name).matches()) {
                throw ApiProblem.badRequest(
                        "'" + shortened(name) + "' in 'runs' is not a run id or share slug.",
                        ProblemError.inField("runs", "not a run id or share slug"));
            }
            if (names.contains(name)) {
                throw ApiProblem.badRequest(
                        "Run '" + name + "' is named twice in 'runs'.",
                        ProblemError.inField("runs", "'" + name + "' named twice"));
            }
            names.add(name);
        }
        if (names.size() > MAX_RUNS) {
            throw ApiProblem.badRequest(
                    "At most " + MAX_RUNS + " runs can be compared at once, not " + names.size() + ".",
                    ProblemError.inField("runs", "at most " + MAX_RUNS + " runs"));
        }
        String named = baseline == null || baseline.isBlank() ? null : baseline.strip();
        return new CompareQuery(List.copyOf(names), named, wsdlMayDiffer(wsdl));
    }

    private static boolean wsdlMayDiffer(String wsdl) {
        if (wsdl == null || wsdl.isBlank() || wsdl.strip().equals(SAME_WSDL)) {
            return false;
        }
        if (wsdl.strip().equals(WSDL_MAY_DIFFER)) {
            return true;
        }
        throw ApiProblem.badRequest(
                "'wsdl' is '" + shortened(wsdl) + "': use '" + SAME_WSDL
                        + "' (the default: only runs of one WSDL compare) or '" + WSDL_MAY_DIFFER
                        + "' (runs of different WSDLs compare, each difference listed in warnings).",
                ProblemError.inField("wsdl", "'" + SAME_WSDL + "' or '" + WSDL_MAY_DIFFER + "'"));
    }

    private static String shortened(String name) {
        String printable = name.replaceAll("\\p{Cntrl}", "?");
        return printable.length() > 64 ? printable.substring(0, 64) + "…" : printable;
    }
}
