package dev.soapbench.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.amqp.autoconfigure.RabbitProperties;

/** Provisions a worker user on the test broker through its real management API, then uses it. */
class WorkerBrokerUsersIT {

    static String amqpPort = System.getenv("SOAPBENCH_TEST_AMQP_PORT");
    static String managementPort = System.getenv("SOAPBENCH_TEST_AMQP_MANAGEMENT_PORT");

    @BeforeAll
    static void needsBroker() {
        assumeTrue(
                amqpPort != null && managementPort != null,
                "SOAPBENCH_TEST_AMQP_PORT and SOAPBENCH_TEST_AMQP_MANAGEMENT_PORT are not set (make -C backend test sets them)");
    }

    @Test
    void aWorkerUserConsumesItsClassAndPublishesEventsOnly() throws Exception {
        String password = UUID.randomUUID().toString();
        var environment = Map.of(
                WorkerBrokerUsers.ENV_PREFIX + "IT_CLASS",
                "{\"username\": \"worker-it\", \"password\": \"" + password + "\"}");
        RabbitProperties admin = new RabbitProperties();
        admin.setUsername("soapbench");
        admin.setPassword("soapbench");
        new WorkerBrokerUsers("http://127.0.0.1:" + managementPort, admin, environment).run(null);

        try (Connection adminConnection = connect("soapbench", "soapbench");
                Connection worker = connect("worker-it", password)) {
            Channel setup = adminConnection.createChannel();
            setup.exchangeDeclare("bench.jobs", "direct", true);
            setup.exchangeDeclare("bench.events", "topic", true);
            setup.queueDeclare("bench.jobs.it-class", true, false, false, Map.of("x-queue-type", "quorum"));
            setup.queueDeclare("bench.jobs.other-class", true, false, false, Map.of("x-queue-type", "quorum"));

            Channel allowed = worker.createChannel();
            assertThat(allowed.basicConsume("bench.jobs.it-class", false, (tag, d) -> {}, tag -> {}))
                    .isNotBlank();
            allowed.confirmSelect();
            allowed.basicPublish("bench.events", "run.x", null, "{}".getBytes());
            allowed.waitForConfirmsOrDie(5_000);

            assertThatThrownBy(() -> worker.createChannel()
                            .basicConsume("bench.jobs.other-class", false, (tag, d) -> {}, tag -> {}))
                    .hasStackTraceContaining("ACCESS_REFUSED");
            assertThatThrownBy(() -> {
                        Channel publishJob = worker.createChannel();
                        publishJob.confirmSelect();
                        publishJob.basicPublish("bench.jobs", "it-class", null, "{}".getBytes());
                        publishJob.waitForConfirmsOrDie(5_000);
                    })
                    .hasStackTraceContaining("ACCESS_REFUSED");
        }
    }

    @Test
    void aClassNameThatIsNoPlainWordIsRefused() {
        assertThatThrownBy(() -> WorkerBrokerUsers.configured(
                        Map.of(WorkerBrokerUsers.ENV_PREFIX + "A|B", "{\"username\": \"u\", \"password\": \"p\"}")))
                .hasMessageContaining("hardware class 'a|b'");
    }

    private static Connection connect(String user, String password) throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost("127.0.0.1");
        factory.setPort(Integer.parseInt(amqpPort));
        factory.setUsername(user);
        factory.setPassword(password);
        return factory.newConnection();
    }
}
