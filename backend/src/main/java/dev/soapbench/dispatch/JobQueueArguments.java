package dev.soapbench.dispatch;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.ShutdownSignalException;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The arguments each job queue is declared with. The broker refuses to redeclare a quorum queue with
 * other arguments, and a policy cannot raise a delivery limit set as an argument (the lower wins),
 * so a queue created by an older backend with {@link #LEGACY_DELIVERY_LIMIT} is replaced here when it
 * is empty and nobody consumes it; otherwise it keeps its old arguments until a later start finds it
 * idle. Probed once at start-up on a connection of its own, before the topology is declared.
 */
@Component
class JobQueueArguments {

    private static final Logger log = LoggerFactory.getLogger(JobQueueArguments.class);

    /**
     * Only a guard against a job that kills every worker it reaches: workers count the attempts that
     * failed the job themselves (RunJob.attempt), and crashes or lost connections are not failures.
     */
    static final int DELIVERY_LIMIT = 20;

    static final int LEGACY_DELIVERY_LIMIT = 3;
    private static final int PRECONDITION_FAILED = 406;

    private final Environment environment;
    private final Map<String, Integer> limits = new ConcurrentHashMap<>();

    JobQueueArguments(Environment environment) {
        this.environment = environment;
    }

    /** The delivery limit in force on {@code queue}, probing (and replacing a legacy queue) on first use. */
    int deliveryLimit(String queue) {
        return limits.computeIfAbsent(queue, this::probe);
    }

    /** The limit of a queue this backend declared; never probes, as the name may come from a message. */
    int declaredLimit(String queue) {
        return limits.getOrDefault(queue, DELIVERY_LIMIT);
    }

    Map<String, Object> arguments(String queue) {
        return arguments(deliveryLimit(queue));
    }

    static Map<String, Object> arguments(int deliveryLimit) {
        Map<String, Object> arguments = new HashMap<>();
        arguments.put("x-queue-type", "quorum");
        arguments.put("x-dead-letter-exchange", Topology.DEAD_LETTER_EXCHANGE);
        arguments.put("x-delivery-limit", deliveryLimit);
        return arguments;
    }

    private int probe(String queue) {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(environment.getProperty("spring.rabbitmq.host", "127.0.0.1"));
        factory.setPort(environment.getProperty("spring.rabbitmq.port", Integer.class, 5672));
        factory.setUsername(environment.getProperty("spring.rabbitmq.username", "guest"));
        factory.setPassword(environment.getProperty("spring.rabbitmq.password", "guest"));
        factory.setVirtualHost(environment.getProperty("spring.rabbitmq.virtual-host", "/"));
        factory.setConnectionTimeout(5000);
        try (Connection connection = factory.newConnection("soapbench-topology-probe")) {
            if (declares(connection, queue, DELIVERY_LIMIT)) {
                return DELIVERY_LIMIT;
            }
            // The broker's if-empty/if-unused flags are not honoured by quorum queues of every
            // version, so the counts are checked here, just before the delete. The backend's own
            // outbox does not publish yet during start-up.
            AMQP.Queue.DeclareOk current;
            try (Channel channel = connection.createChannel()) {
                current = channel.queueDeclarePassive(queue);
            }
            if (current.getMessageCount() == 0 && current.getConsumerCount() == 0) {
                try (Channel channel = connection.createChannel()) {
                    channel.queueDelete(queue);
                }
                if (declares(connection, queue, DELIVERY_LIMIT)) {
                    log.info("Replaced the idle job queue {} to raise its delivery limit to {}", queue, DELIVERY_LIMIT);
                    return DELIVERY_LIMIT;
                }
            }
            log.warn(
                    "Job queue {} was created with the older delivery limit {} and holds {} jobs for {} consumers;"
                            + " it keeps that limit until a restart of the backend finds it empty and idle",
                    queue,
                    LEGACY_DELIVERY_LIMIT,
                    current.getMessageCount(),
                    current.getConsumerCount());
            return LEGACY_DELIVERY_LIMIT;
        } catch (IOException | TimeoutException | RuntimeException e) {
            log.warn("Could not probe job queue {} ({}); declaring it with the current arguments", queue, e.toString());
            return DELIVERY_LIMIT;
        }
    }

    /** Declares the queue with these arguments; false when it exists with others. */
    private static boolean declares(Connection connection, String queue, int deliveryLimit)
            throws IOException, TimeoutException {
        Channel channel = connection.createChannel();
        try {
            channel.queueDeclare(queue, true, false, false, arguments(deliveryLimit));
            channel.close();
            return true;
        } catch (IOException e) {
            if (isPreconditionFailed(e)) {
                return false;
            }
            throw e;
        }
    }

    private static boolean isPreconditionFailed(IOException e) {
        return e.getCause() instanceof ShutdownSignalException shutdown
                && shutdown.getReason() instanceof AMQP.Channel.Close close
                && close.getReplyCode() == PRECONDITION_FAILED;
    }
}
