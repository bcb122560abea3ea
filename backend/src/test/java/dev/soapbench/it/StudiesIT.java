package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.common.JsonSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

class StudiesIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    RabbitTemplate rabbit;

    @Autowired
    JsonSchemas schemas;

    @Test
    void startingAStudySendsOneRunPerRunnableCellAndRecordsTheRestPending() throws Exception {
        ApiClient api = new ApiClient(port);

        ApiClient.Response started = api.postJson("/api/v1/studies/echo-check/runs", "{\"repetitions\":2}", null);

        assertThat(started.status()).as(started.body()).isEqualTo(201);
        JsonNode studyRun = started.json();
        UUID studyRunId = UUID.fromString(studyRun.get("id").asString());
        assertThat(started.location()).endsWith("/api/v1/study-runs/" + studyRunId);
        assertThat(studyRun.get("status").asString()).isEqualTo("queued");
        assertThat(studyRun.get("cells")
                        .valueStream()
                        .map(c -> c.get("id").asString() + "=" + c.get("status").asString()))
                .containsExactly(
                        "150b/plain/c2/quick=queued",
                        "150b/sign/c2/quick=pending",
                        "sample/plain/c2/quick=queued",
                        "sample/sign/c2/quick=pending");
        JsonNode pendingCell = studyRun.at("/cells/1");
        assertThat(pendingCell.get("runId").isNull()).isTrue();
        assertThat(pendingCell.get("reason").asString()).contains("no stack of the study supports sign");
        assertThat(pendingCell.at("/stacks/0/status").asString()).isEqualTo("pending");
        JsonNode plainCell = studyRun.at("/cells/0");
        assertThat(plainCell
                        .get("stacks")
                        .valueStream()
                        .map(s -> s.get("stack").asString() + "="
                                + s.get("status").asString()))
                .containsExactly("gsoap=pending", "rpc-only=unsupported", "metro=pending");
        assertThat(plainCell.at("/stacks/2/reason").asString()).isEqualTo("no runner for this stack on this server");
        assertThat(studyRun.at("/comparisons/0/status").asString()).isEqualTo("pending");
        assertThat(studyRun.at("/comparisons/1/status").asString()).isEqualTo("pending");

        List<UUID> runIds = jdbc.sql(
                        "SELECT run_id FROM study_run_cells WHERE study_run_id = ? AND run_id IS NOT NULL ORDER BY position")
                .param(studyRunId)
                .query(UUID.class)
                .list();
        assertThat(runIds).hasSize(2);
        assertThat(jdbc.sql("SELECT count(*) FROM study_run_cells WHERE study_run_id = ? AND state = 'pending'")
                        .param(studyRunId)
                        .query(Long.class)
                        .single())
                .isEqualTo(2);
        for (UUID runId : runIds) {
            assertThat(jdbc.sql("SELECT count(*) FROM dispatch_outbox WHERE run_id = ?")
                            .param(runId)
                            .query(Long.class)
                            .single())
                    .isEqualTo(1);
            assertThat(api.get("/api/v1/runs/" + runId, null)
                            .json()
                            .get("studyRunId")
                            .asString())
                    .isEqualTo(studyRunId.toString());
        }

        Message job = JobQueue.takeJobOf(rabbit, runIds.get(0), Duration.ofSeconds(20));
        JsonNode body = ApiClient.JSON.readTree(job.getBody());
        assertThat(schemas.validate(JsonSchemas.RUN_JOB, body)).isEmpty();
        assertThat(body.at("/workload/requests/dataset").asString()).isEqualTo("echo/150b");
        assertThat(body.at("/workload/security").toString()).isEqualTo("[\"plain\"]");
        assertThat(body.at("/workload/load/connections").asInt()).isEqualTo(2);
        assertThat(body.at("/workload/load/requests").asInt()).isEqualTo(50);
        assertThat(body.at("/workload/repetitions").asInt()).isEqualTo(2);
        assertThat(body.has("requestsDataset")).isFalse();
        assertThat(body.at("/samples/0/request").asString())
                .isEqualTo(Files.readString(Path.of("src/test/resources/datasets/echo/150b/echo.request.xml")));
        assertThat(body.get("stacks").toString()).contains("gsoap").doesNotContain("rpc-only");

        JsonNode again = api.get("/api/v1/study-runs/" + studyRunId, null).json();
        assertThat(again.get("cells")).hasSize(4);
        JsonNode study = api.get("/api/v1/studies/echo-check", null).json();
        assertThat(study.get("name").asString()).isEqualTo("Echo check");
        assertThat(study.at("/matrix/stacks").size()).isEqualTo(3);
        assertThat(study.at("/latestRun/id").asString()).isEqualTo(studyRunId.toString());
        JsonNode list = api.get("/api/v1/studies", null).json();
        assertThat(list.valueStream().map(s -> s.get("id").asString())).contains("echo-check");
    }

    @Test
    void aProbeRunsTheMatrixWithItsOneChangeAndIsSetBesideEachClaimOfTheStudysOwnRun() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response own = api.postJson("/api/v1/studies/echo-check/runs", "{\"repetitions\":1}", null);
        assertThat(own.status()).as(own.body()).isEqualTo(201);

        ApiClient.Response probed = api.postJson(
                "/api/v1/studies/echo-check/runs", "{\"repetitions\":1,\"probe\":\"native-clients\"}", null);

        assertThat(probed.status()).as(probed.body()).isEqualTo(201);
        assertThat(probed.json().at("/probe/id").asString()).isEqualTo("native-clients");
        assertThat(probed.json().get("driver").asString()).isEqualTo("native");
        assertThat(own.json().get("driver").asString()).isEqualTo("neutral");
        JsonNode study = api.get("/api/v1/studies/echo-check", null).json();
        assertThat(study.at("/latestRun/id").asString())
                .as("a probe's run is never the study's own latest run")
                .isEqualTo(own.json().get("id").asString());
        JsonNode finding = study.at("/latestRun/comparisons/0/probes/0");
        assertThat(finding.get("probe").asString()).isEqualTo("native-clients");
        assertThat(finding.get("studyRunId").asString())
                .isEqualTo(probed.json().get("id").asString());
        assertThat(finding.get("accounts").asString()).isEqualTo("unknown");
        assertThat(finding.get("finding").asString()).startsWith("not measured yet");
        assertThat(api.get("/api/v1/studies/echo-check/estimate?probe=native-clients", null)
                        .status())
                .isEqualTo(200);

        ApiClient.Response unknown =
                api.postJson("/api/v1/studies/echo-check/runs", "{\"probe\":\"faster-disks\"}", null);
        assertThat(unknown.status()).isEqualTo(422);
        assertThat(unknown.json().get("detail").asString()).contains("its probes: native-clients");
        assertThat(unknown.json().at("/errors/0/field").asString()).isEqualTo("/probe");
    }

    @Test
    void theEstimateNamesTheLastStudyRunThatCompletedTheSameCellsAndWhatItTook() {
        ApiClient api = new ApiClient(port);
        String estimate = "/api/v1/studies/echo-check/estimate";
        ApiClient.Response started = api.postJson("/api/v1/studies/echo-check/runs", "{}", null);
        assertThat(started.status()).as(started.body()).isEqualTo(201);
        String studyRunId = started.json().get("id").asString();
        List<UUID> runIds = jdbc.sql("SELECT run_id FROM study_run_cells WHERE study_run_id = ? AND run_id IS NOT NULL")
                .param(UUID.fromString(studyRunId))
                .query(UUID.class)
                .list();
        assertThat(runIds).hasSize(2);

        // Under way, it says nothing of how long the whole takes.
        assertThat(lastRunOf(api.get(estimate, null))).doesNotContain(studyRunId);

        for (UUID runId : runIds) {
            jdbc.sql(
                            """
                            UPDATE runs SET status = 'completed', started_at = now() - interval '150 seconds',
                                finished_at = now() - interval '50 seconds' WHERE id = ?""")
                    .param(runId)
                    .update();
        }
        ApiClient.Response same = api.get(estimate, null);
        assertThat(same.status()).isEqualTo(200);
        assertThat(same.json().at("/lastRun/studyRunId").asString()).isEqualTo(studyRunId);
        assertThat(same.json().at("/lastRun/workerSeconds").asLong()).isEqualTo(200);
        assertThat(same.json().at("/lastRun/finishedAt").asString()).isNotBlank();
        assertThat(same.json().get("workerSeconds").asLong()).isGreaterThan(200);

        // A newer study run that has not completed leaves the figure to the one that did.
        assertThat(api.postJson("/api/v1/studies/echo-check/runs", "{}", null).status())
                .isEqualTo(201);
        assertThat(api.get(estimate, null).json().at("/lastRun/studyRunId").asString())
                .isEqualTo(studyRunId);

        // Other repetitions or a probe are other cells: the completed run does not speak for them.
        assertThat(lastRunOf(api.get(estimate + "?repetitions=7", null))).doesNotContain(studyRunId);
        assertThat(lastRunOf(api.get(estimate + "?probe=native-clients", null))).doesNotContain(studyRunId);

        // Nor does a run of a stack at another version than the one a start would build now.
        jdbc.sql("UPDATE runs SET workload = jsonb_set(workload, '{stacks,0}', '\"gsoap@0.1\"') WHERE id = ?")
                .param(runIds.get(0))
                .update();
        assertThat(lastRunOf(api.get(estimate, null))).doesNotContain(studyRunId);
    }

    private static String lastRunOf(ApiClient.Response estimate) {
        assertThat(estimate.status()).as(estimate.body()).isEqualTo(200);
        assertThat(estimate.json().has("lastRun")).isTrue();
        return estimate.json().get("lastRun").toString();
    }

    @Test
    void anAnonymousStarterCancelsTheStudyRunWithItsManageTokenAndNobodyElseCan() {
        ApiClient api = new ApiClient(port);
        ApiClient.Response started = api.postJson("/api/v1/studies/echo-check/runs", "{\"repetitions\":1}", null);
        assertThat(started.status()).as(started.body()).isEqualTo(201);
        String manageToken = started.json().get("manageToken").asString();
        assertThat(manageToken).startsWith("rm_");
        String cancel = "/api/v1/study-runs/" + started.json().get("id").asString() + "/cancel";

        ApiClient.Response stranger = api.postAction(cancel, null, null, null);
        assertThat(stranger.status()).isEqualTo(403);
        assertThat(stranger.json().get("detail").asString()).contains("Only the owner");
        assertThat(api.postAction(cancel, null, "X-Run-Manage-Token", manageToken + "x")
                        .status())
                .isEqualTo(403);
        assertThat(api.postAction("/api/v1/study-runs/" + UUID.randomUUID() + "/cancel", null, null, null)
                        .status())
                .isEqualTo(404);

        ApiClient.Response cancelled = api.postAction(cancel, null, "X-Run-Manage-Token", manageToken);

        assertThat(cancelled.status()).as(cancelled.body()).isEqualTo(200);
        JsonNode studyRun = cancelled.json();
        assertThat(studyRun.get("status").asString()).isEqualTo("cancelled");
        assertThat(studyRun.has("manageToken")).isFalse();
        assertThat(studyRun.get("cells")
                        .valueStream()
                        .map(c -> c.get("id").asString() + "=" + c.get("status").asString()))
                .containsExactly(
                        "150b/plain/c2/quick=cancelled",
                        "150b/sign/c2/quick=pending",
                        "sample/plain/c2/quick=cancelled",
                        "sample/sign/c2/quick=pending");
        String cellRun = studyRun.at("/cells/0/runId").asString();
        JsonNode run = api.get("/api/v1/runs/" + cellRun, null).json();
        assertThat(run.get("status").asString()).isEqualTo("cancelled");
        assertThat(run.get("failure").asString()).contains("cancelled with its study run by its owner");
        assertThat(studyRun.at("/comparisons/0/status").asString()).isNotEqualTo("pending");

        ApiClient.Response again = api.postAction(cancel, null, "X-Run-Manage-Token", manageToken);
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().get("detail").asString()).contains("has already ended: it is cancelled");
    }

    @Test
    void aStudyRunStartedWithATokenIsCancelledWithThatToken() {
        ApiClient api = new ApiClient(port);
        String token = api.createToken("study-cancel");
        ApiClient.Response started = api.postJson("/api/v1/studies/echo-check/runs", "{\"repetitions\":1}", token);
        assertThat(started.status()).as(started.body()).isEqualTo(201);
        assertThat(started.json().has("manageToken"))
                .as("a token is its own owner")
                .isFalse();
        String cancel = "/api/v1/study-runs/" + started.json().get("id").asString() + "/cancel";

        assertThat(api.postAction(cancel, api.createToken("someone-else"), null, null)
                        .status())
                .isEqualTo(403);
        ApiClient.Response cancelled = api.postAction(cancel, token, null, null);

        assertThat(cancelled.status()).as(cancelled.body()).isEqualTo(200);
        assertThat(cancelled.json().get("status").asString()).isEqualTo("cancelled");
    }

    @Test
    void unknownStudiesAndStudyRunsAreNotFoundAndBadOptionsAreRefused() {
        ApiClient api = new ApiClient(port);

        assertThat(api.postJson("/api/v1/studies/nope/runs", "{}", null).status())
                .isEqualTo(404);
        assertThat(api.get("/api/v1/study-runs/" + UUID.randomUUID(), null).status())
                .isEqualTo(404);
        assertThat(api.get("/api/v1/study-runs/not-a-uuid", null).status()).isEqualTo(404);
        ApiClient.Response refused = api.postJson("/api/v1/studies/echo-check/runs", "{\"repetitions\":0}", null);
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().at("/errors/0/field").asString()).isEqualTo("/repetitions");
    }
}
