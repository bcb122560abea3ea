package dev.soapbench.common;

import java.util.List;
import org.springframework.http.HttpStatus;

/** A request the service refuses, with the status and what to tell the caller; rendered as problem+json. */
public class ApiProblem extends RuntimeException {

    private final HttpStatus status;
    private final String title;
    private final List<ProblemError> errors;

    public ApiProblem(HttpStatus status, String title, String detail, List<ProblemError> errors) {
        super(detail);
        this.status = status;
        this.title = title;
        this.errors = List.copyOf(errors);
    }

    public static ApiProblem badRequest(String detail, ProblemError... errors) {
        return new ApiProblem(HttpStatus.BAD_REQUEST, "Bad request", detail, List.of(errors));
    }

    public static ApiProblem badRequest(String detail, List<ProblemError> errors) {
        return new ApiProblem(HttpStatus.BAD_REQUEST, "Bad request", detail, errors);
    }

    public static ApiProblem unprocessable(String detail, ProblemError... errors) {
        return new ApiProblem(HttpStatus.UNPROCESSABLE_CONTENT, "Cannot be processed", detail, List.of(errors));
    }

    public static ApiProblem unprocessable(String detail, List<ProblemError> errors) {
        return new ApiProblem(HttpStatus.UNPROCESSABLE_CONTENT, "Cannot be processed", detail, errors);
    }

    public static ApiProblem notFound(String detail) {
        return new ApiProblem(HttpStatus.NOT_FOUND, "Not found", detail, List.of());
    }

    public static ApiProblem unauthorized(String detail) {
        return new ApiProblem(HttpStatus.UNAUTHORIZED, "Unauthorized", detail, List.of());
    }

    public HttpStatus status() {
        return status;
    }

    public String title() {
        return title;
    }

    public List<ProblemError> errors() {
        return errors;
    }
}
