package dev.soapbench.wsdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

class SampleHeadersTest {

    private static final String NS = "urn:soapbench:test:headers";
    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

    private final WsdlBundle bundle = TestBundles.single("headers/headers.wsdl");
    private final WsdlAnalysis analysis = new WsdlAnalyzer().analyze(bundle);
    private final SampleSet set = new SampleGenerator().generateWithWarnings(bundle, analysis);

    @Test
    void requestsCarryTheInputHeadersOfTheirOwnAndOfOtherMessages() throws Exception {
        Sample lookup = sample("1.1");

        List<Element> blocks = new BodyValidator(bundle).validateHeader(lookup.request());

        assertEquals(List.of("{" + NS + "}clientToken", "{" + NS + "}tracing"), names(blocks));
        assertEquals(SOAP11, section(lookup.request(), "Header").getNamespaceURI());
        assertEquals("Header", sections(lookup.request()).get(0).getLocalName(), "the Header comes before the Body");
        blocks.forEach(
                block -> assertFalse(block.hasAttributeNS(SOAP11, "mustUnderstand"), "mustUnderstand is left unset"));
    }

    @Test
    void aPartBoundAsAHeaderStaysOutOfABodyThatNamesNoParts() throws Exception {
        Sample lookup = sample("1.1");

        List<Element> payload = new BodyValidator(bundle).validate(lookup.request());

        assertEquals(List.of("{" + NS + "}lookup"), names(payload));
    }

    @Test
    void responsesCarryTheOutputHeaders() throws Exception {
        Sample lookup = sample("1.1");

        List<Element> blocks = new BodyValidator(bundle).validateHeader(lookup.response());

        assertEquals(List.of("{" + NS + "}serverInfo"), names(blocks));
        assertEquals(
                List.of("{" + NS + "}lookupResponse"), names(new BodyValidator(bundle).validate(lookup.response())));
    }

    @Test
    void soap12HeadersAreInTheSoap12Envelope() throws Exception {
        Sample lookup = sample("1.2");

        assertEquals(SOAP12, section(lookup.request(), "Header").getNamespaceURI());
        assertEquals(SOAP12, section(lookup.response(), "Header").getNamespaceURI());
        assertEquals(
                2, new BodyValidator(bundle).validateHeader(lookup.request()).size());
    }

    @Test
    void aHeaderTheSamplesCannotBuildIsAWarningNamingIt() {
        List<String> typed = analysis.warnings().stream()
                .filter(w -> w.contains("'priority'"))
                .toList();

        assertEquals(1, typed.size(), analysis.warnings().toString());
        assertTrue(typed.get(0).startsWith("headers.wsdl:"), typed.get(0));
        assertTrue(typed.get(0).contains("declared by type"), typed.get(0));
        assertTrue(
                analysis.warnings().stream().noneMatch(w -> w.contains("samples leave headers out")),
                "headers that are generated are not reported as left out");
        assertFalse(sample("1.1").request().contains("priority"));
    }

    @Test
    void headerBlocksCountAgainstTheMessageBudget() {
        // A header block of 100 x 100 x 3 elements, past the 20,000 a message may hold.
        String tooBig = "<xsd:element name=\"clientToken\"><xsd:complexType><xsd:sequence>"
                + "<xsd:element name=\"user\" type=\"tns:Rows\" minOccurs=\"100\" maxOccurs=\"100\"/>"
                + "</xsd:sequence></xsd:complexType></xsd:element>"
                + "<xsd:complexType name=\"Rows\"><xsd:sequence>"
                + "<xsd:element name=\"row\" type=\"tns:Cells\" minOccurs=\"100\" maxOccurs=\"100\"/>"
                + "</xsd:sequence></xsd:complexType>"
                + "<xsd:complexType name=\"Cells\"><xsd:sequence>"
                + "<xsd:element name=\"cell\" type=\"xsd:string\" minOccurs=\"3\" maxOccurs=\"3\"/>"
                + "</xsd:sequence></xsd:complexType>";
        String wsdl = new String(bundle.files().get("headers.wsdl"), StandardCharsets.UTF_8)
                .replaceFirst(
                        "(?s)<xsd:element name=\"clientToken\">.*?</xsd:element>\\s*(?=<xsd:element name=\"tracing\")",
                        tooBig);
        assertTrue(wsdl.contains("tns:Rows"), "the test replaced clientToken");
        WsdlBundle big = WsdlBundles.fromUpload("headers.wsdl", wsdl.getBytes(StandardCharsets.UTF_8), null);
        WsdlAnalysis bigAnalysis = new WsdlAnalyzer().analyze(big);

        WsdlProblem problem =
                assertThrows(WsdlProblem.class, () -> new SampleGenerator().generateWithWarnings(big, bigAnalysis));

        assertTrue(problem.reason().contains("more than 20000 elements"), problem.getMessage());
    }

    private Sample sample(String soapVersion) {
        return set.samples().stream()
                .filter(s -> s.soapVersion().equals(soapVersion))
                .findFirst()
                .orElseThrow();
    }

    private static List<Element> sections(String envelope) throws Exception {
        Element root =
                BodyValidator.parse(envelope.getBytes(StandardCharsets.UTF_8)).getDocumentElement();
        List<Element> result = new ArrayList<>();
        for (Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                result.add(e);
            }
        }
        return result;
    }

    private static Element section(String envelope, String name) throws Exception {
        return sections(envelope).stream()
                .filter(e -> e.getLocalName().equals(name))
                .findFirst()
                .orElseThrow();
    }

    private static List<String> names(List<Element> elements) {
        return elements.stream()
                .map(e -> "{" + e.getNamespaceURI() + "}" + e.getLocalName())
                .toList();
    }
}
