package dev.soapbench.wsdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WsdlSecurityTest {

    private static final String SECRET = "SOAPBENCH-SECRET-7f3a";

    private final WsdlAnalyzer analyzer = new WsdlAnalyzer();

    @Test
    void doctypeWithExternalFileEntityIsRefusedWithoutReadingTheFile(@TempDir Path dir) throws IOException {
        Path secret = Files.writeString(dir.resolve("secret.txt"), SECRET);
        String wsdl = "<?xml version=\"1.0\"?>\n"
                + "<!DOCTYPE definitions [<!ENTITY secret SYSTEM \"" + secret.toUri() + "\">]>\n"
                + "<definitions xmlns=\"http://schemas.xmlsoap.org/wsdl/\" targetNamespace=\"urn:&secret;\"/>\n";

        WsdlProblem problem = assertThrows(WsdlProblem.class, () -> analyze("xxe.wsdl", wsdl));

        assertEquals("xxe.wsdl", problem.file());
        assertEquals(2, problem.line());
        assertTrue(problem.getMessage().startsWith("xxe.wsdl:2:"), problem.getMessage());
        assertTrue(problem.getMessage().contains("DOCTYPE is not allowed"), problem.getMessage());
        assertFalse(problem.getMessage().contains(SECRET));
    }

    @Test
    void externalEntitiesAndDtdsAreNeverFetched() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            AtomicInteger connections = new AtomicInteger();
            Thread acceptor = new Thread(() -> {
                try {
                    listener.setSoTimeout(300);
                    while (true) {
                        try {
                            listener.accept().close();
                            connections.incrementAndGet();
                        } catch (SocketTimeoutException e) {
                            return;
                        }
                    }
                } catch (IOException e) {
                    return;
                }
            });
            acceptor.start();
            String base = "http://127.0.0.1:" + listener.getLocalPort();
            String[] attacks = {
                "<!DOCTYPE d SYSTEM \"" + base + "/external.dtd\"><d/>",
                "<!DOCTYPE d [<!ENTITY % p SYSTEM \"" + base + "/param.dtd\"> %p;]><d/>",
                "<!DOCTYPE d [<!ENTITY e SYSTEM \"" + base + "/entity\">]><d>&e;</d>",
            };
            for (String attack : attacks) {
                WsdlProblem problem = assertThrows(WsdlProblem.class, () -> analyze("fetch.wsdl", attack));
                assertTrue(problem.getMessage().contains("DOCTYPE is not allowed"), problem.getMessage());
            }
            acceptor.join();
            assertEquals(0, connections.get(), "the parser contacted the entity's URL");
        }
    }

    @Test
    void entityExpansionBombIsRefused() {
        String bomb =
                "<!DOCTYPE d [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]><d>&b;</d>";

        WsdlProblem problem = assertThrows(WsdlProblem.class, () -> analyze("bomb.wsdl", bomb));

        assertTrue(problem.getMessage().contains("DOCTYPE is not allowed"), problem.getMessage());
    }

    @Test
    void malformedXmlReportsFileLineAndColumn() {
        WsdlProblem problem =
                assertThrows(WsdlProblem.class, () -> analyzer.analyze(TestBundles.single("malformed/broken.wsdl")));

        assertEquals("broken.wsdl", problem.file());
        assertEquals(6, problem.line());
        assertTrue(problem.column() != null && problem.column() > 0);
        assertTrue(problem.getMessage().startsWith("broken.wsdl:6:" + problem.column() + ": "), problem.getMessage());
        assertTrue(problem.getMessage().contains("schema"), problem.getMessage());
        assertFalse(problem.getMessage().contains("\n"));
    }

    @Test
    void deeplyNestedXmlIsRefused() {
        String deep = "<a>".repeat(150) + "</a>".repeat(150);

        WsdlProblem problem = assertThrows(WsdlProblem.class, () -> analyze("deep.wsdl", deep));

        assertEquals(1, problem.line());
        assertTrue(problem.getMessage().contains("nested deeper than 100"), problem.getMessage());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // climbing out of the bundle
                "../outside.xsd | points outside the uploaded bundle",
                "sub/../../outside.xsd | points outside the uploaded bundle",
                // anything with a scheme, or absolute
                "http://127.0.0.1:9/evil.xsd | must be relative paths inside the uploaded bundle",
                "file:///etc/passwd | must be relative paths inside the uploaded bundle",
                "/etc/passwd | must be relative paths inside the uploaded bundle",
                "C:/Windows/win.ini | must be relative paths inside the uploaded bundle",
                // simply missing
                "types/missing.xsd | not found in the bundle",
            })
    void schemaImportsResolveOnlyInsideTheBundle(String location, String reason) {
        String wsdl =
                """
                <wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"
                    xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:i">
                  <wsdl:types>
                    <xsd:schema targetNamespace="urn:i">
                      <xsd:import namespace="urn:o" schemaLocation="%s"/>
                    </xsd:schema>
                  </wsdl:types>
                </wsdl:definitions>
                """
                        .formatted(location);

        WsdlProblem problem = assertThrows(WsdlProblem.class, () -> analyze("main.wsdl", wsdl));

        assertEquals("main.wsdl", problem.file());
        assertEquals(5, problem.line());
        assertTrue(problem.getMessage().contains("\"" + location + "\""), problem.getMessage());
        assertTrue(problem.getMessage().contains(reason), problem.getMessage());
    }

    @Test
    void wsdlImportOutsideTheBundleIsRefused() {
        String wsdl =
                """
                <definitions xmlns="http://schemas.xmlsoap.org/wsdl/" targetNamespace="urn:i">

                  <import namespace="urn:o" location="http://example.com/other.wsdl"/>
                </definitions>
                """;

        WsdlProblem problem = assertThrows(WsdlProblem.class, () -> analyze("main.wsdl", wsdl));

        assertEquals(
                "main.wsdl:3:71: import/@location \"http://example.com/other.wsdl\" refused: imports must be relative"
                        + " paths inside the uploaded bundle (no URL is ever fetched)",
                problem.getMessage());
    }

    @Test
    void doctypeInAnImportedSchemaIsRefusedNamingThatFile() {
        Map<String, byte[]> files = new LinkedHashMap<>(TestBundles.folder("bundle"));
        files.put(
                "xsd/common/warehouse.xsd",
                ("<?xml version=\"1.0\"?>\n\n<!DOCTYPE schema SYSTEM \"http://127.0.0.1:9/x.dtd\">\n"
                                + "<xsd:schema xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\"/>")
                        .getBytes(StandardCharsets.UTF_8));
        WsdlBundle bundle = WsdlBundles.fromUpload("inventory.zip", TestBundles.zip(files), "service.wsdl");

        WsdlProblem problem = assertThrows(WsdlProblem.class, () -> analyzer.analyze(bundle));

        assertEquals("xsd/common/warehouse.xsd", problem.file());
        assertEquals(3, problem.line());
        assertTrue(problem.getMessage().contains("DOCTYPE is not allowed"), problem.getMessage());
    }

    private WsdlAnalysis analyze(String name, String wsdl) {
        return analyzer.analyze(WsdlBundles.fromUpload(name, wsdl.getBytes(StandardCharsets.UTF_8), null));
    }
}
