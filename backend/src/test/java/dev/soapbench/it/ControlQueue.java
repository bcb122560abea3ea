package dev.soapbench.it;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.FanoutExchange;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/** Listens on bench.control the way a worker does: a queue of its own bound to the fanout. */
final class ControlQueue implements AutoCloseable {

    private final RabbitTemplate rabbit;
    private final RabbitAdmin admin;
    private final String queue;

    ControlQueue(RabbitTemplate rabbit) {
        this.rabbit = rabbit;
        this.admin = new RabbitAdmin(rabbit);
        // Exclusive but not auto-delete: receive() consumes and cancels, which would delete it.
        Queue own = new Queue("it.control." + UUID.randomUUID(), false, true, false);
        this.queue = admin.declareQueue(own);
        admin.declareBinding(BindingBuilder.bind(own).to(new FanoutExchange("bench.control")));
    }

    /** The next RunCancel for {@code runId}, skipping those of other runs. */
    Message awaitCancelOf(UUID runId, Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            Message message = rabbit.receive(queue, 500);
            if (message != null
                    && ApiClient.JSON
                            .readTree(message.getBody())
                            .path("runId")
                            .asString()
                            .equals(runId.toString())) {
                return message;
            }
        }
        throw new AssertionError("no RunCancel for run " + runId + " within " + timeout);
    }

    /** Whether a RunCancel for {@code runId} arrives within {@code wait}. */
    boolean receivesCancelOf(UUID runId, Duration wait) {
        try {
            awaitCancelOf(runId, wait);
            return true;
        } catch (AssertionError none) {
            return false;
        }
    }

    @Override
    public void close() {
        admin.deleteQueue(queue);
    }
}
