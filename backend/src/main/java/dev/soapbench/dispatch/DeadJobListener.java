package dev.soapbench.dispatch;

import dev.soapbench.common.DatabaseOutages;
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
    private final JobQueueArguments jobQueues;

    DeadJobListener(ObjectMapper json, ApplicationEventPublisher events, JobQueueArguments jobQueues) {
        this.json = json;
        this.events = events;
        this.jobQueues = jobQueues;
    }

    @RabbitListener(queues = Topology.DEAD_JOBS_QUEUE)
    void onDeadJob(Message message) {
        UUID runId;
        int attempt;
        try {
            JsonNode job = json.readTree(new String(message.getBody(), StandardCharsets.UTF_8));
            runId = UUID.fromString(job.path("runId").asString());
            attempt = job.path("attempt").asInt(1);
        } catch (JacksonException | IllegalArgumentException e) {
            log.warn("Dropping a dead-lettered message that is not a RunJob: {}", e.getMessage());
            return;
        }
        Map<String, Object> headers = message.getMessageProperties().getHeaders();
        String queue = String.valueOf(firstDeath(headers).get("queue"));
        String reason = describe(headers, attempt, jobQueues.declaredLimit(queue));
        log.warn("Job for run {} was dead-lettered: {}", runId, reason);
        try {
            events.publishEvent(new JobDeadLettered(runId, reason));
        } catch (RuntimeException e) {
            // Back to the queue: the run is failed once the database answers again.
            DatabaseOutages.pauseIfOutage(e);
            throw e;
        }
    }

    /**
     * Why the broker gave the job up, in words for the run's owner. Deliveries that ended without a
     * result (a worker crashed or lost its connection, the broker restarted) are told apart from
     * attempts that failed the job, which the workers count in RunJob.attempt.
     */
    static String describe(Map<String, Object> headers, int attempt, int deliveryLimit) {
        Map<?, ?> death = firstDeath(headers);
        Object why = headers.getOrDefault("x-first-death-reason", death.get("reason"));
        Object queue = headers.getOrDefault("x-first-death-queue", death.get("queue"));
        String from = queue == null ? "its job queue" : String.valueOf(queue);
        long deliveries = deliveries(headers, deliveryLimit);
        String failedAttempts = attempt <= 1 ? "" : "; " + (attempt - 1) + " earlier attempts failed";
        return switch (String.valueOf(why)) {
            case "delivery_limit" -> "the job was dead-lettered from " + from + ": the broker handed it out "
                    + deliveries + " times and no delivery ended (each time the worker crashed, lost its connection"
                    + " or the broker restarted; the guard allows " + deliveryLimit + " redeliveries)"
                    + failedAttempts;
            case "rejected" -> "the job was dead-lettered from " + from + ": a worker rejected it in attempt " + attempt
                    + (deliveries > 1 ? " (delivered " + deliveries + " times)" : "");
            case "expired" -> "the job was dead-lettered from " + from + ": it expired before a worker took it";
            default -> "the job was dead-lettered from " + from + " (" + why + ")";
        };
    }

    /**
     * How often the broker handed the job out. A quorum queue counts every return in x-delivery-count
     * and dead-letters past the limit, so without the header that is limit + 1 deliveries.
     */
    static long deliveries(Map<String, Object> headers, int deliveryLimit) {
        Object why =
                headers.getOrDefault("x-first-death-reason", firstDeath(headers).get("reason"));
        long counted = headers.get("x-delivery-count") instanceof Number count ? count.longValue() + 1 : 1;
        return "delivery_limit".equals(String.valueOf(why)) ? Math.max(counted, deliveryLimit + 1L) : counted;
    }

    private static Map<?, ?> firstDeath(Map<String, Object> headers) {
        if (headers.get("x-death") instanceof List<?> deaths
                && !deaths.isEmpty()
                && deaths.get(0) instanceof Map<?, ?> death) {
            return death;
        }
        return Map.of();
    }
}
