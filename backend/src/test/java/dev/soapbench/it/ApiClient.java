package dev.soapbench.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/** Calls the running application over real HTTP, as a browser or CI script would. */
final class ApiClient {

    record Response(int status, String contentType, String location, String retryAfter, String body, String etag) {

        JsonNode json() {
            return JSON.readTree(body);
        }
    }

    /** A multipart field: text, or a file when {@code fileName} is set. */
    record Part(String name, String fileName, byte[] content) {

        static Part text(String name, String value) {
            return new Part(name, null, value.getBytes(StandardCharsets.UTF_8));
        }

        static Part file(String name, String fileName, byte[] content) {
            return new Part(name, fileName, content);
        }
    }

    static final ObjectMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;

    ApiClient(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    String base() {
        return base;
    }

    Response get(String path, String token) {
        return send(request(path, token).GET().build());
    }

    /** A GET with one extra header, e.g. Accept. */
    Response getWith(String path, String header, String value) {
        return send(request(path, null).header(header, value).GET().build());
    }

    /** A GET that asks for the body only if it differs from the answer tagged {@code etag}. */
    Response getIfNoneMatch(String path, String etag) {
        return send(request(path, null).header("If-None-Match", etag).GET().build());
    }

    Response postJson(String path, String body, String token) {
        return send(request(path, token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build());
    }

    Response delete(String path, String token) {
        return send(request(path, token).DELETE().build());
    }

    /** A POST without a body, e.g. an action such as cancel, with one extra header when given. */
    Response postAction(String path, String token, String header, String value) {
        HttpRequest.Builder builder = request(path, token).POST(HttpRequest.BodyPublishers.noBody());
        if (header != null) {
            builder.header(header, value);
        }
        return send(builder.build());
    }

    Response postMultipart(String path, String token, Part... parts) {
        String boundary = "----soapbench" + UUID.randomUUID();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (Part part : parts) {
            String disposition = "form-data; name=\"" + part.name() + "\""
                    + (part.fileName() == null ? "" : "; filename=\"" + part.fileName() + "\"");
            write(body, "--" + boundary + "\r\nContent-Disposition: " + disposition + "\r\n");
            if (part.fileName() != null) {
                write(body, "Content-Type: application/octet-stream\r\n");
            }
            write(body, "\r\n");
            body.writeBytes(part.content());
            write(body, "\r\n");
        }
        write(body, "--" + boundary + "--\r\n");
        return send(request(path, token)
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()))
                .build());
    }

    String createToken(String name) {
        Response response = postJson("/api/v1/tokens", JSON.writeValueAsString(Map.of("name", name)), null);
        if (response.status() != 201) {
            throw new IllegalStateException("token creation failed: " + response);
        }
        return response.json().get("token").asString();
    }

    HttpRequest.Builder request(String path, String token) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return builder;
    }

    HttpClient http() {
        return http;
    }

    private Response send(HttpRequest request) {
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Response(
                    response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(""),
                    response.headers().firstValue("Location").orElse(null),
                    response.headers().firstValue("Retry-After").orElse(null),
                    response.body(),
                    response.headers().firstValue("ETag").orElse(null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }
}
