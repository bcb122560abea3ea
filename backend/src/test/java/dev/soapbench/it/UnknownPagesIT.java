package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** A page nobody serves gets the app's not-found page; an API path nobody serves, a problem. */
class UnknownPagesIT extends IntegrationTest {

    @LocalServerPort
    int port;

    private HttpResponse<String> get(ApiClient api, String path) throws Exception {
        return api.http().send(api.request(path, null).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void anUnknownPageIsTheAppWith404AndAnUnknownApiPathAProblem() throws Exception {
        ApiClient api = new ApiClient(port);
        Path ui = Path.of("target/no-ui");
        Files.createDirectories(ui);
        Path index = ui.resolve("index.html");
        Files.writeString(index, "<html><head><title>SOAPBench</title></head><body><div id=root></div></body></html>");
        try {
            HttpResponse<String> page = get(api, "/no/such/page");
            assertThat(page.statusCode()).isEqualTo(404);
            assertThat(page.headers().firstValue("Content-Type").orElse("")).startsWith("text/html");
            assertThat(page.body()).contains("<div id=root>");

            HttpResponse<String> api404 = get(api, "/api/v1/no-such-thing");
            assertThat(api404.statusCode()).isEqualTo(404);
            assertThat(api404.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
            assertThat(api404.body()).contains("Nothing is served at GET /api/v1/no-such-thing");

            HttpResponse<String> asset = get(api, "/assets/no-such-script.js");
            assertThat(asset.statusCode()).isEqualTo(404);
            assertThat(asset.body())
                    .as("a missing file gets no page in its place")
                    .doesNotContain("<div id=root>");
        } finally {
            Files.deleteIfExists(index);
        }
    }
}
