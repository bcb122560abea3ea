package dev.soapbench.web;

import jakarta.servlet.ServletException;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes the connection of a request whose body has not fully arrived within the deadline, however
 * steadily it trickles in: Tomcat's connection timeout bounds each read, not their sum, so a body
 * sent a byte at a time would otherwise hold a request thread for as long as the client likes.
 */
class BodyReadDeadlineValve extends ValveBase {

    private static final Logger log = LoggerFactory.getLogger(BodyReadDeadlineValve.class);

    private final Duration deadline;
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "body-read-deadline");
        thread.setDaemon(true);
        return thread;
    });

    BodyReadDeadlineValve(Duration deadline) {
        super(true);
        this.deadline = deadline;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        org.apache.coyote.Request coyote = request.getCoyoteRequest();
        boolean hasBody = coyote.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
        if (!hasBody) {
            getNext().invoke(request, response);
            return;
        }
        String address = request.getRemoteAddr();
        ScheduledFuture<?> cutOff = watchdog.schedule(
                () -> {
                    if (!coyote.isFinished()) {
                        log.info(
                                "Closing the connection of {}: its request body took longer than {}",
                                address,
                                deadline);
                        coyote.action(ActionCode.CLOSE_NOW, null);
                    }
                },
                deadline.toMillis(),
                TimeUnit.MILLISECONDS);
        try {
            getNext().invoke(request, response);
        } finally {
            cutOff.cancel(false);
        }
    }
}
