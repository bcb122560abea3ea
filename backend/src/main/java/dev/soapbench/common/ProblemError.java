package dev.soapbench.common;

import com.fasterxml.jackson.annotation.JsonInclude;

/** One fault in a request and where it is: a file position, or a field as a JSON pointer or form field name. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProblemError(String message, String file, Integer line, Integer column, String field) {

    public static ProblemError inField(String field, String message) {
        return new ProblemError(message, null, null, null, field);
    }

    public static ProblemError inFile(String file, Integer line, Integer column, String message) {
        return new ProblemError(message, file, line, column, null);
    }
}
