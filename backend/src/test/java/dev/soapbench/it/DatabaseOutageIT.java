package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Stops the tests' own PostgreSQL (scripts/postgres.sh, as `make test` started it) under the
 * running backend: requests get a quick 503 with Retry-After, a worker's event sent meanwhile is
 * applied once the database is back, and the API recovers without a restart. A database that
 * answers while every pooled connection is at work is no outage: requests wait their turn.
 */
class DatabaseOutageIT extends IntegrationTest {

    private static final Path POSTGRES_SH = Path.of("../scripts/postgres.sh");

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Autowired
    DataSource dataSource;

    @Test
    void withPostgresDownTheApiAnswers503QuicklyAndRecoversWhenItIsBack() throws Exception {
        String pgDir = System.getenv("SOAPBENCH_TEST_PG_DIR");
        String pgPort = System.getenv("SOAPBENCH_TEST_PG_PORT");
        assumeTrue(
                pgDir != null && pgPort != null && Files.isExecutable(POSTGRES_SH),
                "needs SOAPBENCH_TEST_PG_DIR and SOAPBENCH_TEST_PG_PORT (set by `make -C backend test`) to stop and"
                        + " restart the test PostgreSQL");
        ApiClient api = new ApiClient(port);
        UUID runId = Runs.submitEcho(api, null);
        JobQueue.takeJobOf(rabbit, runId, Duration.ofSeconds(20));

        postgres("stop", pgDir);
        try {
            Instant asked = Instant.now();
            ApiClient.Response down = api.get("/api/v1/runs", null);
            Duration took = Duration.between(asked, Instant.now());
            assertThat(down.status()).as(down.body()).isEqualTo(503);
            assertThat(down.contentType()).startsWith("application/problem+json");
            assertThat(down.retryAfter()).isEqualTo("5");
            assertThat(down.body()).doesNotContain("Exception").doesNotContain("jdbc");
            assertThat(took).as("answered within 2 s").isLessThan(Duration.ofSeconds(2));

            asked = Instant.now();
            ApiClient.Response submit =
                    api.postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\"]}}", null);
            took = Duration.between(asked, Instant.now());
            assertThat(submit.status()).as(submit.body()).isEqualTo(503);
            assertThat(submit.retryAfter()).isEqualTo("5");
            assertThat(took).as("submission answered within 2 s").isLessThan(Duration.ofSeconds(2));

            asked = Instant.now();
            ApiClient.Response view = api.get("/api/v1/runs/" + runId, null);
            took = Duration.between(asked, Instant.now());
            assertThat(view.status()).as(view.body()).isEqualTo(503);
            assertThat(took).as("run page answered within 2 s").isLessThan(Duration.ofSeconds(2));

            // A worker's event arriving during the outage must wait in the queue, not be dropped.
            new WorkerEvents(rabbit, runId, "worker-outage")
                    .publish(
                            1,
                            "accepted",
                            "{\"hardwareClass\":\"local\",\"fingerprint\":" + WorkerEvents.FINGERPRINT + "}");
            Runs.sleep(3000);
        } finally {
            postgres("start", pgDir, pgPort, "--fast");
        }

        Instant deadline = Instant.now().plusSeconds(20);
        ApiClient.Response back = api.get("/api/v1/runs", null);
        while (back.status() != 200 && Instant.now().isBefore(deadline)) {
            Runs.sleep(200);
            back = api.get("/api/v1/runs", null);
        }
        assertThat(back.status())
                .as("recovered without a restart: " + back.body())
                .isEqualTo(200);
        JsonNode run = Runs.awaitStatus(api, runId, "running", Duration.ofSeconds(20));
        assertThat(run.get("status").asString())
                .as("the event sent during the outage")
                .isEqualTo("running");
        assertThat(run.get("workerId").asString()).isEqualTo("worker-outage");
    }

    @Test
    void withEveryConnectionAtWorkRequestsWaitTheirTurnInsteadOfFailing() throws Exception {
        ApiClient api = new ApiClient(port);
        HikariDataSource pool = dataSource.unwrap(HikariDataSource.class);
        List<Connection> held = new ArrayList<>();
        CompletableFuture<ApiClient.Response> read;
        CompletableFuture<ApiClient.Response> submit;
        Instant asked;
        Duration hold = Duration.ofMillis(2500);
        try {
            // Straight from the pool, past the queue: taken until the pool's own 1 s timeout says that
            // none is left (the change feed keeps one, background work may hold others a moment).
            while (true) {
                try {
                    held.add(pool.getConnection());
                } catch (SQLTransientConnectionException none) {
                    break;
                }
            }
            assertThat(pool.getHikariPoolMXBean().getIdleConnections()).isZero();
            asked = Instant.now();
            // A page size no other test asks for, so no kept page answers it.
            read = CompletableFuture.supplyAsync(() -> api.get("/api/v1/runs?size=97", null));
            submit = CompletableFuture.supplyAsync(() ->
                    api.postJson("/api/v1/runs", "{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\"]}}", null));
            Runs.sleep(hold.toMillis());
            assertThat(read)
                    .as("still waiting for a connection, more than the pool's timeout later")
                    .isNotDone();
            assertThat(submit).as("still waiting for a connection").isNotDone();
        } finally {
            for (Connection connection : held) {
                connection.close();
            }
        }
        ApiClient.Response page = read.get(30, TimeUnit.SECONDS);
        Duration took = Duration.between(asked, Instant.now());
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        assertThat(took).isGreaterThanOrEqualTo(hold);
        ApiClient.Response created = submit.get(30, TimeUnit.SECONDS);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
    }

    private static void postgres(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(POSTGRES_SH.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).inheritIO().start();
        if (!process.waitFor(90, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("postgres.sh " + String.join(" ", args) + " failed");
        }
    }
}
