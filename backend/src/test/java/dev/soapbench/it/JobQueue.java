package dev.soapbench.it;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/** Takes jobs off bench.jobs.local as a worker would, skipping those of other tests' runs. */
final class JobQueue {

    static final String LOCAL = "bench.jobs.local";

    private JobQueue() {}

    static Message takeJobOf(RabbitTemplate rabbit, UUID runId, Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            Message message = rabbit.receive(LOCAL, 500);
            if (message != null
                    && ApiClient.JSON
                            .readTree(message.getBody())
                            .path("runId")
                            .asString()
                            .equals(runId.toString())) {
                return message;
            }
        }
        throw new AssertionError("no job for run " + runId + " on " + LOCAL + " within " + timeout);
    }
}
