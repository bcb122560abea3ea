package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A WSDL with a WS-SecurityPolicy: shown by the analysis with its place, never measured as if it
 * had none, and measured without it only when the workload asks for that.
 */
class PoliciesIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    private static byte[] policyWsdl() throws Exception {
        return Files.readAllBytes(Path.of("src/test/resources/wsdl/policy/echo-policy.wsdl"));
    }

    @Test
    void theAnalysisNamesThePolicyAndPromisesNoStack() throws Exception {
        ApiClient.Response analysed = new ApiClient(port)
                .postMultipart("/api/v1/analyses", null, ApiClient.Part.file("wsdl", "echo-policy.wsdl", policyWsdl()));
        assertThat(analysed.status()).as(analysed.body()).isEqualTo(200);
        JsonNode analysis = analysed.json();
        assertThat(analysis.at("/policies/1/attachedTo").asString()).isEqualTo("binding EchoBinding");
        assertThat(analysis.at("/policies/1/line").asInt()).isEqualTo(59);
        assertThat(analysis.at("/policies/1/assertions/0").asString()).isEqualTo("sp:SymmetricBinding");
        for (JsonNode stack : analysis.get("stacks")) {
            assertThat(stack.get("buildable").asBoolean()).as(stack.toString()).isFalse();
            assertThat(stack.get("reason").asString()).contains("requires a WS-Policy");
        }
        // Asked as the run would be with the policy removed, the stacks are judged on the rest.
        JsonNode removed = new ApiClient(port)
                .postMultipart(
                        "/api/v1/analyses",
                        null,
                        ApiClient.Part.file("wsdl", "echo-policy.wsdl", policyWsdl()),
                        ApiClient.Part.text("policy", "remove"))
                .json();
        assertThat(removed.get("policiesRemoved").asBoolean()).isTrue();
        assertThat(removed.at("/stacks").valueStream().anyMatch(s -> s.get("buildable")
                        .asBoolean()))
                .isTrue();
    }

    @Test
    void keptThePolicyFailsTheRunWithItsPlaceAndRemovedItIsMeasuredWithoutIt() throws Exception {
        ApiClient api = new ApiClient(port);
        ApiClient.Response kept = api.postMultipart(
                "/api/v1/runs",
                null,
                ApiClient.Part.file("wsdl", "echo-policy.wsdl", policyWsdl()),
                ApiClient.Part.text("workload", "{\"stacks\":[\"cxf\"]}"));
        assertThat(kept.status()).as(kept.body()).isEqualTo(201);
        JsonNode keptRun = api.get("/api/v1/runs/" + kept.json().get("id").asString(), null)
                .json();
        assertThat(keptRun.get("status").asString()).isEqualTo("failed");
        assertThat(keptRun.at("/stacks/0/status").asString()).isEqualTo("unsupported");
        assertThat(keptRun.at("/stacks/0/reason").asString())
                .contains("sp:SymmetricBinding")
                .contains("binding EchoBinding at echo-policy.wsdl:59");

        ApiClient.Response removed = api.postMultipart(
                "/api/v1/runs",
                null,
                ApiClient.Part.file("wsdl", "echo-policy.wsdl", policyWsdl()),
                ApiClient.Part.text("workload", "{\"stacks\":[\"cxf\"],\"policy\":\"remove\"}"));
        assertThat(removed.status()).as(removed.body()).isEqualTo(201);
        UUID runId = UUID.fromString(removed.json().get("id").asString());
        JsonNode run = api.get("/api/v1/runs/" + runId, null).json();
        assertThat(run.get("status").asString()).isEqualTo("queued");
        assertThat(run.at("/analysis/policiesRemoved").asBoolean()).isTrue();
        assertThat(run.at("/analysis/warnings").toString()).contains("Measured without the WSDL's WS-Policy");

        JsonNode job = ApiClient.JSON.readTree(
                JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20)).getBody());
        String sent = new String(
                Base64.getDecoder()
                        .decode(job.at("/bundle/files/0/contentBase64").asString()),
                StandardCharsets.UTF_8);
        assertThat(sent).contains("EchoBinding").doesNotContain("Policy").doesNotContain("sp:");
    }
}
