package dev.soapbench.it;

import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Tests against the real PostgreSQL and RabbitMQ that {@code make test} starts; their coordinates
 * come from SOAPBENCH_TEST_* variables (see {@link TestServers}). Without them the tests are skipped.
 * All subclasses share one application context, so one backend consumes the test broker's queues.
 */
@EnabledIfEnvironmentVariable(
        named = "SOAPBENCH_TEST_DB_URL",
        matches = ".+",
        disabledReason =
                "needs PostgreSQL and RabbitMQ: run `make test`, or set SOAPBENCH_TEST_DB_URL and SOAPBENCH_TEST_AMQP_PORT")
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "soapbench.stacks-dir=src/test/resources/stack-runners",
            "soapbench.stack-schema=../stack-runners/stack.schema.json",
            "soapbench.rate-limit.burst=10000",
            // Every test submits from 127.0.0.1: the suite would use up one address's quota of worker
            // time. The quota has its own test (limits/WorkQuotaIT).
            "soapbench.limits.work-quota=PT10000H",
            // Likewise the tokens minted from 127.0.0.1 in one hour.
            "soapbench.limits.tokens-per-hour=1000",
            "soapbench.catalog-dir=../wsdl-catalog",
            "soapbench.studies-dir=src/test/resources/studies",
            "soapbench.study-schema=../studies/study.schema.json",
            "soapbench.datasets-dir=src/test/resources/datasets",
            "soapbench.ui-dir=target/no-ui",
            "soapbench.outbox-poll-interval=PT0.2S",
            // Short enough for the watchdog tests; the other tests finish their runs in seconds.
            "soapbench.watchdog.interval=PT0.5S",
            "soapbench.watchdog.silent-after=PT2S",
            "soapbench.watchdog.fail-after=PT8S",
            "soapbench.watchdog.cancel-timeout=PT3S",
            // it-boards, it-queue: classes of the leaderboard and queue tests alone, idle whatever runs
            // the others leave queued.
            "soapbench.hardware-classes=local,it-boards,it-queue",
            "soapbench.leaderboards.automatic=false",
            "soapbench.leaderboards.tick=PT0.3S",
            "soapbench.leaderboards.operator-token=it-operator-secret",
            "server.address=127.0.0.1"
        })
abstract class IntegrationTest {

    @DynamicPropertySource
    static void servers(DynamicPropertyRegistry registry) {
        TestServers.register(registry);
    }
}
