package dev.soapbench.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.springframework.mock.env.MockEnvironment;

/** Against the test RabbitMQ of `make test`: queues made by an older backend with delivery limit 3. */
@EnabledIfEnvironmentVariable(
        named = "SOAPBENCH_TEST_AMQP_PORT",
        matches = ".+",
        disabledReason = "needs RabbitMQ: run `make -C backend test`")
class JobQueueArgumentsIT {

    private final String queue = "bench.jobs.legacy-" + UUID.randomUUID();
    private Connection connection;
    private JobQueueArguments arguments;

    @BeforeEach
    void connect() throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setPort(Integer.parseInt(System.getenv("SOAPBENCH_TEST_AMQP_PORT")));
        factory.setUsername("soapbench");
        factory.setPassword("soapbench");
        connection = factory.newConnection();
        MockEnvironment environment = new MockEnvironment()
                .withProperty("spring.rabbitmq.port", System.getenv("SOAPBENCH_TEST_AMQP_PORT"))
                .withProperty("spring.rabbitmq.username", "soapbench")
                .withProperty("spring.rabbitmq.password", "soapbench");
        arguments = new JobQueueArguments(environment);
    }

    @AfterEach
    void cleanUp() throws Exception {
        try (Channel channel = connection.createChannel()) {
            channel.queueDelete(queue);
        }
        connection.close();
    }

    @Test
    void anEmptyIdleLegacyQueueIsReplacedWithTheRaisedLimit() throws Exception {
        try (Channel channel = connection.createChannel()) {
            channel.queueDeclare(queue, true, false, false, JobQueueArguments.arguments(3));
        }

        assertThat(arguments.deliveryLimit(queue)).isEqualTo(JobQueueArguments.DELIVERY_LIMIT);
        try (Channel channel = connection.createChannel()) {
            // Redeclaring with the new arguments is accepted only if the queue has them.
            channel.queueDeclare(queue, true, false, false, JobQueueArguments.arguments(20));
        }
    }

    @Test
    void aLegacyQueueHoldingJobsKeepsItsLimitAndItsJobs() throws Exception {
        try (Channel channel = connection.createChannel()) {
            channel.queueDeclare(queue, true, false, false, JobQueueArguments.arguments(3));
            channel.confirmSelect();
            channel.basicPublish("", queue, null, "{}".getBytes(StandardCharsets.UTF_8));
            channel.waitForConfirmsOrDie(5000);
        }

        assertThat(arguments.deliveryLimit(queue)).isEqualTo(JobQueueArguments.LEGACY_DELIVERY_LIMIT);
        try (Channel channel = connection.createChannel()) {
            assertThat(channel.queueDeclarePassive(queue).getMessageCount()).isEqualTo(1);
        }
    }

    @Test
    void aNewQueueGetsTheRaisedLimit() {
        assertThat(arguments.deliveryLimit(queue)).isEqualTo(JobQueueArguments.DELIVERY_LIMIT);
    }
}
