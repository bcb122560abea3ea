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
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Consumes bench.events.backend. Malformed or invalid messages are logged and dropped; a message
 * whose processing keeps failing is dropped after a few deliveries instead of looping forever. A
 * message that cannot be stored because the database is down (or its pool is busy) waits in place,
 * however long, and is applied once the database is back: put back in the queue it would come after
 * the messages behind it (a worker's measurement after its "completed"), and its return would count
 * as a failed delivery.
 */
@Component
class EventsListener {

    private static final Logger log = LoggerFactory.getLogger(EventsListener.class);
    static final String MEASUREMENT_SCHEMA = JsonSchemas.RUN_EVENT + "#/$defs/measurement";
    static final String INTEROP_CELL_SCHEMA = JsonSchemas.RUN_EVENT + "#/$defs/interopCell";
    private static final long MAX_DELIVERIES = 5;

    private final ObjectMapper json;
    private final JsonSchemas schemas;
    private final EventIngestion ingestion;
    private final Workers workers;
    private volatile boolean closing;

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
        boolean waited = false;
        while (true) {
            try {
                if (heartbeat) {
                    onHeartbeat(body);
                } else {
                    onRunEvent(body);
                }
                if (waited) {
                    log.info("Database back; the message that waited for it is applied");
                }
                return;
            } catch (RuntimeException e) {
                if (!DatabaseOutages.isOutage(e) && !DatabaseOutages.isBusy(e)) {
                    throw givenUpAfterDeliveries(properties, e);
                }
                if (!waited) {
                    log.warn(
                            "Database {}; the message waits for it in place: {}",
                            DatabaseOutages.isBusy(e) ? "busy" : "unreachable",
                            e.getMessage());
                }
                waited = true;
                DatabaseOutages.pauseIfOutage(e);
                if (closing || Thread.currentThread().isInterrupted()) {
                    // Shutting down: the message goes back to the queue and waits for the next consumer.
                    throw e;
                }
            }
        }
    }

    /**
     * Stops waiting for the database when the application closes, so that the consumer can stop and
     * its unfinished message goes back to the queue.
     */
    @EventListener(ContextClosedEvent.class)
    void onClosing() {
        closing = true;
    }

    /**
     * {@code failure} as it goes to the container: put back for another try, or, after a few
     * deliveries, dropped for good.
     */
    private static RuntimeException givenUpAfterDeliveries(MessageProperties properties, RuntimeException failure) {
        // A quorum queue counts every return, a backend that stopped mid-message included.
        long deliveries = properties.getHeader("x-delivery-count") instanceof Number count ? count.longValue() : 0;
        if (deliveries + 1 >= MAX_DELIVERIES) {
            log.error("Dropping a message after {} failed deliveries", deliveries + 1, failure);
            return new AmqpRejectAndDontRequeueException("gave up on message", failure);
        }
        return failure;
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
        if (faults.isEmpty() && "interop_cell".equals(body.path("kind").asString())) {
            faults = schemas.validate(INTEROP_CELL_SCHEMA, body.get("payload"));
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
