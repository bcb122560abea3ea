package dev.soapbench.common;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** Runs taken away as files: which format a request asks for, and the answer that carries it. */
public final class Downloads {

    public static final MediaType CSV = new MediaType("text", "csv", StandardCharsets.UTF_8);

    private Downloads() {}

    /**
     * Whether the request asks for CSV: {@code ?format=csv}, or an Accept header that names text/csv
     * and not JSON (a browser's or curl's {@code *}{@code /*} stays JSON).
     */
    public static boolean wantsCsv(String format, String accept) {
        if (format != null) {
            return switch (format) {
                case "csv" -> true;
                case "json" -> false;
                default -> throw ApiProblem.badRequest(
                        "'format' must be json or csv.", ProblemError.inField("format", "json or csv"));
            };
        }
        if (accept == null) {
            return false;
        }
        try {
            List<MediaType> types = MediaType.parseMediaTypes(accept);
            return types.stream()
                            .anyMatch(t ->
                                    t.getType().equals("text") && t.getSubtype().equals("csv"))
                    && types.stream()
                            .noneMatch(t -> t.isCompatibleWith(MediaType.APPLICATION_JSON) && !t.isWildcardType());
        } catch (InvalidMediaTypeException e) {
            return false;
        }
    }

    public static ResponseEntity<byte[]> csv(String fileName, String body) {
        return ResponseEntity.ok()
                .contentType(CSV)
                .header(
                        HttpHeaders.CONTENT_DISPOSITION,
                        ContentDisposition.attachment()
                                .filename(fileName)
                                .build()
                                .toString())
                .body(body.getBytes(StandardCharsets.UTF_8));
    }
}
