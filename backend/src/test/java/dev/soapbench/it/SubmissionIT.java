package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.soapbench.common.JsonSchemas;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

class SubmissionIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    RabbitTemplate rabbit;

    @Autowired
    JsonSchemas schemas;

    @Test
    void catalogRunIsStoredAndItsJobReachesTheQueueOfItsHardwareClass() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response response = api.postJson(
                "/api/v1/runs",
                """
                {"catalog":"echo","visibility":"public",
                 "workload":{"stacks":["gsoap","cxf@3.6.10","rpc-only"],"load":{"connections":4}}}""",
                null);

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        JsonNode submitted = response.json();
        UUID runId = UUID.fromString(submitted.get("id").asString());
        assertThat(response.location()).isEqualTo("/api/v1/runs/" + runId);
        assertThat(submitted.get("slug").asString()).matches("[0-9A-Za-z]{10}");
        assertThat(submitted.get("shareUrl").asString())
                .endsWith("/r/" + submitted.get("slug").asString());
        assertThat(submitted.at("/analysis/operations/0/name").asString()).isEqualTo("echo");

        assertThat(count("run_bundle_files", runId)).isEqualTo(1);
        assertThat(count("run_samples", runId)).isEqualTo(1);
        assertThat(jdbc.sql("SELECT status FROM run_stacks WHERE run_id = ? ORDER BY position")
                        .param(runId)
                        .query(String.class)
                        .list())
                .containsExactly("pending", "pending", "unsupported");
        assertThat(count("dispatch_outbox", runId)).isEqualTo(1);

        Message job = JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20));
        assertThat(job.getMessageProperties().getType()).isEqualTo("RunJob");
        assertThat(job.getMessageProperties().getContentType()).isEqualTo("application/json");
        assertThat(job.getMessageProperties().getReceivedDeliveryMode()).isEqualTo(MessageDeliveryMode.PERSISTENT);
        JsonNode body = ApiClient.JSON.readTree(job.getBody());
        assertThat(schemas.validate(JsonSchemas.RUN_JOB, body)).isEmpty();
        assertThat(body.get("catalogId").asString()).isEqualTo("echo");
        assertThat(body.get("stacks").toString())
                .isEqualTo("[{\"id\":\"gsoap\",\"version\":\"2.8.124\"},{\"id\":\"cxf\",\"version\":\"3.6.10\"}]");
        assertThat(body.at("/workload/load/connections").asInt()).isEqualTo(4);
        assertThat(body.at("/workload/load/requests").asInt()).isEqualTo(2000);
        assertThat(body.at("/workload/warmup/requests").asInt()).isEqualTo(500);
        assertThat(body.at("/workload/security/0").asString()).isEqualTo("plain");
        String wsdl = new String(
                Base64.getDecoder()
                        .decode(body.at("/bundle/files/0/contentBase64").asString()),
                StandardCharsets.UTF_8);
        assertThat(wsdl).contains("urn:soapbench:echo");
        assertThat(body.at("/samples/0/request").asString()).contains("the quick brown fox");
        assertThat(body.get("configHash").asString())
                .isEqualTo(jdbc.sql("SELECT config_hash FROM runs WHERE id = ?")
                        .param(runId)
                        .query(String.class)
                        .single());
        // The broker may hand the job over before the publisher has recorded the confirm.
        await().atMost(Duration.ofSeconds(10))
                .until(() -> jdbc.sql("SELECT sent_at IS NOT NULL FROM dispatch_outbox WHERE run_id = ?")
                        .param(runId)
                        .query(Boolean.class)
                        .single());
    }

    @Test
    void mtomRunsOnTheStacksThatClaimItAndTheJobNamesTheElementsToOptimise() throws Exception {
        ApiClient api = new ApiClient(port);
        byte[] wsdl = Files.readAllBytes(Path.of("../testdata/wsdl/mtom-xop/files.wsdl"));
        ApiClient.Response response = api.postMultipart(
                "/api/v1/runs",
                null,
                ApiClient.Part.file("wsdl", "files.wsdl", wsdl),
                ApiClient.Part.text("workload", "stacks: [cxf, gsoap]\nmtom: true\n"));

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        UUID runId = UUID.fromString(response.json().get("id").asString());
        assertThat(response.json().at("/analysis/mtomCandidates/0/name").asString())
                .isEqualTo("content");
        assertThat(response.json()
                        .at("/analysis/mtomCandidates/0/expectedContentTypes")
                        .asString())
                .isEqualTo("application/octet-stream");
        // gSOAP's test manifest does not claim MTOM: refused with the reason, not measured inline.
        assertThat(jdbc.sql("SELECT status || ' ' || coalesce(reason, '') FROM run_stacks WHERE run_id = ?"
                                + " ORDER BY position")
                        .param(runId)
                        .query(String.class)
                        .list())
                .satisfiesExactly(cxf -> assertThat(cxf).isEqualTo("pending "), gsoap -> assertThat(gsoap)
                        .startsWith("unsupported does not support MTOM"));

        JsonNode body = ApiClient.JSON.readTree(
                JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20)).getBody());
        assertThat(schemas.validate(JsonSchemas.RUN_JOB, body)).isEmpty();
        assertThat(body.at("/workload/mtom").asBoolean()).isTrue();
        assertThat(body.get("xopElements").toString())
                .isEqualTo("[{\"namespace\":\"urn:soapbench:test:files\",\"name\":\"content\"},"
                        + "{\"namespace\":\"urn:soapbench:test:files\",\"name\":\"stored\"}]");
    }

    @Test
    void uploadedWsdlWithYamlWorkloadIsAcceptedAndReadableBySlug() throws Exception {
        ApiClient api = new ApiClient(port);
        byte[] wsdl = Files.readAllBytes(Path.of("../wsdl-catalog/echo/echo.wsdl"));
        ApiClient.Response response = api.postMultipart(
                "/api/v1/runs",
                null,
                ApiClient.Part.file("wsdl", "echo.wsdl", wsdl),
                ApiClient.Part.text("workload", "stacks: [cxf]\nrepetitions: 2\n"));

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        JsonNode run = api.get("/api/v1/runs/" + response.json().get("slug").asString(), null)
                .json();
        assertThat(run.get("status").asString()).isEqualTo("queued");
        assertThat(run.at("/source/fileName").asString()).isEqualTo("echo.wsdl");
        assertThat(run.get("studyRunId").isNull()).isTrue();
        assertThat(run.at("/workload/repetitions").asInt()).isEqualTo(2);
        assertThat(run.at("/workload/stacks/0").asString()).isEqualTo("cxf@4.2.3");
        UUID runId = UUID.fromString(run.get("id").asString());
        JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20));
    }

    @Test
    void runWithoutAnyBuildableStackFailsAtOnceAndSendsNoJob() {
        ApiClient.Response response = new ApiClient(port)
                .postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"rpc-only\"]}}", null);

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        assertThat(response.json().get("status").asString()).isEqualTo("failed");
        UUID runId = UUID.fromString(response.json().get("id").asString());
        assertThat(count("dispatch_outbox", runId)).isZero();
        assertThat(jdbc.sql("SELECT failure FROM runs WHERE id = ?")
                        .param(runId)
                        .query(String.class)
                        .single())
                .contains("rpc-only does not support document-literal-wrapped");
    }

    @Test
    void unknownStackVersionIsRefusedByName() {
        ApiClient.Response response = new ApiClient(port)
                .postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf@9.9\"]}}", null);

        assertThat(response.status()).isEqualTo(422);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().at("/errors/0/field").asString()).isEqualTo("/stacks/0");
        assertThat(response.json().get("detail").asString()).contains("cxf").contains("9.9");
    }

    @Test
    void aReferenceMustNameOneOfTheStacksIsStoredWithItsVersionAndIsWhatTheSummaryComparesWith() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response refused = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\",\"cxf\"],\"reference\":\"metro\"}}",
                null);

        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.json().at("/errors/0/field").asString()).isEqualTo("/reference");
        assertThat(refused.json().get("detail").asString()).contains("'metro'").contains("gsoap@2.8.124");

        ApiClient.Response accepted = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"gsoap\",\"cxf@3.6.10\"],\"reference\":\"cxf\"}}",
                null);
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(201);
        UUID runId = UUID.fromString(accepted.json().get("id").asString());
        JsonNode job = ApiClient.JSON.readTree(
                JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20)).getBody());
        assertThat(schemas.validate(JsonSchemas.RUN_JOB, job)).isEmpty();
        assertThat(job.at("/workload/reference").asString()).isEqualTo("cxf@3.6.10");
        assertThat(job.at("/workload/repetitions").asInt()).isEqualTo(8);

        // gSOAP is twice as fast in every round, yet the workload's reference is what it is compared with.
        for (int round = 1; round <= 6; round++) {
            insertMeasurement(runId, "gsoap", "2.8.124", round, 2000 + 10 * round);
            insertMeasurement(runId, "cxf", "3.6.10", round, 1000 + 5 * round);
        }
        JsonNode cell = api.get("/api/v1/runs/" + runId, null).json().at("/summary/cells/0");
        assertThat(cell.get("reference").asString()).isEqualTo("cxf@3.6.10");
        assertThat(cell.get("referenceChosenBy").asString()).isEqualTo("workload");
        assertThat(cell.at("/comparisons/0/text").asString())
                .isEqualTo("gsoap@2.8.124 is faster than cxf@3.6.10 by 2.00× (95 % CI 2.00–2.00×, 6 paired rounds)");
    }

    private void insertMeasurement(UUID runId, String stack, String version, int round, double throughput) {
        String data = "{\"stack\":\"%s\",\"version\":\"%s\",\"repetition\":%d,\"throughput\":%s,\"requests\":2000,"
                        .formatted(stack, version, round, throughput)
                + "\"cell\":{\"operation\":\"echo\",\"security\":\"plain\",\"connections\":25,\"requests\":2000}}";
        jdbc.sql(
                        """
                        INSERT INTO measurements (run_id, stack_id, version, operation, security, connections, repetition,
                            requests, throughput, server_cpu_seconds, peak_rss_bytes, config_hash, histogram, data)
                        VALUES (?, ?, ?, 'echo', 'plain', 25, ?, 2000, ?, 1.0, 1, 'h', '\\x00'::bytea, ?::jsonb)""")
                .params(runId, stack, version, round, throughput, data)
                .update();
    }

    @Test
    void uploadsOverTheLimitAreRefusedWith413() {
        byte[] tooLarge = new byte[11 * 1024 * 1024];
        ApiClient.Response response = new ApiClient(port)
                .postMultipart(
                        "/api/v1/runs",
                        null,
                        ApiClient.Part.file("wsdl", "big.wsdl", tooLarge),
                        ApiClient.Part.text("workload", "{\"stacks\":[\"cxf\"]}"));

        assertThat(response.status()).isEqualTo(413);
        assertThat(response.body()).contains("10 MiB").doesNotContain("Exception");
    }

    private long count(String table, UUID runId) {
        return jdbc.sql("SELECT count(*) FROM " + table + " WHERE run_id = ?")
                .param(runId)
                .query(Long.class)
                .single();
    }
}
