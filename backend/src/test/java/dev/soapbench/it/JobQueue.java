package dev.soapbench.it;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/** Takes jobs off a job queue (bench.jobs.local unless named) as a worker would, skipping those of other tests' runs. */
final class JobQueue {

    static final String LOCAL = "bench.jobs.local";

    private JobQueue() {}

    static Message takeJobOf(RabbitTemplate rabbit, UUID runId, Duration timeout) {
        return takeJobOf(rabbit, LOCAL, runId, timeout);
    }

    static Message takeJobOf(RabbitTemplate rabbit, String queue, UUID runId, Duration timeout) {
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
        throw new AssertionError("no job for run " + runId + " on " + queue + " within " + timeout);
    }
}
