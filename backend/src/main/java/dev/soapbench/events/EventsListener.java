package dev.soapbench.events;

import dev.soapbench.common.DatabaseOutages;
import dev.soapbench.common.JsonSchemas;
import dev.soapbench.common.ProblemError;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpRejectAndDontRequeueException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Consumes bench.events.backend. Malformed or invalid messages are logged and dropped; a message
 * whose processing keeps failing is dropped after a few deliveries instead of looping forever. A
 * message that could not be stored because the database is down goes back to the queue, however
 * often, and is applied once the database is back.
 */
@Component
class EventsListener {

    private static final Logger log = LoggerFactory.getLogger(EventsListener.class);
    static final String MEASUREMENT_SCHEMA = JsonSchemas.RUN_EVENT + "#/$defs/measurement";
    private static final long MAX_DELIVERIES = 5;

    private final ObjectMapper json;
    private final JsonSchemas schemas;
    private final EventIngestion ingestion;
    private final Workers workers;

    EventsListener(ObjectMapper json, JsonSchemas schemas, EventIngestion ingestion, Workers workers) {
        this.json = json;
        this.schemas = schemas;
        this.ingestion = ingestion;
        this.workers = workers;
    }

    @RabbitListener(queues = "bench.events.backend")
    void onMessage(Message message) {
        MessageProperties properties = message.getMessageProperties();
        JsonNode body;
        try {
            body = json.readTree(new String(message.getBody(), StandardCharsets.UTF_8));
        } catch (JacksonException e) {
            log.warn(
                    "Dropping a message on {} that is not JSON: {}",
                    properties.getReceivedRoutingKey(),
                    e.getOriginalMessage());
            return;
        }
        boolean heartbeat = "Heartbeat".equals(properties.getType())
                || (properties.getType() == null
                        && String.valueOf(properties.getReceivedRoutingKey()).startsWith("heartbeat."));
        try {
            if (heartbeat) {
                onHeartbeat(body);
            } else {
                onRunEvent(body);
            }
        } catch (RuntimeException e) {
            if (DatabaseOutages.pauseIfOutage(e)) {
                log.warn("Database unreachable; the message goes back to the queue: {}", e.getMessage());
                throw e;
            }
            Object header = properties.getHeader("x-delivery-count");
            long deliveries = header instanceof Number count ? count.longValue() : 0;
            if (deliveries + 1 >= MAX_DELIVERIES) {
                log.error("Dropping a message after {} failed deliveries", deliveries + 1, e);
                throw new AmqpRejectAndDontRequeueException("gave up on message", e);
            }
            throw e;
        }
    }

    private void onHeartbeat(JsonNode body) {
        List<ProblemError> faults = schemas.validate(JsonSchemas.HEARTBEAT, body);
        if (!faults.isEmpty()) {
            log.warn("Dropping an invalid Heartbeat: {}", describe(faults));
            return;
        }
        workers.record(body);
    }

    private void onRunEvent(JsonNode body) {
        List<ProblemError> faults = schemas.validate(JsonSchemas.RUN_EVENT, body);
        if (faults.isEmpty() && "measurement".equals(body.path("kind").asString())) {
            faults = schemas.validate(MEASUREMENT_SCHEMA, body.get("payload"));
        }
        if (faults.isEmpty()
                && "measurement".equals(body.path("kind").asString())
                && !isBase64(body.get("payload").path("histogram").asString())) {
            faults = List.of(ProblemError.inField("/payload/histogram", "not base64"));
        }
        if (!faults.isEmpty()) {
            log.warn("Dropping an invalid RunEvent: {}", describe(faults));
            return;
        }
        EventIngestion.Outcome outcome = ingestion.ingest(body);
        switch (outcome) {
            case DUPLICATE -> log.debug("Duplicate event {} #{} ignored", body.get("runId"), body.get("seq"));
            case UNKNOWN_RUN -> log.warn("Dropping an event for unknown run {}", body.get("runId"));
            case APPLIED -> log.debug("Applied {} for run {}", body.get("kind"), body.get("runId"));
        }
    }

    private static boolean isBase64(String text) {
        try {
            Base64.getDecoder().decode(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String describe(List<ProblemError> faults) {
        return faults.stream()
                .map(f -> f.field() + ": " + f.message())
                .reduce((a, b) -> a + "; " + b)
                .orElse("");
    }
}
