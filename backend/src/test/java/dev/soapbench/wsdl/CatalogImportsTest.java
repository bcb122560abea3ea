package dev.soapbench.wsdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a bundle's XML catalogs map import locations, and how the imports are rewritten in place. */
class CatalogImportsTest {

    static final String CATALOG_OPEN =
            "<?xml version=\"1.0\"?>\n<catalog xmlns=\"urn:oasis:names:tc:entity:xmlns:xml:catalog\">\n";

    /** A WSDL whose types import {@code location} (on line 5) and whose one operation uses it. */
    static String wsdl(String location) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:xsd="http://www.w3.org/2001/XMLSchema"
                    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:o="urn:o" xmlns:tns="urn:t" targetNamespace="urn:t">
                  <types><xsd:schema targetNamespace="urn:t:types">
                    <xsd:import namespace="urn:o" schemaLocation="%s"/>
                  </xsd:schema></types>
                  <message name="in"><part name="p" element="o:get"/></message>
                  <message name="out"><part name="p" element="o:getResponse"/></message>
                  <portType name="P"><operation name="get"><input message="tns:in"/><output message="tns:out"/></operation></portType>
                  <binding name="B" type="tns:P"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <operation name="get"><soap:operation soapAction="urn:get"/>
                      <input><soap:body use="literal"/></input><output><soap:body use="literal"/></output></operation></binding>
                  <service name="S"><port name="Q" binding="tns:B"><soap:address location="http://localhost/ws"/></port></service>
                </definitions>
                """
                .formatted(location);
    }

    static final String SCHEMA =
            """
            <xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:o" elementFormDefault="qualified">
              <xsd:element name="get"><xsd:complexType><xsd:sequence><xsd:element name="id" type="xsd:string"/></xsd:sequence></xsd:complexType></xsd:element>
              <xsd:element name="getResponse"><xsd:complexType><xsd:sequence><xsd:element name="id" type="xsd:string"/></xsd:sequence></xsd:complexType></xsd:element>
            </xsd:schema>
            """;

    static WsdlBundle upload(String... pathsAndTexts) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int i = 0; i < pathsAndTexts.length; i += 2) {
            files.put(pathsAndTexts[i], pathsAndTexts[i + 1].getBytes(StandardCharsets.UTF_8));
        }
        return WsdlBundles.fromUpload("bundle.zip", TestBundles.zip(files), "service.wsdl");
    }

    static String text(WsdlBundle bundle, String path) {
        return new String(bundle.files().get(path), StandardCharsets.UTF_8);
    }

    @Test
    void aSystemEntryMapsARemoteImportToTheBundleFileAndOnlyThatValueChanges() {
        String original = wsdl("http://example.com/schemas/order.xsd");
        WsdlBundle bundle = upload(
                "service.wsdl", original,
                "schemas/order.xsd", SCHEMA,
                "META-INF/jax-ws-catalog.xml",
                        CATALOG_OPEN
                                + "  <system systemId=\"http://example.com/schemas/order.xsd\" uri=\"../schemas/order.xsd\"/>\n"
                                + "</catalog>\n");

        assertThat(text(bundle, "service.wsdl"))
                .isEqualTo(original.replace("http://example.com/schemas/order.xsd", "schemas/order.xsd"));
        assertThat(bundle.files()).doesNotContainKey("META-INF/jax-ws-catalog.xml");
        assertThat(bundle.catalogs().rewrites())
                .containsExactly(new CatalogRewrite(
                        "service.wsdl",
                        5,
                        "http://example.com/schemas/order.xsd",
                        "schemas/order.xsd",
                        "META-INF/jax-ws-catalog.xml",
                        3,
                        "system"));
        assertThat(new WsdlAnalyzer().analyze(bundle).catalog()).hasSize(1);
    }

    @Test
    void withoutACatalogTheBundleIsUntouched() {
        String original = wsdl("order.xsd");
        WsdlBundle bundle = upload("service.wsdl", original, "order.xsd", SCHEMA, "catalog.xml", "<products/>");

        assertThat(text(bundle, "service.wsdl")).isEqualTo(original);
        assertThat(bundle.files()).containsKey("catalog.xml"); // not an OASIS catalog: an ordinary file
        assertThat(bundle.catalogs()).isEqualTo(AppliedCatalogs.NONE);
    }

    @Test
    void theLongestRewriteAndSuffixWinAndSystemEntriesComeBeforeUriEntries() {
        String catalog = CATALOG_OPEN
                + "  <uri name=\"http://example.com/a/b/order.xsd\" uri=\"wrong.xsd\"/>\n"
                + "  <rewriteSystem systemIdStartString=\"http://example.com/\" rewritePrefix=\"wrong/\"/>\n"
                + "  <rewriteSystem systemIdStartString=\"http://example.com/a/\" rewritePrefix=\"right/\"/>\n"
                + "  <systemSuffix systemIdSuffix=\"order.xsd\" uri=\"wrong.xsd\"/>\n"
                + "</catalog>\n";
        WsdlBundle bundle = upload(
                "service.wsdl", wsdl("http://example.com/a/b/order.xsd"),
                "right/b/order.xsd", SCHEMA,
                "wrong.xsd", SCHEMA,
                "catalog.xml", catalog);

        assertThat(bundle.catalogs().rewrites()).singleElement().satisfies(rewrite -> {
            assertThat(rewrite.target()).isEqualTo("right/b/order.xsd");
            assertThat(rewrite.entry()).isEqualTo("rewriteSystem");
            assertThat(rewrite.catalogLine()).isEqualTo(5);
        });
        assertThat(text(bundle, "service.wsdl")).contains("schemaLocation=\"right/b/order.xsd\"");
    }

    @Test
    void suffixAndUriEntriesApplyWhenNothingElseMatches() {
        String catalog = CATALOG_OPEN
                + "  <systemSuffix systemIdSuffix=\"/order.xsd\" uri=\"short.xsd\"/>\n"
                + "  <systemSuffix systemIdSuffix=\"/v2/order.xsd\" uri=\"long.xsd\"/>\n"
                + "  <uri name=\"urn:example:types\" uri=\"types.xsd\"/>\n"
                + "</catalog>\n";
        WsdlBundle bySuffix = upload(
                "service.wsdl",
                wsdl("http://example.com/v2/order.xsd"),
                "short.xsd",
                SCHEMA,
                "long.xsd",
                SCHEMA,
                "types.xsd",
                SCHEMA,
                "catalog.xml",
                catalog);
        WsdlBundle byUri = upload(
                "service.wsdl",
                wsdl("urn:example:types"),
                "short.xsd",
                SCHEMA,
                "long.xsd",
                SCHEMA,
                "types.xsd",
                SCHEMA,
                "catalog.xml",
                catalog);

        assertThat(bySuffix.catalogs().rewrites())
                .extracting(CatalogRewrite::target)
                .containsExactly("long.xsd");
        assertThat(byUri.catalogs().rewrites())
                .extracting(CatalogRewrite::target)
                .containsExactly("types.xsd");
    }

    @Test
    void xmlBaseOnTheCatalogAGroupAndAnEntryComposeAsXmlBaseSays() {
        String catalog = "<?xml version=\"1.0\"?>\n"
                + "<catalog xmlns=\"urn:oasis:names:tc:entity:xmlns:xml:catalog\" xml:base=\"../\">\n"
                + "  <group xml:base=\"schemas/\">\n"
                + "    <system systemId=\"urn:a\" uri=\"a.xsd\"/>\n"
                + "    <system systemId=\"urn:b\" uri=\"b.xsd\" xml:base=\"v2/\"/>\n"
                + "  </group>\n"
                + "</catalog>\n";
        WsdlBundle a = upload(
                "service.wsdl",
                wsdl("urn:a"),
                "schemas/a.xsd",
                SCHEMA,
                "schemas/v2/b.xsd",
                SCHEMA,
                "META-INF/catalog.xml",
                catalog);
        WsdlBundle b = upload(
                "service.wsdl",
                wsdl("urn:b"),
                "schemas/a.xsd",
                SCHEMA,
                "schemas/v2/b.xsd",
                SCHEMA,
                "META-INF/catalog.xml",
                catalog);

        assertThat(a.catalogs().rewrites()).extracting(CatalogRewrite::target).containsExactly("schemas/a.xsd");
        assertThat(b.catalogs().rewrites()).extracting(CatalogRewrite::target).containsExactly("schemas/v2/b.xsd");
    }

    @Test
    void importsInSubfoldersGetPathsRelativeToTheirOwnFile() {
        assertThat(CatalogImports.relative("service.wsdl", "schemas/order.xsd")).isEqualTo("schemas/order.xsd");
        assertThat(CatalogImports.relative("wsdl/a.wsdl", "schemas/order.xsd")).isEqualTo("../schemas/order.xsd");
        assertThat(CatalogImports.relative("schemas/a.xsd", "schemas/common/m.xsd"))
                .isEqualTo("common/m.xsd");
        assertThat(CatalogImports.relative("a/b/c.xsd", "a/d.xsd")).isEqualTo("../d.xsd");
        assertThat(CatalogImports.relative("a/b/c.xsd", "a/b/c.xsd")).isEqualTo("c.xsd");
    }

    @Test
    void aValueOverSeveralLinesKeepsItsLineBreaksSoLaterErrorsKeepTheirLines() {
        String original = wsdl("\n      http://example.com/order.xsd\n      ")
                .replace("element=\"o:getResponse\"", "element=\"nope:getResponse\""); // line 9 after the value
        WsdlBundle bundle = upload(
                "service.wsdl", original,
                "order.xsd", SCHEMA,
                "catalog.xml",
                        CATALOG_OPEN + "<system systemId=\"http://example.com/order.xsd\" uri=\"order.xsd\"/>"
                                + "</catalog>");

        String rewritten = text(bundle, "service.wsdl");
        assertThat(rewritten.lines().count()).isEqualTo(original.lines().count());
        assertThat(rewritten).contains("schemaLocation=\"order.xsd\"\n\n/>");
        assertThatThrownBy(() -> new WsdlAnalyzer().analyze(bundle))
                .isInstanceOf(WsdlProblem.class)
                .hasMessageStartingWith("service.wsdl:10:")
                .hasMessageContaining("undeclared prefix 'nope'");
    }

    @Test
    void singleQuotesCommentsAndCdataDoNotConfuseTheRewrite() {
        String original = wsdl("x")
                .replace(
                        "<xsd:import namespace=\"urn:o\" schemaLocation=\"x\"/>",
                        "<!-- <xsd:import schemaLocation=\"http://e/o.xsd\"/> --><xsd:import namespace='urn:o' a='>' "
                                + "schemaLocation = 'http://e/o.xsd' />");
        WsdlBundle bundle = upload(
                "service.wsdl", original,
                "o.xsd", SCHEMA,
                "catalog.xml", CATALOG_OPEN + "<system systemId=\"http://e/o.xsd\" uri=\"o.xsd\"/></catalog>");

        assertThat(text(bundle, "service.wsdl"))
                .isEqualTo(original.replace("schemaLocation = 'http://e/o.xsd'", "schemaLocation = 'o.xsd'"));
    }

    @Test
    void aUtf16FileIsRewrittenInItsOwnEncoding() {
        String original = wsdl("http://e/o.xsd").replace("encoding=\"UTF-8\"", "encoding=\"UTF-16\"");
        Map<String, byte[]> files = new LinkedHashMap<>();
        byte[] withBom = ("\uFEFF" + original).getBytes(StandardCharsets.UTF_16LE);
        files.put("service.wsdl", withBom);
        files.put("o.xsd", SCHEMA.getBytes(StandardCharsets.UTF_8));
        files.put(
                "catalog.xml",
                (CATALOG_OPEN + "<system systemId=\"http://e/o.xsd\" uri=\"o.xsd\"/></catalog>")
                        .getBytes(StandardCharsets.UTF_8));

        WsdlBundle bundle = WsdlBundles.fromUpload("b.zip", TestBundles.zip(files), "service.wsdl");

        assertThat(bundle.files().get("service.wsdl"))
                .isEqualTo(
                        ("\uFEFF" + original.replace("http://e/o.xsd", "o.xsd")).getBytes(StandardCharsets.UTF_16LE));
        assertThat(new WsdlAnalyzer().analyze(bundle).operations()).hasSize(1);
    }

    @Test
    void severalCatalogsAreOneListJaxWsCatalogsFirstAndUnusedCatalogsAndDelegationAreWarnedOf() {
        WsdlBundle bundle = upload(
                "service.wsdl",
                wsdl("http://e/o.xsd"),
                "a.xsd",
                SCHEMA,
                "b.xsd",
                SCHEMA,
                "catalog.xml",
                CATALOG_OPEN + "<system systemId=\"http://e/o.xsd\" uri=\"b.xsd\"/></catalog>",
                "x/jax-ws-catalog.xml",
                CATALOG_OPEN
                        + "<delegateSystem systemIdStartString=\"http://e/\" catalog=\"http://e/catalog.xml\"/>\n"
                        + "<system systemId=\"http://e/o.xsd\" uri=\"../a.xsd\"/></catalog>",
                "y/catalog.xml",
                CATALOG_OPEN + "<system systemId=\"urn:unused\" uri=\"../a.xsd\"/></catalog>");

        assertThat(bundle.catalogs().catalogs())
                .containsExactly("x/jax-ws-catalog.xml", "catalog.xml", "y/catalog.xml");
        assertThat(bundle.catalogs().rewrites())
                .extracting(CatalogRewrite::target)
                .containsExactly("a.xsd");
        assertThat(bundle.files()).containsOnlyKeys("service.wsdl", "a.xsd", "b.xsd");
        assertThat(new WsdlAnalyzer().analyze(bundle).warnings())
                .contains(
                        "x/jax-ws-catalog.xml:3: delegateSystem ignored: delegation hands resolution to catalogs"
                                + " outside the bundle's own",
                        "catalog.xml: an XML catalog that maps none of the bundle's imports",
                        "y/catalog.xml: an XML catalog that maps none of the bundle's imports");
    }

    @Test
    void nextCatalogIsFollowedInsideTheBundle() {
        WsdlBundle bundle = upload(
                "service.wsdl",
                wsdl("http://e/o.xsd"),
                "o.xsd",
                SCHEMA,
                "jax-ws-catalog.xml",
                CATALOG_OPEN + "<nextCatalog catalog=\"more/extra.xml\"/></catalog>",
                "more/extra.xml",
                CATALOG_OPEN + "<system systemId=\"http://e/o.xsd\" uri=\"../o.xsd\"/></catalog>");

        assertThat(bundle.catalogs().catalogs()).containsExactly("jax-ws-catalog.xml", "more/extra.xml");
        assertThat(bundle.catalogs().rewrites())
                .extracting(CatalogRewrite::catalog)
                .containsExactly("more/extra.xml");
        assertThat(bundle.files()).containsOnlyKeys("service.wsdl", "o.xsd");
    }

    @Test
    void aLocationTheValueRulesRefuseIsLeftForThemToRefuse() {
        WsdlBundle bundle = upload(
                "service.wsdl",
                wsdl("http://e/o&quot;x"),
                "o.xsd",
                SCHEMA,
                "catalog.xml",
                CATALOG_OPEN + "<systemSuffix systemIdSuffix=\"x\" uri=\"o.xsd\"/></catalog>");

        assertThat(bundle.catalogs().rewrites()).isEmpty();
        assertThatThrownBy(() -> new WsdlAnalyzer().analyze(bundle))
                .isInstanceOf(WsdlProblem.class)
                .hasMessageStartingWith("service.wsdl:5:");
    }
}
