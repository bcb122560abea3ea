package dev.soapbench.jvmhost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.coyote.http11.Http11NioProtocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmHostTest {
    private static final Path SHIPPED_SETTINGS = Path.of("jvm-host.properties");

    static final class PathEchoServlet extends HttpServlet {
        @Override
        protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
            response.setContentType("text/plain");
            response.getWriter().print(request.getRequestURI() + " " + getInitParameter("greeting"));
        }
    }

    static final class BrokenServlet extends HttpServlet {
        @Override
        public void init() throws ServletException {
            throw new ServletException("wrapper", new IllegalStateException("sample getOrder does not bind"));
        }
    }

    @Test
    void shippedSettingsReachTheConnector() throws Exception {
        HostSettings settings = HostSettings.load(SHIPPED_SETTINGS);
        try (JvmHost host = JvmHost.start(settings, 0, new PathEchoServlet(), Map.of())) {
            var handler = host.connector().getProtocolHandler();
            assertTrue(handler instanceof Http11NioProtocol, "NIO connector, got " + handler.getClass());
            Http11NioProtocol nio = (Http11NioProtocol) handler;
            assertEquals(Integer.parseInt(settings.connectorProperties().get("maxThreads")), nio.getMaxThreads());
            assertEquals(Integer.parseInt(settings.connectorProperties().get("acceptCount")), nio.getAcceptCount());
            assertEquals(Integer.parseInt(settings.connectorProperties().get("keepAliveTimeout")), nio.getKeepAliveTimeout());
            assertEquals(Integer.parseInt(settings.connectorProperties().get("maxKeepAliveRequests")), nio.getMaxKeepAliveRequests());
            assertEquals(Boolean.parseBoolean(settings.connectorProperties().get("tcpNoDelay")), nio.getTcpNoDelay());
            assertEquals("127.0.0.1", nio.getAddress().getHostAddress());
        }
    }

    @Test
    void servesTheServletUnderEveryPathWithItsInitParameters() throws Exception {
        HostSettings settings = HostSettings.load(SHIPPED_SETTINGS);
        try (JvmHost host = JvmHost.start(settings, 0, new PathEchoServlet(), Map.of("greeting", "hello"))) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + host.port() + "/ws"))
                    .POST(HttpRequest.BodyPublishers.ofString("<x/>"))
                    .build();
            for (int i = 0; i < 3; i++) {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                assertEquals(200, response.statusCode());
                assertEquals("/ws hello", response.body());
            }
        }
    }

    @Test
    void aServletThatCannotStartIsReportedWithItsRootCause() throws Exception {
        HostSettings settings = HostSettings.load(SHIPPED_SETTINGS);
        HostStartException failure =
                assertThrows(HostStartException.class, () -> JvmHost.start(settings, 0, new BrokenServlet(), Map.of()));
        assertTrue(failure.getMessage().endsWith("sample getOrder does not bind"), failure.getMessage());
    }

    @Test
    void aMisspeltConnectorSettingIsRejected(@TempDir Path folder) throws Exception {
        Path file = folder.resolve("jvm-host.properties");
        Files.writeString(file, Files.readString(SHIPPED_SETTINGS) + "\nconnector.maxThreadz=10\n");
        HostSettings settings = HostSettings.load(file);
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> settings.newConnector(0));
        assertTrue(failure.getMessage().contains("maxThreadz"), failure.getMessage());
    }

    @Test
    void settingsReportRecordsConnectorAndJvm() throws Exception {
        String json = SettingsReport.json(HostSettings.load(SHIPPED_SETTINGS));
        assertTrue(json.startsWith("{\"container\":\"Apache Tomcat/10.1."), json);
        assertTrue(json.contains("\"maxKeepAliveRequests\":\"-1\""), json);
        assertTrue(json.contains("\"flags\":["), json);
    }

    @Test
    void aVariantChangesOnlyConnectorSettingsTheFileHolds() throws Exception {
        HostSettings nio2 = HostSettings.load(
                SHIPPED_SETTINGS,
                Map.of(
                        "connector.protocol", "org.apache.coyote.http11.Http11Nio2Protocol",
                        "connector.maxThreads", "50"));
        assertEquals("org.apache.coyote.http11.Http11Nio2Protocol", nio2.protocol());
        assertEquals("50", nio2.connectorProperties().get("maxThreads"));
        assertTrue(SettingsReport.json(nio2, "nio2").contains("\"variant\":\"nio2\""));

        for (String key : new String[] {"host.address", "connector.notASetting"}) {
            IllegalArgumentException refused = assertThrows(
                    IllegalArgumentException.class, () -> HostSettings.load(SHIPPED_SETTINGS, Map.of(key, "x")));
            assertTrue(refused.getMessage().contains(key), refused.getMessage());
        }
    }
}
