package dev.soapbench.it;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.core.RabbitOperations;

/** Publishes RunEvents on bench.events the way a worker does. */
final class WorkerEvents {

    static final String FINGERPRINT =
            "{\"cpuModel\":\"Test CPU\",\"cores\":2,\"memoryBytes\":4294967296,\"kernel\":\"6.1.0\",\"cpuSharing\":\"shared\"}";

    private final RabbitOperations rabbit;
    private final UUID runId;
    private final String workerId;

    WorkerEvents(RabbitOperations rabbit, UUID runId, String workerId) {
        this.rabbit = rabbit;
        this.runId = runId;
        this.workerId = workerId;
    }

    void publish(int seq, String kind, String payloadJson) {
        String body = "{\"schemaVersion\":1,\"runId\":\"" + runId + "\",\"workerId\":\"" + workerId + "\",\"seq\":"
                + seq + ",\"attempt\":1,\"kind\":\"" + kind + "\",\"at\":\"" + OffsetDateTime.now() + "\",\"payload\":"
                + payloadJson + "}";
        publishRaw(body, "RunEvent");
    }

    void publishRaw(String body, String type) {
        MessageProperties properties = new MessageProperties();
        properties.setContentType("application/json");
        properties.setType(type);
        properties.setDeliveryMode(MessageDeliveryMode.PERSISTENT);
        rabbit.send("bench.events", "run." + runId, new Message(body.getBytes(StandardCharsets.UTF_8), properties));
    }

    /** Publishes a Heartbeat as the worker {@code workerId} does, under its own routing key. */
    static void publishHeartbeat(RabbitOperations rabbit, String workerId, String body) {
        MessageProperties properties = new MessageProperties();
        properties.setContentType("application/json");
        properties.setType("Heartbeat");
        rabbit.send(
                "bench.events",
                "heartbeat." + workerId,
                new Message(body.getBytes(StandardCharsets.UTF_8), properties));
    }

    static String measurement(String stack, String version, int repetition, String histogramBase64) {
        return """
                {"stack":"%s","version":"%s",
                 "cell":{"operation":"echo","security":"plain","connections":4,"requests":100,"keepAlive":true},
                 "repetition":%d,"requests":100,"errors":{},"elapsedSeconds":0.5,"throughput":200.0,
                 "latencyMs":{"min":1,"mean":2,"p50":2,"p90":3,"p99":4,"p999":5,"max":6},
                 "histogram":"%s","serverCpuSeconds":0.3,"peakRssBytes":123456789}"""
                .formatted(stack, version, repetition, histogramBase64);
    }
}
