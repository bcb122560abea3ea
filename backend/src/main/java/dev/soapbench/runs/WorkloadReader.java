package dev.soapbench.runs;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** Reads a workload written as JSON or YAML (JSON when it starts with '{'). */
final class WorkloadReader {

    private static final ObjectMapper JSON = JsonMapper.builder().build();
    private static final ObjectMapper YAML = YAMLMapper.builder().build();

    private WorkloadReader() {}

    static JsonNode read(String text) {
        if (text == null || text.isBlank()) {
            throw ApiProblem.badRequest(
                    "The workload is missing.", ProblemError.inField("workload", "required: JSON or YAML"));
        }
        boolean json = text.stripLeading().startsWith("{");
        JsonNode workload;
        try {
            workload = (json ? JSON : YAML).readTree(text);
        } catch (JacksonException e) {
            TokenStreamLocation where = e.getLocation();
            Integer line = where == null || where.getLineNr() < 1 ? null : where.getLineNr();
            Integer column = where == null || where.getColumnNr() < 1 ? null : where.getColumnNr();
            String message = e.getOriginalMessage().lines().findFirst().orElse("unreadable");
            throw ApiProblem.badRequest(
                    "The workload is not valid " + (json ? "JSON" : "YAML") + ": " + message,
                    new ProblemError(message, null, line, column, "workload"));
        }
        if (workload == null || !workload.isObject()) {
            throw ApiProblem.badRequest(
                    "The workload must be an object with at least 'stacks'.",
                    ProblemError.inField("workload", "must be an object"));
        }
        return workload;
    }
}
