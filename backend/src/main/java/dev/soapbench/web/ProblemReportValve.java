package dev.soapbench.web;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.http.HttpStatus;

/**
 * Tomcat's error report for what it refuses before the application sees it (an encoded slash, an
 * oversized header, a malformed request line): problem+json with the security headers, instead of
 * an HTML page. Installed as the host's error report valve by {@link TomcatEdge}.
 */
public class ProblemReportValve extends ErrorReportValve {

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0) {
            return;
        }
        AtomicBoolean ioAllowed = new AtomicBoolean(true);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get() || !response.setErrorReported()) {
            return;
        }
        HttpStatus known = HttpStatus.resolve(status);
        String title = known == null ? "Error" : known.getReasonPhrase();
        String detail = status == 400
                ? "The request is malformed (request line, headers or an encoded character in the path) and was"
                        + " refused before it reached the API."
                : known == null ? "The request failed." : title + ".";
        try {
            response.setContentType("application/problem+json");
            response.setCharacterEncoding("UTF-8");
            SecurityHeaders.HEADERS.forEach(response::setHeader);
            PrintWriter writer = response.getReporter();
            if (writer != null) {
                writer.write(ProblemJson.body(status, title, detail, null));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // The client is gone or the answer was already under way; there is no one left to tell.
        }
    }
}
