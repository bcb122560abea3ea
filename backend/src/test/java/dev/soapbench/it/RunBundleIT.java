package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** A run taken away whole, and run again from what was taken away: the same config hash. */
class RunBundleIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Test
    void aCatalogRunsBundleHoldsEverythingAndResubmitsToTheSameConfiguration() throws Exception {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\",\"cxf\"],\"repetitions\":6,\"load\":{\"connections\":3}}}",
                null);
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        String id = submitted.json().get("id").asString();
        JsonNode run = api.get("/api/v1/runs/" + id, null).json();

        Map<String, byte[]> bundle = unzip(download(api, "/api/v1/runs/" + id + "/bundle.zip"));

        assertThat(bundle)
                .containsOnlyKeys(
                        "README.md", "run.json", "histograms.json", "workload.json", "wsdl.zip", "resubmit.json");
        assertThat(ApiClient.JSON
                        .readTree(bundle.get("run.json"))
                        .get("configHash")
                        .asString())
                .isEqualTo(run.get("configHash").asString());
        assertThat(unzip(bundle.get("wsdl.zip"))).containsKey("echo.wsdl");
        assertThat(ApiClient.JSON.readTree(bundle.get("workload.json")).has("wsdl"))
                .isFalse();
        assertThat(new String(bundle.get("README.md"), StandardCharsets.UTF_8)).contains("--data @resubmit.json");

        ApiClient.Response again =
                api.postJson("/api/v1/runs", new String(bundle.get("resubmit.json"), StandardCharsets.UTF_8), null);
        assertThat(again.status()).as(again.body()).isEqualTo(201);
        JsonNode rerun = api.get("/api/v1/runs/" + again.json().get("id").asString(), null)
                .json();
        assertThat(rerun.get("configHash").asString())
                .isEqualTo(run.get("configHash").asString());
        assertThat(rerun.get("workload")).isEqualTo(run.get("workload"));
    }

    @Test
    void anUploadedRunsBundleResubmitsAsAFormWithItsWsdlZipAndEntry() throws Exception {
        ApiClient api = new ApiClient(port);
        ApiClient.Response submitted = api.postMultipart(
                "/api/v1/runs",
                null,
                ApiClient.Part.file("wsdl", "echo.wsdl", Files.readAllBytes(Path.of("../wsdl-catalog/echo/echo.wsdl"))),
                ApiClient.Part.text("workload", "stacks: [gsoap]\nrepetitions: 6\n"));
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(201);
        String id = submitted.json().get("id").asString();
        JsonNode run = api.get("/api/v1/runs/" + id, null).json();

        Map<String, byte[]> bundle = unzip(download(api, "/api/v1/runs/" + id + "/bundle.zip"));
        assertThat(bundle).doesNotContainKey("resubmit.json");
        assertThat(new String(bundle.get("README.md"), StandardCharsets.UTF_8))
                .contains("-F wsdl=@wsdl.zip --form-string 'entry=echo.wsdl' -F workload=@workload.json");

        ApiClient.Response again = api.postMultipart(
                "/api/v1/runs",
                null,
                ApiClient.Part.file("wsdl", "wsdl.zip", bundle.get("wsdl.zip")),
                ApiClient.Part.text("entry", "echo.wsdl"),
                ApiClient.Part.file("workload", "workload.json", bundle.get("workload.json")));
        assertThat(again.status()).as(again.body()).isEqualTo(201);
        JsonNode rerun = api.get("/api/v1/runs/" + again.json().get("id").asString(), null)
                .json();
        assertThat(rerun.get("configHash").asString())
                .isEqualTo(run.get("configHash").asString());

        assertThat(api.get("/api/v1/runs/" + UUID.randomUUID() + "/bundle.zip", null)
                        .status())
                .isEqualTo(404);
    }

    private static byte[] download(ApiClient api, String path) throws IOException, InterruptedException {
        HttpResponse<byte[]> response =
                api.http().send(api.request(path, null).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/zip");
        assertThat(response.headers().firstValue("Content-Disposition").orElse(""))
                .contains("attachment");
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
