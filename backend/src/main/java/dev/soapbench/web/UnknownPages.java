package dev.soapbench.web;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * A path nobody serves. A page address (anything outside the API, the Go module release and the
 * actuator that names no file) answers 404 with the web app, which shows its not-found page with
 * the way back; any other answers 404 as problem+json naming what was asked for, as every API
 * error does.
 */
@ControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class UnknownPages {

    private static final MediaType HTML = new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8);

    private final Path index;

    // A plain property rather than SoapBenchProperties: as a controller advice this class is part of
    // every web test slice, which binds no configuration properties.
    UnknownPages(@Value("${soapbench.ui-dir:../frontend/dist}") String uiDir) {
        this.index = Path.of(uiDir).toAbsolutePath().normalize().resolve("index.html");
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<?> unknown(NoResourceFoundException e, HttpServletRequest request) throws IOException {
        String path = request.getRequestURI();
        boolean page = "GET".equals(request.getMethod())
                && !isMachinePath(path)
                && !isFile(path)
                && Files.isRegularFile(index);
        if (page) {
            return ResponseEntity.status(HttpStatus.NOT_FOUND)
                    .contentType(HTML)
                    .body(Files.readString(index, StandardCharsets.UTF_8));
        }
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                HttpStatus.NOT_FOUND,
                "Nothing is served at " + request.getMethod() + " " + shortened(path)
                        + "; the API is described at /api/v1/openapi.yaml.");
        problem.setTitle("Not Found");
        return ResponseEntity.status(HttpStatus.NOT_FOUND)
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(problem);
    }

    private static boolean isMachinePath(String path) {
        return path.startsWith("/api/")
                || path.equals("/api")
                || path.startsWith("/go/")
                || path.startsWith("/actuator");
    }

    /** A missing script, style or image is no page: it gets no page in its place. */
    private static boolean isFile(String path) {
        return path.substring(path.lastIndexOf('/') + 1).contains(".");
    }

    /** The path as asked, cut short: it is the client's and goes back to it. */
    private static String shortened(String path) {
        return path.length() > 200 ? path.substring(0, 200) + "..." : path;
    }
}
