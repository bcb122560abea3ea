package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/** A WSDL analysed before any run exists: the submission's checks and answer, nothing stored. */
class AnalysesIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    private long runs() {
        return jdbc.sql("SELECT count(*) FROM runs").query(Long.class).single();
    }

    @Test
    void anUploadIsAnalysedAsASubmissionWouldBeAndNoRunIsMade() throws Exception {
        ApiClient api = new ApiClient(port);
        long before = runs();

        ApiClient.Response upload = api.postMultipart(
                "/api/v1/analyses",
                null,
                ApiClient.Part.file("wsdl", "echo.wsdl", Files.readAllBytes(Path.of("../wsdl-catalog/echo/echo.wsdl"))),
                ApiClient.Part.text("security", "plain"));
        assertThat(upload.status()).as(upload.body()).isEqualTo(200);
        JsonNode analysis = upload.json();
        assertThat(analysis.at("/operations/0/name").asString()).isEqualTo("echo");
        assertThat(analysis.at("/styles/0").asString()).isEqualTo("document-literal-wrapped");
        assertThat(analysis.get("stacks").valueStream().map(s -> s.get("id").asString()))
                .contains("gsoap", "cxf");

        ApiClient.Response catalog = api.postJson("/api/v1/analyses", "{\"catalog\":\"echo\"}", null);
        assertThat(catalog.status()).isEqualTo(200);
        assertThat(catalog.json().at("/operations/0/name").asString()).isEqualTo("echo");
        assertThat(runs()).as("no run is made").isEqualTo(before);
    }

    @Test
    void whatCannotBeAnalysedIsNamed() throws Exception {
        ApiClient api = new ApiClient(port);
        ApiClient.Response nothing = api.postJson("/api/v1/analyses", "{}", null);
        assertThat(nothing.status()).isEqualTo(400);
        assertThat(nothing.json().at("/errors/0/field").asString()).isEqualTo("wsdl");

        ApiClient.Response broken = api.postMultipart(
                "/api/v1/analyses",
                null,
                ApiClient.Part.file(
                        "wsdl", "broken.wsdl", Files.readAllBytes(Path.of("../e2e-tests/fixtures/broken.wsdl"))));
        assertThat(broken.status()).isEqualTo(422);
        assertThat(broken.json().at("/errors/0/line").isNumber()).isTrue();

        ApiClient.Response mode = api.postJson("/api/v1/analyses", "{\"catalog\":\"echo\",\"security\":[\"x\"]}", null);
        assertThat(mode.status()).isEqualTo(400);
        assertThat(mode.json().at("/errors/0/field").asString()).isEqualTo("security");
    }

    @Test
    void mtomIsJudgedAsARunWithItWouldBe() throws Exception {
        ApiClient api = new ApiClient(port);
        byte[] binary = Files.readAllBytes(Path.of("../testdata/wsdl/mtom-xop/files.wsdl"));

        ApiClient.Response plain =
                api.postMultipart("/api/v1/analyses", null, ApiClient.Part.file("wsdl", "files.wsdl", binary));
        ApiClient.Response mtom = api.postMultipart(
                "/api/v1/analyses",
                null,
                ApiClient.Part.file("wsdl", "files.wsdl", binary),
                ApiClient.Part.text("mtom", "true"));
        assertThat(mtom.status()).as(mtom.body()).isEqualTo(200);
        assertThat(reasonOf(plain.json(), "gsoap")).doesNotContain("MTOM");
        assertThat(reasonOf(mtom.json(), "gsoap")).contains("does not support MTOM");
        assertThat(reasonOf(mtom.json(), "cxf")).isEmpty();
        assertThat(mtom.json().get("mtomCandidates").size()).isPositive();

        ApiClient.Response noBinary = api.postJson("/api/v1/analyses", "{\"catalog\":\"echo\",\"mtom\":true}", null);
        assertThat(noBinary.status()).isEqualTo(200);
        assertThat(noBinary.json().get("warnings").valueStream().map(JsonNode::asString))
                .anySatisfy(
                        warning -> assertThat(warning).contains("no element of the WSDL's schemas is base64Binary"));

        ApiClient.Response wrong = api.postMultipart(
                "/api/v1/analyses",
                null,
                ApiClient.Part.file("wsdl", "files.wsdl", binary),
                ApiClient.Part.text("mtom", "yes"));
        assertThat(wrong.status()).isEqualTo(400);
        assertThat(wrong.json().at("/errors/0/field").asString()).isEqualTo("mtom");
    }

    @Test
    void operationsThatSendTheSameRequestBlockEveryStack() throws Exception {
        String wsdl = Files.readString(Path.of("src/test/resources/wsdl/same-request.wsdl"));
        ApiClient.Response analysis = new ApiClient(port)
                .postMultipart(
                        "/api/v1/analyses",
                        null,
                        ApiClient.Part.file(
                                "wsdl", "same-request.wsdl", wsdl.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertThat(analysis.status()).as(analysis.body()).isEqualTo(200);
        assertThat(analysis.json().at("/sameRequests/0/operations").size()).isEqualTo(2);
        assertThat(analysis.json().get("stacks").valueStream()).isNotEmpty().allSatisfy(stack -> {
            assertThat(stack.get("buildable").asBoolean()).isFalse();
            assertThat(stack.get("reason").asString())
                    .contains("last (same-request.wsdl:15), lastNoAnswer (same-request.wsdl:17)", "R2710");
        });
    }

    private static String reasonOf(JsonNode analysis, String stack) {
        return analysis.get("stacks")
                .valueStream()
                .filter(s -> s.get("id").asString().equals(stack))
                .findFirst()
                .orElseThrow()
                .path("reason")
                .asString("");
    }
}
