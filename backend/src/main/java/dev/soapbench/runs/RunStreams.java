package dev.soapbench.runs;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * Live run pages: every subscriber of a run gets the whole run (event {@code run}) on connect and
 * after each committed change; the stream ends once the run is finished.
 */
@Component
class RunStreams {

    private static final Logger log = LoggerFactory.getLogger(RunStreams.class);
    private static final Duration STREAM_TIMEOUT = Duration.ofMinutes(30);

    private final Map<UUID, Set<SseEmitter>> subscribers = new ConcurrentHashMap<>();
    private final RunViews views;

    RunStreams(RunViews views) {
        this.views = views;
    }

    SseEmitter subscribe(RunRow run) {
        SseEmitter emitter = new SseEmitter(STREAM_TIMEOUT.toMillis());
        // Registered before the first send, so a change committed in between is not missed.
        Set<SseEmitter> emitters = subscribers.computeIfAbsent(run.id(), id -> new CopyOnWriteArraySet<>());
        emitters.add(emitter);
        Runnable remove = () -> emitters.remove(emitter);
        emitter.onCompletion(remove);
        emitter.onTimeout(remove);
        emitter.onError(error -> remove.run());
        RunView current = views.view(run);
        send(emitter, current);
        if (current.isFinished()) {
            emitters.remove(emitter);
            emitter.complete();
        }
        return emitter;
    }

    @TransactionalEventListener(fallbackExecution = true)
    void onRunChanged(RunChanged changed) {
        Set<SseEmitter> emitters = subscribers.get(changed.runId());
        if (emitters == null || emitters.isEmpty()) {
            return;
        }
        views.view(changed.runId()).ifPresent(run -> {
            for (SseEmitter emitter : emitters) {
                send(emitter, run);
                if (run.isFinished()) {
                    emitters.remove(emitter);
                    emitter.complete();
                }
            }
        });
    }

    private static void send(SseEmitter emitter, RunView run) {
        try {
            emitter.send(SseEmitter.event().name("run").data(run));
        } catch (IOException | IllegalStateException e) {
            log.debug("Subscriber of run {} went away: {}", run.id(), e.getMessage());
            emitter.completeWithError(e);
        }
    }
}
