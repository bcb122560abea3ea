package dev.soapbench.common;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.http.HttpStatus;

/** A request the service refuses, with the status and what to tell the caller; rendered as problem+json. */
public class ApiProblem extends RuntimeException {

    private final HttpStatus status;
    private final String title;
    private final List<ProblemError> errors;
    private final Long retryAfterSeconds;
    private final Map<String, Object> properties;

    public ApiProblem(HttpStatus status, String title, String detail, List<ProblemError> errors) {
        this(status, title, detail, errors, null, Map.of());
    }

    private ApiProblem(
            HttpStatus status,
            String title,
            String detail,
            List<ProblemError> errors,
            Long retryAfterSeconds,
            Map<String, Object> properties) {
        super(detail);
        this.status = status;
        this.title = title;
        this.errors = List.copyOf(errors);
        this.retryAfterSeconds = retryAfterSeconds;
        this.properties = Map.copyOf(properties);
    }

    /** The same refusal with one more member in its problem+json body. */
    public ApiProblem with(String name, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(properties);
        more.put(name, value);
        return new ApiProblem(status, title, getMessage(), errors, retryAfterSeconds, more);
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

    public static ApiProblem forbidden(String detail) {
        return new ApiProblem(HttpStatus.FORBIDDEN, "Forbidden", detail, List.of());
    }

    public static ApiProblem conflict(String detail) {
        return new ApiProblem(HttpStatus.CONFLICT, "Conflict", detail, List.of());
    }

    /** The service cannot answer for a while (e.g. its database is down); retry after the delay. */
    public static ApiProblem unavailable(String detail, long retryAfterSeconds) {
        return new ApiProblem(
                HttpStatus.SERVICE_UNAVAILABLE, "Service unavailable", detail, List.of(), retryAfterSeconds, Map.of());
    }

    /** A refusal that lifts by itself after {@code retryAfterSeconds}. */
    public static ApiProblem tooManyRequests(String detail, long retryAfterSeconds) {
        return new ApiProblem(
                HttpStatus.TOO_MANY_REQUESTS, "Too many requests", detail, List.of(), retryAfterSeconds, Map.of());
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

    /** Further members of the problem+json body. */
    public Map<String, Object> properties() {
        return properties;
    }

    /** Whole seconds until the request may be repeated, when the refusal is temporary. */
    public Optional<Long> retryAfterSeconds() {
        return Optional.ofNullable(retryAfterSeconds);
    }
}
