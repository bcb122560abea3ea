package dev.soapbench.wsdl;

import static dev.soapbench.wsdl.CatalogImportsTest.CATALOG_OPEN;
import static dev.soapbench.wsdl.CatalogImportsTest.SCHEMA;
import static dev.soapbench.wsdl.CatalogImportsTest.upload;
import static dev.soapbench.wsdl.CatalogImportsTest.wsdl;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A catalog is as hostile as the rest of the upload: an entry that would read anything outside
 * the bundle, or names nothing in it, is refused with the catalog file, the entry's line and the
 * entry; nothing is ever read from the disk or the network.
 */
class CatalogRefusalsTest {

    /** Uploads service.wsdl importing {@code location}, o.xsd, and jax-ws-catalog.xml holding {@code entry} on line 3. */
    private static WsdlProblem refusal(String location, String entry) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> upload(
                "service.wsdl",
                wsdl(location),
                "o.xsd",
                SCHEMA,
                "sub/jax-ws-catalog.xml",
                CATALOG_OPEN + entry + "\n</catalog>\n"));
        assertThat(thrown).isInstanceOf(WsdlProblem.class);
        return (WsdlProblem) thrown;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                // climbs out of the bundle from the catalog's folder
                "<system systemId='http://e/o.xsd' uri='../../etc/passwd'/>|points outside the uploaded bundle",
                // an absolute path
                "<system systemId='http://e/o.xsd' uri='/etc/passwd'/>|not a relative path inside the bundle",
                // a file: URL
                "<system systemId='http://e/o.xsd' uri='file:///etc/passwd'/>|not a relative path inside the bundle",
                // a URL to fetch
                "<uri name='http://e/o.xsd' uri='http://127.0.0.1:9/o.xsd'/>|not a relative path inside the bundle",
                // a Windows path
                "<system systemId='http://e/o.xsd' uri='..\\..\\o.xsd'/>|not a relative path inside the bundle",
                // a drive letter reads as a scheme
                "<system systemId='http://e/o.xsd' uri='C:/o.xsd'/>|not a relative path inside the bundle",
                // a traversal hidden in a percent escape
                "<system systemId='http://e/o.xsd' uri='%2e%2e/%2e%2e/o.xsd'/>|points outside the uploaded bundle",
                // a base that is a URL
                "<group xml:base='http://127.0.0.1:9/'><system systemId='http://e/o.xsd' uri='o.xsd'/></group>"
                        + "|xml:base \"http://127.0.0.1:9/\" is not a relative path",
                // a base on the entry itself that climbs out
                "<system systemId='http://e/o.xsd' uri='o.xsd' xml:base='../../'/>|points outside the uploaded bundle",
                // a file the bundle lacks
                "<system systemId='http://e/o.xsd' uri='../missing.xsd'/>|\"missing.xsd\", which is not a file of the bundle",
                // a folder is no file
                "<system systemId='http://e/o.xsd' uri='../'/>|which is not a file of the bundle",
                // a query names no file
                "<system systemId='http://e/o.xsd' uri='../o.xsd?x=1'/>|has a query or fragment",
                // an entry without its target
                "<system systemId='http://e/o.xsd'/>|has no uri attribute",
                // a rewrite prefix out of the bundle
                "<rewriteSystem systemIdStartString='http://e/' rewritePrefix='../../'/>|points outside the uploaded bundle",
                // a next catalog out of the bundle
                "<nextCatalog catalog='file:///etc/xml/catalog'/>|not a relative path inside the bundle",
                // a next catalog the bundle lacks
                "<nextCatalog catalog='other.xml'/>|\"sub/other.xml\", which is not a file of the bundle",
            })
    void anEntryThatLeavesTheBundleOrNamesNothingInItIsRefusedWhereItIs(String entry, String why) {
        WsdlProblem problem = refusal("http://e/o.xsd", entry.replace('\'', '"'));

        assertThat(problem.file()).isEqualTo("sub/jax-ws-catalog.xml");
        assertThat(problem.line()).isEqualTo(3);
        assertThat(problem.getMessage()).startsWith("sub/jax-ws-catalog.xml:3:").contains(why);
        assertThat(problem.reason()).startsWith("<" + entry.substring(1, entry.indexOf(' ')));
    }

    @Test
    void aRewriteWhoseResultClimbsOutIsRefusedNamingTheImportToo() {
        WsdlProblem problem = refusal(
                "http://e/s/../../../../etc/passwd",
                "<rewriteSystem systemIdStartString=\"http://e/s/\" rewritePrefix=\"../\"/>");

        assertThat(problem.getMessage())
                .isEqualTo("sub/jax-ws-catalog.xml:3: <rewriteSystem systemIdStartString=\"http://e/s/\""
                        + " rewritePrefix=\"../\"> matches the import of \"http://e/s/../../../../etc/passwd\" at"
                        + " service.wsdl:5 and rewrites it to \"../../../../etc/passwd\", which points outside the"
                        + " uploaded bundle");
    }

    @Test
    void aRewriteToAMissingFileOrToACatalogIsRefused() {
        assertThat(refusal(
                                "http://e/nothere.xsd",
                                "<rewriteSystem systemIdStartString=\"http://e/\" rewritePrefix=\"../\"/>")
                        .getMessage())
                .contains("at service.wsdl:5 and maps it to \"nothere.xsd\", which is not a file of the bundle");
        assertThat(refusal(
                                "http://e/sub/jax-ws-catalog.xml",
                                "<rewriteSystem systemIdStartString=\"http://e/\" rewritePrefix=\"../\"/>")
                        .getMessage())
                .contains("maps it to the catalog sub/jax-ws-catalog.xml");
    }

    @Test
    void nextCatalogLoopsAreRefusedWithTheLoop() {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> upload(
                "service.wsdl", wsdl("http://e/o.xsd"),
                "o.xsd", SCHEMA,
                "jax-ws-catalog.xml", CATALOG_OPEN + "<nextCatalog catalog=\"a/one.xml\"/></catalog>",
                "a/one.xml", CATALOG_OPEN + "<nextCatalog catalog=\"../b/two.xml\"/></catalog>",
                "b/two.xml", CATALOG_OPEN + "<nextCatalog catalog=\"../a/one.xml\"/></catalog>"));

        assertThat(thrown)
                .isInstanceOf(WsdlProblem.class)
                .hasMessage("b/two.xml:3: nextCatalog \"a/one.xml\" makes a loop of catalogs: a/one.xml → b/two.xml"
                        + " → a/one.xml");
    }

    @Test
    void aCatalogIsParsedAsHardenedAsAnyUploadedXml() {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> upload(
                "service.wsdl",
                wsdl("http://e/o.xsd"),
                "o.xsd",
                SCHEMA,
                "jax-ws-catalog.xml",
                "<?xml version=\"1.0\"?>\n<!DOCTYPE catalog [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
                        + "<catalog xmlns=\"urn:oasis:names:tc:entity:xmlns:xml:catalog\">"
                        + "<system systemId=\"http://e/o.xsd\" uri=\"&x;\"/></catalog>"));

        assertThat(thrown)
                .isInstanceOf(WsdlProblem.class)
                .hasMessageContaining("jax-ws-catalog.xml:2")
                .hasMessageContaining("DOCTYPE is not allowed");
    }

    @Test
    void aJaxWsCatalogThatIsNoOasisCatalogIsRefusedAndACatalogIsNoEntry() {
        assertThatThrownBy(() -> upload(
                        "service.wsdl",
                        wsdl("o.xsd"),
                        "o.xsd",
                        SCHEMA,
                        "META-INF/jax-ws-catalog.xml",
                        "<catalog xmlns=\"urn:oasis:names:tc:entity:xmlns:tr9401:catalog\"/>"))
                .isInstanceOf(WsdlProblem.class)
                .hasMessageStartingWith("META-INF/jax-ws-catalog.xml:1: not an OASIS XML catalog");
        Map<String, byte[]> files = Map.of(
                "service.wsdl", wsdl("o.xsd").getBytes(StandardCharsets.UTF_8),
                "o.xsd", SCHEMA.getBytes(StandardCharsets.UTF_8),
                "jax-ws-catalog.xml", (CATALOG_OPEN + "</catalog>").getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> WsdlBundles.fromUpload("b.zip", TestBundles.zip(files), "jax-ws-catalog.xml"))
                .isInstanceOf(WsdlProblem.class)
                .hasMessage("jax-ws-catalog.xml: the entry is an XML catalog, not a WSDL");
    }

    /**
     * The catalog names a URL of a live listener and a file that exists on this machine: neither is
     * read. The listener counts requests; the file's content would only show if it were read.
     */
    @Test
    void nothingOutsideTheBundleIsEverRead(@TempDir Path folder) throws IOException {
        Path secret = Files.writeString(folder.resolve("secret.xsd"), SCHEMA);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        AtomicInteger requests = new AtomicInteger();
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            exchange.sendResponseHeaders(500, -1);
            exchange.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            for (String entry : new String[] {
                "<system systemId=\"http://e/o.xsd\" uri=\"" + secret.toUri() + "\"/>",
                "<system systemId=\"http://e/o.xsd\" uri=\"" + url + "o.xsd\"/>",
                "<nextCatalog catalog=\"" + url + "catalog.xml\"/>",
                "<delegateSystem systemIdStartString=\"http://e/\" catalog=\"" + url + "catalog.xml\"/>",
                "<rewriteSystem systemIdStartString=\"http://e/\" rewritePrefix=\"" + url + "\"/>",
            }) {
                try {
                    upload(
                            "service.wsdl",
                            wsdl("http://e/o.xsd"),
                            "jax-ws-catalog.xml",
                            CATALOG_OPEN + entry + "</catalog>");
                } catch (WsdlProblem expected) {
                    // refused or left unresolved; either way nothing may have been fetched
                }
            }
        } finally {
            server.stop(0);
        }
        assertThat(requests).hasValue(0);
    }
}
