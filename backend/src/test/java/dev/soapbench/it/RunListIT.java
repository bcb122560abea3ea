package dev.soapbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** The runs list narrowed by stack, source, status, CI project and branch and day, with each run's verdict. */
class RunListIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    RabbitTemplate rabbit;

    @Test
    void filtersNarrowTheListAndEachEndedRunSaysItsVerdict() {
        ApiClient api = new ApiClient(port);
        String project = "acme/list-" + UUID.randomUUID();
        String cxfOnMain = submit(api, "echo", "cxf", project, "main");
        String gsoapOnMain = submit(api, "echo", "gsoap", project, "main");
        String gsoapOnBranch = submit(api, "hello-world", "gsoap", project, "feature/x");

        assertThat(ids(api, "?size=100&project=" + project)).containsExactly(gsoapOnBranch, gsoapOnMain, cxfOnMain);
        assertThat(ids(api, "?size=100&project=" + project + "&branch=main")).containsExactly(gsoapOnMain, cxfOnMain);
        assertThat(ids(api, "?size=100&project=" + project + "&stack=cxf")).containsExactly(cxfOnMain);
        assertThat(ids(api, "?size=100&project=" + project + "&source=hello")).containsExactly(gsoapOnBranch);
        assertThat(ids(api, "?size=100&project=" + project + "&source=catalog:echo"))
                .containsExactly(gsoapOnMain, cxfOnMain);
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        String tomorrow = LocalDate.now(ZoneOffset.UTC).plusDays(1).toString();
        assertThat(ids(api, "?size=100&project=" + project + "&from=" + today + "&until=" + today))
                .hasSize(3);
        assertThat(ids(api, "?size=100&project=" + project + "&from=" + tomorrow))
                .isEmpty();
        JsonNode page = api.get("/api/v1/runs?size=2&project=" + project, null).json();
        assertThat(page.get("total").asLong()).isEqualTo(3);
        assertThat(page.get("items")).hasSize(2);
        assertThat(page.at("/items/0/project").asString()).isEqualTo(project);
        JsonNode queued = line(api, project, gsoapOnMain);
        assertThat(queued.get("status").asString()).isEqualTo("queued");
        assertThat(queued.get("verdict").isNull())
                .as("a queued run has no verdict yet: %s", queued)
                .isTrue();

        // A run that ended without measuring says so in its line.
        UUID ended = UUID.fromString(cxfOnMain);
        JobQueue.takeJobOf(rabbit, ended, Duration.ofSeconds(20));
        new WorkerEvents(rabbit, ended, "worker-list-1").publish(1, "completed", "{}");
        Instant deadline = Instant.now().plusSeconds(15);
        JsonNode line = line(api, project, cxfOnMain);
        while (!"completed".equals(line.path("status").asString())
                && Instant.now().isBefore(deadline)) {
            sleep(200);
            line = line(api, project, cxfOnMain);
        }
        assertThat(line.get("verdict").asString()).isEqualTo("no measurements");
        assertThat(ids(api, "?size=100&project=" + project + "&status=completed"))
                .containsExactly(cxfOnMain);
    }

    @Test
    void aFilterOfAnotherShapeIsABadRequestNamingIt() {
        ApiClient api = new ApiClient(port);
        for (String query : List.of("?status=done", "?from=yesterday", "?stack=%3Cscript%3E", "?until=2026-13-01")) {
            ApiClient.Response refused = api.get("/api/v1/runs" + query, null);
            assertThat(refused.status()).as(query).isEqualTo(400);
            assertThat(refused.contentType()).startsWith("application/problem+json");
            assertThat(refused.body()).doesNotContain("Exception");
        }
    }

    private static String submit(ApiClient api, String catalog, String stack, String project, String branch) {
        ApiClient.Response response = api.postJson(
                "/api/v1/runs",
                "{\"catalog\":\"" + catalog + "\",\"workload\":{\"stacks\":[\"" + stack + "\"]},"
                        + "\"ci\":{\"project\":\"" + project + "\",\"branch\":\"" + branch + "\"}}",
                null);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("id").asString();
    }

    private static List<String> ids(ApiClient api, String query) {
        ApiClient.Response response = api.get("/api/v1/runs" + query, null);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        response.json().get("items").forEach(item -> ids.add(item.get("id").asString()));
        return ids;
    }

    private static JsonNode line(ApiClient api, String project, String id) {
        for (JsonNode item :
                api.get("/api/v1/runs?size=100&project=" + project, null).json().get("items")) {
            if (item.get("id").asString().equals(id)) {
                return item;
            }
        }
        throw new AssertionError("run " + id + " is not in the list");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
