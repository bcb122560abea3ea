package dev.soapbench.dispatch;

import dev.soapbench.common.SoapBenchProperties;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Publishes unsent outbox rows with publisher confirms. Rows are locked with SKIP LOCKED, so several
 * backend instances can poll the same table; a row is marked sent only after the broker confirmed
 * it, and retried with a growing delay otherwise.
 */
@Component
class OutboxPublisher {

    private static final Logger log = LoggerFactory.getLogger(OutboxPublisher.class);
    private static final int BATCH = 20;
    private static final int MAX_DELAY_SECONDS = 60;

    record PendingMessage(
            long id, UUID runId, String exchange, String routingKey, String type, String payload, int attempts) {}

    private final JdbcClient jdbc;
    private final RabbitTemplate rabbit;
    private final TransactionTemplate transactions;
    private final long confirmTimeoutMillis;

    OutboxPublisher(
            JdbcClient jdbc, RabbitTemplate rabbit, TransactionTemplate transactions, SoapBenchProperties properties) {
        this.jdbc = jdbc;
        this.rabbit = rabbit;
        this.transactions = transactions;
        this.confirmTimeoutMillis = properties.confirmTimeout().toMillis();
    }

    @Scheduled(fixedDelayString = "${soapbench.outbox-poll-interval:PT0.5S}")
    void publishPending() {
        try {
            transactions.executeWithoutResult(status -> lockPending().forEach(this::publishOne));
        } catch (RuntimeException e) {
            log.warn("Outbox poll failed, will retry: {}", e.getMessage());
        }
    }

    private List<PendingMessage> lockPending() {
        return jdbc.sql(
                        """
                        SELECT id, run_id, exchange, routing_key, message_type AS type, payload, attempts
                        FROM dispatch_outbox
                        WHERE sent_at IS NULL AND next_attempt_at <= now()
                        ORDER BY id
                        LIMIT ?
                        FOR UPDATE SKIP LOCKED""")
                .param(BATCH)
                .query(PendingMessage.class)
                .list();
    }

    private void publishOne(PendingMessage pending) {
        try {
            send(pending);
            jdbc.sql(
                            "UPDATE dispatch_outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ?")
                    .param(pending.id())
                    .update();
            log.info(
                    "Published {} for run {} to {}/{}",
                    pending.type(),
                    pending.runId(),
                    pending.exchange(),
                    pending.routingKey());
        } catch (PublishFailed e) {
            int delay = (int) Math.min(MAX_DELAY_SECONDS, Math.pow(2, pending.attempts()));
            log.warn(
                    "Publishing {} for run {} failed (attempt {}), retrying in {} s: {}",
                    pending.type(),
                    pending.runId(),
                    pending.attempts() + 1,
                    delay,
                    e.getMessage());
            jdbc.sql(
                            """
                            UPDATE dispatch_outbox
                            SET attempts = attempts + 1, last_error = ?, next_attempt_at = now() + make_interval(secs => ?)
                            WHERE id = ?""")
                    .params(e.getMessage(), delay, pending.id())
                    .update();
        }
    }

    private void send(PendingMessage pending) {
        MessageProperties properties = new MessageProperties();
        properties.setContentType(MessageProperties.CONTENT_TYPE_JSON);
        properties.setContentEncoding(StandardCharsets.UTF_8.name());
        properties.setDeliveryMode(MessageDeliveryMode.PERSISTENT);
        properties.setType(pending.type());
        properties.setMessageId("outbox-" + pending.id());
        Message message = new Message(pending.payload().getBytes(StandardCharsets.UTF_8), properties);
        CorrelationData correlation = new CorrelationData("outbox-" + pending.id());
        try {
            rabbit.send(pending.exchange(), pending.routingKey(), message, correlation);
            CorrelationData.Confirm confirm = correlation.getFuture().get(confirmTimeoutMillis, TimeUnit.MILLISECONDS);
            if (!confirm.ack()) {
                throw new PublishFailed("the broker refused the message: " + confirm.reason());
            }
            // A fanout without queues has no worker to tell: nothing is lost by dropping the cancel.
            if (correlation.getReturned() != null && !Topology.CONTROL_EXCHANGE.equals(pending.exchange())) {
                throw new PublishFailed("no queue is bound to routing key '" + pending.routingKey() + "'");
            }
        } catch (AmqpException e) {
            throw new PublishFailed("broker unavailable: " + e.getMessage());
        } catch (TimeoutException e) {
            throw new PublishFailed("no confirm from the broker within " + confirmTimeoutMillis + " ms");
        } catch (ExecutionException e) {
            throw new PublishFailed("confirm failed: " + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PublishFailed("interrupted while waiting for the confirm");
        }
    }

    static class PublishFailed extends RuntimeException {
        PublishFailed(String message) {
            super(message);
        }
    }
}
