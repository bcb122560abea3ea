package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A zip whose imports name published URLs and whose META-INF/jax-ws-catalog.xml maps them
 * (testdata/uploads/xml-catalog) is analysed and run with the catalog applied: the answer lists
 * each rewrite, and the stored bundle the worker is sent is testdata/wsdl/xml-catalog, which the
 * stack contract tests build on every stack. A hostile catalog is a 422 naming its line.
 */
class CatalogUploadsIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Test
    void aCatalogInTheZipIsAppliedForEveryStackAndSaidSo() throws Exception {
        ApiClient api = new ApiClient(port);
        byte[] zip = zip(files(Path.of("../testdata/uploads/xml-catalog")));

        ApiClient.Response analysed = api.postMultipart(
                "/api/v1/analyses",
                null,
                ApiClient.Part.file("wsdl", "orders.zip", zip),
                ApiClient.Part.text("entry", "orders.wsdl"));
        assertThat(analysed.status()).as(analysed.body()).isEqualTo(200);
        JsonNode first = analysed.json().at("/catalog/0");
        assertThat(first.get("file").asString()).isEqualTo("orders.wsdl");
        assertThat(first.get("line").asInt()).isEqualTo(9);
        assertThat(first.get("location").asString()).isEqualTo("http://example.com/orders/orders-interface.wsdl");
        assertThat(first.get("target").asString()).isEqualTo("wsdl/orders-interface.wsdl");
        assertThat(first.get("catalog").asString()).isEqualTo("META-INF/jax-ws-catalog.xml");
        assertThat(first.get("catalogLine").asInt()).isEqualTo(5);
        assertThat(first.get("entry").asString()).isEqualTo("system");
        assertThat(analysed.json().get("catalog")).hasSize(3);
        assertThat(analysed.json()
                        .get("stacks")
                        .valueStream()
                        .filter(stack -> stack.get("id").asString().equals("cxf"))
                        .findFirst()
                        .orElseThrow()
                        .get("buildable")
                        .asBoolean())
                .isTrue();

        ApiClient.Response submitted = api.postMultipart(
                "/api/v1/runs",
                null,
                ApiClient.Part.file("wsdl", "orders.zip", zip),
                ApiClient.Part.text("entry", "orders.wsdl"),
                ApiClient.Part.text("workload", "stacks: [gsoap, cxf]\n"));
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        assertThat(submitted.json().at("/analysis/catalog"))
                .isEqualTo(analysed.json().get("catalog"));

        String id = submitted.json().get("id").asString();
        Map<String, byte[]> stored =
                unzip(unzip(download(api, "/api/v1/runs/" + id + "/bundle.zip")).get("wsdl.zip"));
        Map<String, byte[]> expected = files(Path.of("../testdata/wsdl/xml-catalog"));
        expected.keySet().removeIf(path -> path.startsWith("samples/") || path.equals("case.json"));
        assertThat(text(stored)).isEqualTo(text(expected));
    }

    @Test
    void aCatalogEntryLeavingTheBundleIsA422NamingTheCatalogLineAndEntry() throws Exception {
        ApiClient api = new ApiClient(port);
        Map<String, byte[]> files = files(Path.of("../testdata/uploads/xml-catalog"));
        files.put(
                "META-INF/jax-ws-catalog.xml",
                ("<catalog xmlns=\"urn:oasis:names:tc:entity:xmlns:xml:catalog\">\n"
                                + "  <system systemId=\"http://example.com/orders/orders-interface.wsdl\""
                                + " uri=\"../../../etc/passwd\"/>\n</catalog>\n")
                        .getBytes(StandardCharsets.UTF_8));

        ApiClient.Response refused = api.postMultipart(
                "/api/v1/runs",
                null,
                ApiClient.Part.file("wsdl", "orders.zip", zip(files)),
                ApiClient.Part.text("entry", "orders.wsdl"),
                ApiClient.Part.text("workload", "stacks: [gsoap]\n"));

        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        JsonNode error = refused.json().at("/errors/0");
        assertThat(error.get("file").asString()).isEqualTo("META-INF/jax-ws-catalog.xml");
        assertThat(error.get("line").asInt()).isEqualTo(2);
        assertThat(refused.json().get("detail").asString())
                .contains("<system systemId=\"http://example.com/orders/orders-interface.wsdl\"")
                .contains("points outside the uploaded bundle");
    }

    private static Map<String, byte[]> files(Path root) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path file : paths.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
            }
        }
        return files;
    }

    private static Map<String, String> text(Map<String, byte[]> files) {
        Map<String, String> text = new TreeMap<>();
        files.forEach((path, content) -> text.put(path, new String(content, StandardCharsets.UTF_8)));
        return text;
    }

    private static byte[] zip(Map<String, byte[]> files) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                zip.putNextEntry(new ZipEntry(file.getKey()));
                zip.write(file.getValue());
                zip.closeEntry();
            }
        }
        return out.toByteArray();
    }

    private static byte[] download(ApiClient api, String path) throws IOException, InterruptedException {
        HttpResponse<byte[]> response =
                api.http().send(api.request(path, null).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    private static Map<String, byte[]> unzip(byte[] zip) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                files.put(entry.getName(), in.readAllBytes());
            }
        }
        return files;
    }
}
