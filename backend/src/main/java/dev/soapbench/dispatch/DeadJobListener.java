package dev.soapbench.dispatch;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** Jobs the broker gave up on (rejected, or redelivered past the limit) fail their run with the reason. */
@Component
class DeadJobListener {

    private static final Logger log = LoggerFactory.getLogger(DeadJobListener.class);

    private final ObjectMapper json;
    private final ApplicationEventPublisher events;

    DeadJobListener(ObjectMapper json, ApplicationEventPublisher events) {
        this.json = json;
        this.events = events;
    }

    @RabbitListener(queues = Topology.DEAD_JOBS_QUEUE)
    void onDeadJob(Message message) {
        UUID runId;
        try {
            JsonNode job = json.readTree(new String(message.getBody(), StandardCharsets.UTF_8));
            runId = UUID.fromString(job.path("runId").asString());
        } catch (JacksonException | IllegalArgumentException e) {
            log.warn("Dropping a dead-lettered message that is not a RunJob: {}", e.getMessage());
            return;
        }
        String reason = describe(message.getMessageProperties().getHeaders());
        log.warn("Job for run {} was dead-lettered: {}", runId, reason);
        events.publishEvent(new JobDeadLettered(runId, reason));
    }

    static String describe(Map<String, Object> headers) {
        Object why = headers.get("x-first-death-reason");
        Object queue = headers.get("x-first-death-queue");
        if (why == null
                && headers.get("x-death") instanceof List<?> deaths
                && !deaths.isEmpty()
                && deaths.get(0) instanceof Map<?, ?> death) {
            why = death.get("reason");
            queue = death.get("queue");
        }
        String from = queue == null ? "its job queue" : String.valueOf(queue);
        return switch (String.valueOf(why)) {
            case "delivery_limit" -> "the job was dead-lettered from " + from + ": workers took it "
                    + Topology.DELIVERY_LIMIT + " times without finishing it";
            case "rejected" -> "the job was dead-lettered from " + from + ": a worker rejected it";
            case "expired" -> "the job was dead-lettered from " + from + ": it expired before a worker took it";
            default -> "the job was dead-lettered from " + from + " (" + why + ")";
        };
    }
}
