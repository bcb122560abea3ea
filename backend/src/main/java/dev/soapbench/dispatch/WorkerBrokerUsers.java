package dev.soapbench.dispatch;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.amqp.autoconfigure.RabbitProperties;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Gives every hardware class's workers a broker user of their own, through RabbitMQ's management
 * API, when the deployment names one ({@code SOAPBENCH_BROKER_MANAGEMENT_URL} and one
 * {@code SOAPBENCH_WORKER_BROKER_USER_<CLASS>} secret per class). Workers run code generated from
 * uploads on their machines, so their user may consume its class's jobs, bind a control queue of
 * its own and publish events, and nothing else. scripts/rabbitmq.sh gives local brokers the same
 * permissions.
 */
@Component
class WorkerBrokerUsers implements ApplicationRunner {

    static final String ENV_PREFIX = "SOAPBENCH_WORKER_BROKER_USER_";
    private static final Pattern CLASS = Pattern.compile("[a-z0-9][a-z0-9-]{0,62}");
    private static final Logger log = LoggerFactory.getLogger(WorkerBrokerUsers.class);

    /** One worker user: its hardware class and credentials. */
    record WorkerUser(String hardwareClass, String username, String password) {

        WorkerUser {
            if (!CLASS.matcher(hardwareClass).matches()) {
                throw new IllegalArgumentException(
                        "hardware class '" + hardwareClass + "': lowercase letters, digits, '-'");
            }
        }

        /** The configure, write and read permissions, as regular expressions over resource names. */
        List<String> permissions() {
            return List.of(
                    "^amq\\.gen-.*$",
                    "^(bench\\.events|amq\\.gen-.*)$",
                    "^(bench\\.jobs\\." + hardwareClass + "|bench\\.control|amq\\.gen-.*)$");
        }
    }

    private final String managementUrl;
    private final RabbitProperties rabbit;
    private final Map<String, String> environment;
    private final HttpClient http = HttpClient.newBuilder()
            // The management API (Cowboy) drops a PUT that asks to upgrade to h2c.
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    @Autowired
    WorkerBrokerUsers(RabbitProperties rabbit) {
        this(System.getenv("SOAPBENCH_BROKER_MANAGEMENT_URL"), rabbit, System.getenv());
    }

    WorkerBrokerUsers(String managementUrl, RabbitProperties rabbit, Map<String, String> environment) {
        this.managementUrl = managementUrl == null ? "" : managementUrl.replaceAll("/+$", "");
        this.rabbit = rabbit;
        this.environment = environment;
    }

    @Override
    public void run(ApplicationArguments args) throws IOException, InterruptedException {
        List<WorkerUser> users = configured(environment);
        if (managementUrl.isEmpty() || users.isEmpty()) {
            return;
        }
        for (WorkerUser user : users) {
            ensure(user);
            log.info("broker user {} may consume bench.jobs.{} only", user.username(), user.hardwareClass());
        }
    }

    /** Reads {@code SOAPBENCH_WORKER_BROKER_USER_<CLASS>} = {"username": ..., "password": ...}. */
    static List<WorkerUser> configured(Map<String, String> environment) {
        return environment.entrySet().stream()
                .filter(e -> e.getKey().startsWith(ENV_PREFIX))
                .map(e -> {
                    String hardwareClass = e.getKey()
                            .substring(ENV_PREFIX.length())
                            .toLowerCase()
                            .replace('_', '-');
                    var secret = JsonMapper.builder().build().readTree(e.getValue());
                    return new WorkerUser(
                            hardwareClass,
                            secret.path("username").asString(),
                            secret.path("password").asString());
                })
                .sorted((a, b) -> a.hardwareClass().compareTo(b.hardwareClass()))
                .toList();
    }

    void ensure(WorkerUser user) throws IOException, InterruptedException {
        var json = JsonMapper.builder().build();
        String name = URLEncoder.encode(user.username(), StandardCharsets.UTF_8);
        String vhost = URLEncoder.encode(
                rabbit.getVirtualHost() == null ? "/" : rabbit.getVirtualHost(), StandardCharsets.UTF_8);
        put("/api/users/" + name, json.writeValueAsString(Map.of("password", user.password(), "tags", "")));
        List<String> p = user.permissions();
        put(
                "/api/permissions/" + vhost + "/" + name,
                json.writeValueAsString(Map.of("configure", p.get(0), "write", p.get(1), "read", p.get(2))));
    }

    private void put(String path, String body) throws IOException, InterruptedException {
        String credentials = rabbit.getUsername() + ":" + rabbit.getPassword();
        HttpRequest request = HttpRequest.newBuilder(URI.create(managementUrl + path))
                .timeout(Duration.ofSeconds(30))
                .header(
                        "Authorization",
                        "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)))
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            // The workers of that class could not connect: better to stop than to run without them.
            throw new IllegalStateException("RabbitMQ management API refused PUT " + path.replaceAll("/[^/]*$", "/…")
                    + ": HTTP " + response.statusCode());
        }
    }
}
