package dev.soapbench.runs;

import dev.soapbench.dispatch.Outbox;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Ends the runs nobody will end: a run whose worker has been silent for {@code fail-after} fails
 * with a reason naming the worker and its last step (and a RunCancel, so a worker that wakes up
 * stops); a cancelling run whose worker did not confirm within {@code cancel-timeout} is cancelled.
 * Live pages are told when a worker falls silent or speaks again.
 */
@Component
class RunWatchdog {

    private static final Logger log = LoggerFactory.getLogger(RunWatchdog.class);
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss 'UTC'");

    private final RunRepository runs;
    private final RunProgress progress;
    private final WorkerSilence silence;
    private final Outbox outbox;
    private final TransactionTemplate transactions;
    private final Duration failAfter;
    private final Duration cancelTimeout;
    private final Set<UUID> silentRuns = ConcurrentHashMap.newKeySet();

    RunWatchdog(
            RunRepository runs,
            RunProgress progress,
            WorkerSilence silence,
            Outbox outbox,
            TransactionTemplate transactions,
            @Value("${soapbench.watchdog.fail-after:PT5M}") Duration failAfter,
            @Value("${soapbench.watchdog.cancel-timeout:PT30S}") Duration cancelTimeout) {
        this.runs = runs;
        this.progress = progress;
        this.silence = silence;
        this.outbox = outbox;
        this.transactions = transactions;
        this.failAfter = failAfter;
        this.cancelTimeout = cancelTimeout;
    }

    @Scheduled(fixedDelayString = "${soapbench.watchdog.interval:PT5S}")
    void check() {
        try {
            OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
            List<RunRow> inProgress = runs.inProgress();
            silentRuns.retainAll(inProgress.stream().map(RunRow::id).toList());
            for (RunRow run : inProgress) {
                checkOne(run, now);
            }
        } catch (RuntimeException e) {
            // The database may be down; the next round tries again.
            log.warn("Watchdog round failed, will retry: {}", e.getMessage());
        }
    }

    private void checkOne(RunRow run, OffsetDateTime now) {
        if (RunStatus.CANCELLING.equals(run.status())
                && run.cancelRequestedAt() != null
                && run.cancelRequestedAt().plus(cancelTimeout).isBefore(now)) {
            log.warn("Run {}: worker {} did not confirm the cancel in time", run.id(), run.workerId());
            progress.cancelled(
                    run.id(),
                    RunCancellation.BY_OWNER + "; worker " + run.workerId() + " did not confirm within "
                            + cancelTimeout.toSeconds() + " s");
            silentRuns.remove(run.id());
            return;
        }
        Optional<WorkerSilence.LastSign> sign = silence.lastSign(run.id());
        if (sign.isEmpty()) {
            return;
        }
        if (sign.get().at().plus(failAfter).isBefore(now)) {
            String reason = stoppedAnswering(run.workerId(), sign.get());
            log.warn("Run {}: {}", run.id(), reason);
            transactions.executeWithoutResult(status -> {
                progress.failed(run.id(), reason);
                outbox.enqueueCancel(run.id());
            });
            silentRuns.remove(run.id());
            return;
        }
        boolean silentNow = silence.silentSince(sign.get(), now).isPresent();
        boolean changed = silentNow ? silentRuns.add(run.id()) : silentRuns.remove(run.id());
        if (changed) {
            progress.changed(run.id());
        }
    }

    static String stoppedAnswering(String workerId, WorkerSilence.LastSign sign) {
        String at = CLOCK.format(sign.at().withOffsetSameInstant(ZoneOffset.UTC));
        if (sign.step() != null && !sign.step().isBlank()) {
            return "worker " + workerId + " stopped answering during '" + sign.step() + "' at " + at;
        }
        return "worker " + workerId + " stopped answering at " + at
                + (sign.lastEventKind() == null ? "" : " (its last event: " + sign.lastEventKind() + ")");
    }
}
