package dev.soapbench.securitycheck;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;

/** One SOAP POST over plain HTTP, with timeouts and a bound on what is read of the answer. */
final class HttpPost {
    /** What the checker reads of one answer at most; a longer one is refused, not truncated. */
    static final int MAX_ANSWER = 16 << 20;

    record Answer(int status, byte[] body) {
    }

    private final URI url;
    private final String soapVersion;
    private final String action;
    private final int timeoutMillis;

    HttpPost(URI url, String soapVersion, String action, int timeoutMillis) {
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw new IllegalArgumentException("the URL is not http or https: " + url);
        }
        if (action != null && action.chars().anyMatch(c -> c < 0x20 || c == 0x7f || c == '"')) {
            throw new IllegalArgumentException("the SOAP action has a control character or a quote");
        }
        this.url = url;
        this.soapVersion = soapVersion;
        this.action = action;
        this.timeoutMillis = timeoutMillis;
    }

    Answer send(byte[] envelope) throws IOException {
        HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection();
        try {
            c.setRequestMethod("POST");
            c.setInstanceFollowRedirects(false);
            c.setConnectTimeout(timeoutMillis);
            c.setReadTimeout(timeoutMillis);
            c.setDoOutput(true);
            c.setFixedLengthStreamingMode(envelope.length);
            if ("1.2".equals(soapVersion)) {
                c.setRequestProperty("Content-Type", "application/soap+xml; charset=utf-8"
                        + (action == null ? "" : "; action=\"" + action + "\""));
            } else {
                c.setRequestProperty("Content-Type", "text/xml; charset=utf-8");
                c.setRequestProperty("SOAPAction", "\"" + (action == null ? "" : action) + "\"");
            }
            try (OutputStream out = c.getOutputStream()) {
                out.write(envelope);
            }
            int status = c.getResponseCode();
            InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
            return new Answer(status, in == null ? new byte[0] : readBounded(in));
        } finally {
            c.disconnect();
        }
    }

    static byte[] readBounded(InputStream in) throws IOException {
        try (in) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) > 0) {
                if (out.size() + n > MAX_ANSWER) {
                    throw new IOException("the answer is longer than " + MAX_ANSWER + " bytes");
                }
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        }
    }
}
