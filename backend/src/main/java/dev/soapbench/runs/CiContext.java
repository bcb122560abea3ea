package dev.soapbench.runs;

import dev.soapbench.accounts.ProjectNames;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Where a run submitted from a pipeline comes from (openapi.yaml, CiContext): the project, branch
 * and commit it measured and the CI job that sent it. Every value is shown on pages and in
 * reports, so each is held to a plain shape at the door.
 */
record CiContext(String project, String branch, String commit, String url) {

    private static final Pattern NAME = ProjectNames.SHAPE;
    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{7,64}");
    private static final int MAX_URL = 2000;

    /** The context of a run sent with a project token that names no ci: the token's project. */
    static CiContext ofProject(String project) {
        return new CiContext(project, null, null, null);
    }

    /** The context a submission's {@code ci} object names; null when it names none. */
    static CiContext from(JsonNode ci) {
        if (ci == null || ci.isNull() || ci.isMissingNode()) {
            return null;
        }
        List<ProblemError> faults = new ArrayList<>();
        if (!ci.isObject()) {
            throw refused(List.of(ProblemError.inField("/ci", "must be an object")));
        }
        for (var field : ci.propertyNames()) {
            if (!List.of("project", "branch", "commit", "url").contains(field)) {
                faults.add(ProblemError.inField(
                        "/ci/" + pointerToken(field), "unknown field; ci holds project, branch, commit and url"));
            }
        }
        String project = text(ci, "project", faults);
        String branch = text(ci, "branch", faults);
        String commit = text(ci, "commit", faults);
        String url = text(ci, "url", faults);
        if (project == null && faults.isEmpty()) {
            faults.add(ProblemError.inField("/ci/project", "required when ci is given"));
        }
        check(project, NAME, "/ci/project", ProjectNames.RULE, faults);
        check(branch, NAME, "/ci/branch", ProjectNames.RULE, faults);
        check(commit, COMMIT, "/ci/commit", "a git commit id: 7 to 64 lowercase hex digits", faults);
        if (url != null && !isWebAddress(url)) {
            faults.add(
                    ProblemError.inField("/ci/url", "an http or https address of at most " + MAX_URL + " characters"));
        }
        if (!faults.isEmpty()) {
            throw refused(faults);
        }
        return new CiContext(project, branch, commit, url);
    }

    private static String text(JsonNode ci, String field, List<ProblemError> faults) {
        JsonNode value = ci.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            faults.add(ProblemError.inField("/ci/" + field, "must be a string"));
            return null;
        }
        return value.asString();
    }

    private static void check(String value, Pattern shape, String field, String rule, List<ProblemError> faults) {
        if (value != null && !shape.matcher(value).matches()) {
            faults.add(ProblemError.inField(field, rule));
        }
    }

    private static boolean isWebAddress(String text) {
        if (text.length() > MAX_URL) {
            return false;
        }
        try {
            URI uri = new URI(text);
            return ("https".equals(uri.getScheme()) || "http".equals(uri.getScheme())) && uri.getHost() != null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** A field name as a JSON pointer token, cut short: it is the client's and goes back to it. */
    private static String pointerToken(String field) {
        String cut = field.length() > 40 ? field.substring(0, 40) + "..." : field;
        return cut.replace("~", "~0").replace("/", "~1");
    }

    private static ApiProblem refused(List<ProblemError> faults) {
        return ApiProblem.unprocessable(
                "The run's ci context is not valid: "
                        + faults.stream()
                                .map(f -> f.field() + " " + f.message())
                                .reduce((a, b) -> a + "; " + b)
                                .orElse(""),
                faults);
    }
}
