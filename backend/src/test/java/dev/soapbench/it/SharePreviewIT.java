package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.compare.ComparePreview;
import dev.soapbench.runs.SharePreview;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** A pasted link of a public run previews its title, verdict and card; a private one previews nothing of it. */
class SharePreviewIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    SharePreview preview;

    @Autowired
    ComparePreview comparePreview;

    @Test
    void aPublicRunsPageCarriesItsPreviewTagsAndCard() throws Exception {
        ApiClient api = new ApiClient(port);
        JsonNode run = api.postJson(
                        "/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"]}}", null)
                .json();
        String slug = run.get("slug").asString();

        String head = preview.headFor(slug).orElseThrow();
        assertThat(head).contains("<title>SOAP stack comparison: catalog echo · SOAPBench</title>");
        assertThat(head).contains("<meta property=\"og:title\" content=\"SOAP stack comparison: catalog echo\" />");
        assertThat(head).contains("<meta name=\"twitter:card\" content=\"summary_large_image\" />");
        assertThat(head).contains("/api/v1/runs/" + run.get("id").asString() + "/card.png\" />");
        assertThat(head).contains("stacks gsoap@");

        // The UI's page as the server sends it, with the tags in place of the plain title.
        Path ui = Path.of("target/no-ui");
        Files.createDirectories(ui);
        Path index = ui.resolve("index.html");
        Files.writeString(index, "<html><head><title>SOAPBench</title></head><body></body></html>");
        try {
            HttpResponse<String> page = api.http()
                    .send(api.request("/r/" + slug, null).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.body()).contains("og:image").doesNotContain("<title>SOAPBench</title>");
            HttpResponse<String> unknown = api.http()
                    .send(api.request("/r/no-such-run", null).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(unknown.body()).contains("<title>SOAPBench</title>").doesNotContain("og:");
        } finally {
            Files.deleteIfExists(index);
        }

        HttpResponse<byte[]> card = api.http()
                .send(
                        api.request("/api/v1/runs/" + slug + "/card.png", null)
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray());
        assertThat(card.statusCode()).isEqualTo(200);
        assertThat(card.headers().firstValue("Content-Type")).hasValue("image/png");
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(card.body()));
        assertThat(image.getWidth()).isEqualTo(1200);
        assertThat(image.getHeight()).isEqualTo(630);
    }

    @Test
    void aComparisonsPageCarriesItsPreviewTagsWithTheBaselinesCard() throws Exception {
        ApiClient api = new ApiClient(port);
        String body = "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"]}}";
        JsonNode a = api.postJson("/api/v1/runs", body, null).json();
        JsonNode b = api.postJson("/api/v1/runs", body, null).json();
        String runs = a.get("slug").asString() + "," + b.get("slug").asString();

        String head = comparePreview.headFor(runs, b.get("slug").asString()).orElseThrow();
        assertThat(head)
                .contains("<meta property=\"og:title\" content=\"Runs "
                        + a.get("slug").asString() + ", " + b.get("slug").asString() + " compared with "
                        + b.get("slug").asString() + "\" />");
        assertThat(head).contains("/api/v1/runs/" + b.get("id").asString() + "/card.png\" />");
        assertThat(head).contains("catalog:echo");
        assertThat(comparePreview.headFor(a.get("slug").asString() + ",no-such-run", null))
                .isEmpty();
        assertThat(comparePreview.headFor("<script>", null)).isEmpty();
    }

    @Test
    void aPrivateRunPreviewsNothingOfItself() {
        ApiClient api = new ApiClient(port);
        String token = api.createToken("preview-" + System.nanoTime());
        JsonNode run = api.postJson(
                        "/api/v1/runs",
                        "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\"]},\"visibility\":\"private\"}",
                        token)
                .json();
        assertThat(preview.headFor(run.get("slug").asString())).isEmpty();
        assertThat(preview.headFor("../../etc/passwd")).isEmpty();
        assertThat(api.get("/api/v1/runs/" + run.get("id").asString() + "/card.png", null)
                        .status())
                .isEqualTo(404);
    }
}
