package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Runs every case of testdata/hostile/manifest.json against the running application over HTTP
 * and checks its expected status and problem detail, that every refusal is problem+json, and
 * that no payload ever ran (no marker file) or reached out (no connection to the listener).
 * bench/hostile/run.py runs the same manifest against any instance and prints the figures.
 */
class HostileInputsIT extends IntegrationTest {

    private static final Path CORPUS = Path.of("../testdata/hostile");

    @LocalServerPort
    int port;

    @Test
    void everyHostileInputGetsItsExpectedAnswerAndNothingRuns() throws Exception {
        JsonNode manifest = ApiClient.JSON.readTree(Files.readString(CORPUS.resolve("manifest.json")));
        String markerPrefix = manifest.get("markerPrefix").asString();
        String workload = ApiClient.JSON.writeValueAsString(manifest.get("workload"));
        ApiClient api = new ApiClient(port);
        List<String> wrong = new ArrayList<>();
        int cases = 0;
        try (Listener listener = new Listener()) {
            for (JsonNode hostile : manifest.get("cases")) {
                String id = hostile.get("id").asString();
                Path marker = Path.of(markerPrefix + id);
                Files.deleteIfExists(marker);
                Upload upload = upload(hostile, marker, listener.address());
                List<ApiClient.Part> parts = new ArrayList<>();
                parts.add(ApiClient.Part.file("wsdl", upload.fileName(), upload.content()));
                parts.add(ApiClient.Part.text("workload", workload));
                if (hostile.at("/submit/entry").isString()) {
                    parts.add(ApiClient.Part.text(
                            "entry", hostile.at("/submit/entry").asString()));
                }
                ApiClient.Response response =
                        api.postMultipart("/api/v1/runs", null, parts.toArray(ApiClient.Part[]::new));
                String fault = judge(hostile.get("expect"), response);
                if (fault != null) {
                    wrong.add(id + ": " + fault);
                }
                cases++;
            }
            for (JsonNode hostile : manifest.get("cases")) {
                Path marker = Path.of(markerPrefix + hostile.get("id").asString());
                if (Files.exists(marker)) {
                    wrong.add(hostile.get("id").asString() + ": its payload ran (" + marker + " exists)");
                }
            }
            assertThat(listener.connections())
                    .as("connections to the loopback listener")
                    .isZero();
        }
        assertThat(cases).isGreaterThanOrEqualTo(120);
        assertThat(wrong).as("cases answered otherwise than expected").isEmpty();
    }

    /** Why the answer is not the expected one, or null when it is. */
    private static String judge(JsonNode expect, ApiClient.Response response) {
        int status = expect.get("status").asInt();
        String shortBody = response.body().length() > 400 ? response.body().substring(0, 400) : response.body();
        if (response.status() != status) {
            return "expected " + status + ", got " + response.status() + ": " + shortBody;
        }
        if (status >= 400) {
            if (!response.contentType().startsWith("application/problem+json")) {
                return "a " + status + " that is not problem+json: " + response.contentType();
            }
            String detail = response.json().path("detail").asString("");
            String wanted = expect.path("detail").asString("");
            if (!detail.contains(wanted)) {
                return "detail lacks '" + wanted + "': " + detail;
            }
        }
        return null;
    }

    private record Upload(String fileName, byte[] content) {}

    private static Upload upload(JsonNode hostile, Path marker, String listener) throws IOException {
        JsonNode submit = hostile.get("submit");
        boolean template = hostile.path("template").asBoolean(false);
        String fileName = submit.get("fileName").asString();
        if (submit.get("kind").asString().equals("file")) {
            return new Upload(fileName, read(submit.get("file").asString(), template, marker, listener));
        }
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(zipped)) {
            for (JsonNode entry : submit.get("entries")) {
                zip.putNextEntry(new ZipEntry(entry.get("name").asString()));
                if (entry.has("zeros")) {
                    writeZeros(zip, entry.get("zeros").asLong());
                } else {
                    zip.write(read(entry.get("file").asString(), template, marker, listener));
                }
                zip.closeEntry();
            }
        }
        return new Upload(fileName, zipped.toByteArray());
    }

    private static byte[] read(String file, boolean template, Path marker, String listener) throws IOException {
        byte[] content = Files.readAllBytes(CORPUS.resolve(file));
        if (!template) {
            return content;
        }
        return new String(content, StandardCharsets.UTF_8)
                .replace("{{MARKER}}", marker.toString())
                .replace("{{LISTENER}}", listener)
                .getBytes(StandardCharsets.UTF_8);
    }

    private static void writeZeros(OutputStream out, long count) throws IOException {
        byte[] zeros = new byte[64 * 1024];
        for (long left = count; left > 0; left -= zeros.length) {
            out.write(zeros, 0, (int) Math.min(zeros.length, left));
        }
    }

    /** A loopback listener that counts whoever connects: a payload that ran, or a URL that was fetched. */
    private static final class Listener implements AutoCloseable {
        private final ServerSocket socket;
        private final AtomicInteger connections = new AtomicInteger();
        private final Thread acceptor;

        Listener() throws IOException {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            acceptor = new Thread(
                    () -> {
                        while (!socket.isClosed()) {
                            try (Socket ignored = socket.accept()) {
                                connections.incrementAndGet();
                            } catch (IOException e) {
                                return;
                            }
                        }
                    },
                    "hostile-listener");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        String address() {
            return "127.0.0.1:" + socket.getLocalPort();
        }

        int connections() {
            return connections.get();
        }

        @Override
        public void close() {
            try {
                socket.close();
                acceptor.join(1000);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
