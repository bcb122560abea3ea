package dev.soapbench.common;

import dev.soapbench.wsdl.WsdlProblem;
import java.util.List;
import java.util.UUID;
import org.apache.tomcat.util.http.fileupload.impl.SizeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/** Every error leaves as application/problem+json; nothing internal (stack traces, SQL) reaches the caller. */
@RestControllerAdvice
class ProblemHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemHandler.class);

    @ExceptionHandler(ApiProblem.class)
    ResponseEntity<ProblemDetail> apiProblem(ApiProblem problem) {
        ProblemDetail body = problem(problem.status(), problem.title(), problem.getMessage(), problem.errors());
        problem.properties().forEach(body::setProperty);
        ResponseEntity.BodyBuilder response = ResponseEntity.status(problem.status());
        problem.retryAfterSeconds().ifPresent(seconds -> {
            body.setProperty("retryAfterSeconds", seconds);
            response.header(HttpHeaders.RETRY_AFTER, String.valueOf(seconds));
        });
        return response.body(body);
    }

    @ExceptionHandler(WsdlProblem.class)
    ProblemDetail wsdlProblem(WsdlProblem problem) {
        return problem(
                HttpStatus.UNPROCESSABLE_CONTENT,
                "Unusable WSDL",
                problem.getMessage(),
                List.of(WsdlProblems.toError(problem)));
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ProblemDetail> unexpected(Exception e) {
        if (DatabaseOutages.isBusy(e)) {
            log.warn("Database connections all at work, answering 503: {}", e.getMessage());
            return apiProblem(ApiProblem.unavailable(
                    "The service is too busy to answer right now; retry in a few seconds.",
                    DatabaseOutages.RETRY_AFTER_SECONDS));
        }
        if (DatabaseOutages.isOutage(e)) {
            log.warn("Database unreachable, answering 503: {}", e.getMessage());
            return apiProblem(ApiProblem.unavailable(
                    "The service's database cannot be reached right now; it recovers by itself, retry in a few seconds.",
                    DatabaseOutages.RETRY_AFTER_SECONDS));
        }
        String incident = UUID.randomUUID().toString();
        log.error("Unexpected failure, incident {}", incident, e);
        return ResponseEntity.internalServerError()
                .body(problem(
                        HttpStatus.INTERNAL_SERVER_ERROR,
                        "Internal error",
                        "Something went wrong on our side; quote incident " + incident + " when reporting it.",
                        List.of()));
    }

    @ExceptionHandler(MultipartException.class)
    ProblemDetail unreadableMultipart(MultipartException e) {
        return problem(HttpStatus.BAD_REQUEST, "Bad request", malformedMultipart(), List.of());
    }

    /**
     * Spring reports every multipart failure whose text mentions a size as too large, a malformed
     * part header included; only Tomcat's own size refusals are.
     */
    @Override
    protected ResponseEntity<Object> handleMaxUploadSizeExceededException(
            MaxUploadSizeExceededException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        if (!isSizeRefusal(ex)) {
            return ResponseEntity.badRequest()
                    .body(problem(HttpStatus.BAD_REQUEST, "Bad request", malformedMultipart(), List.of()));
        }
        ProblemDetail body = problem(
                HttpStatus.PAYLOAD_TOO_LARGE,
                "Upload too large",
                "The upload is larger than the limit of 10 MiB.",
                List.of());
        return ResponseEntity.status(HttpStatus.PAYLOAD_TOO_LARGE).body(body);
    }

    private static boolean isSizeRefusal(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SizeException) {
                return true;
            }
        }
        return false;
    }

    private static String malformedMultipart() {
        return "The multipart/form-data body cannot be read: it needs a boundary in its Content-Type and"
                + " well-formed parts, each with a Content-Disposition naming the field (file names on one line).";
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(
            HttpMessageNotReadableException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        String cause = ex.getMostSpecificCause().getMessage();
        String firstLine =
                cause == null ? "unreadable body" : cause.lines().findFirst().orElse(cause);
        ProblemDetail body = problem(
                HttpStatus.BAD_REQUEST, "Bad request", "The request body is not valid JSON: " + firstLine, List.of());
        return ResponseEntity.badRequest().body(body);
    }

    static ProblemDetail problem(HttpStatus status, String title, String detail, List<ProblemError> errors) {
        ProblemDetail body = ProblemDetail.forStatusAndDetail(status, detail);
        body.setTitle(title);
        if (!errors.isEmpty()) {
            body.setProperty("errors", errors);
        }
        return body;
    }
}
