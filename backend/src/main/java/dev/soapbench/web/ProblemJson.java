package dev.soapbench.web;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.Writer;

/**
 * A problem+json body written where Spring's message converters do not reach: servlet filters and
 * Tomcat's error valve. Every member is text this class escapes itself.
 */
final class ProblemJson {

    private ProblemJson() {}

    static String body(int status, String title, String detail, Long retryAfterSeconds) {
        StringBuilder json = new StringBuilder(256)
                .append("{\"type\":\"about:blank\",\"status\":")
                .append(status)
                .append(",\"title\":")
                .append(quote(title))
                .append(",\"detail\":")
                .append(quote(detail));
        if (retryAfterSeconds != null) {
            json.append(",\"retryAfterSeconds\":").append(retryAfterSeconds);
        }
        return json.append('}').toString();
    }

    static void write(HttpServletResponse response, int status, String title, String detail, Long retryAfterSeconds)
            throws IOException {
        response.setStatus(status);
        response.setContentType("application/problem+json");
        response.setCharacterEncoding("UTF-8");
        SecurityHeaders.apply(response);
        if (retryAfterSeconds != null) {
            response.setHeader("Retry-After", String.valueOf(retryAfterSeconds));
        }
        Writer writer = response.getWriter();
        writer.write(body(status, title, detail, retryAfterSeconds));
        writer.flush();
    }

    static String quote(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '<' -> out.append("\\u003c");
                default -> {
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
