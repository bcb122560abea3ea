package dev.soapbench.common;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.WebRequest;
import tools.jackson.databind.ObjectMapper;

/**
 * A JSON answer serialised once and kept with its entity tag, for views that many readers ask for
 * unchanged: each read writes the kept bytes instead of serialising the view again, and a client
 * that sends the tag back ({@code If-None-Match}) gets a 304 without a body.
 */
public record RenderedJson(byte[] body, String etag) {

    public static RenderedJson of(ObjectMapper json, Object view) {
        byte[] body = json.writeValueAsBytes(view);
        return new RenderedJson(body, tagOf(body));
    }

    /** 200 with the body, or 304 when the client holds these very bytes already. */
    public ResponseEntity<byte[]> answer(WebRequest request) {
        if (request.checkNotModified(etag)) {
            return null;
        }
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_JSON)
                .eTag(etag)
                // Stored, but asked about again on every use: a run changes while it runs.
                .cacheControl(CacheControl.noCache())
                .body(body);
    }

    private static String tagOf(byte[] body) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(body);
            return "\""
                    + Base64.getUrlEncoder()
                            .withoutPadding()
                            .encodeToString(digest)
                            .substring(0, 22) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }
}
