package dev.soapbench.wsdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

class SampleGeneratorTest {

    private static final String ORDERS = "urn:soapbench:test:orders";
    private static final String RICH = "urn:soapbench:test:rich";
    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";

    private final WsdlAnalyzer analyzer = new WsdlAnalyzer();
    private final SampleGenerator generator = new SampleGenerator();

    static Stream<Arguments> schemaValidBundles() {
        return Stream.of(
                // nested types, a repeated element, an enumeration
                Arguments.of(TestBundles.single("orders/orders.wsdl"), 2),
                // choice, extension, enumerations, attributes, base64, lists, unions, patterns, recursion
                Arguments.of(TestBundles.single("rich/rich.wsdl"), 3),
                // types from an xsd:import and xsd:include in subfolders of a zip
                Arguments.of(
                        WsdlBundles.fromUpload(
                                "inventory.zip", TestBundles.zip(TestBundles.folder("bundle")), "service.wsdl"),
                        1),
                Arguments.of(TestBundles.single("echo/echo.wsdl"), 1),
                Arguments.of(TestBundles.single("soap12/greeter.wsdl"), 2));
    }

    @ParameterizedTest
    @MethodSource("schemaValidBundles")
    void everyDocumentSampleValidatesAgainstItsSchema(WsdlBundle bundle, int operations) throws Exception {
        SampleSet set = generator.generateWithWarnings(bundle, analyzer.analyze(bundle));
        BodyValidator validator = new BodyValidator(bundle);

        assertEquals(operations, set.samples().size());
        for (Sample sample : set.samples()) {
            validator.validate(sample.request());
            if (sample.oneWay()) {
                assertNull(sample.response(), sample.operation());
            } else {
                validator.validate(sample.response());
            }
        }
        assertEquals(List.of(), set.warnings());
    }

    @Test
    void getOrderResponseHoldsTwoLinesAndTheFirstStatus() throws Exception {
        WsdlBundle bundle = TestBundles.single("orders/orders.wsdl");
        Sample getOrder = sample(bundle, "getOrder");

        Element response =
                new BodyValidator(bundle).validate(getOrder.response()).get(0);

        assertEquals("getOrderResponse", response.getLocalName());
        Element order = child(response, ORDERS, "order");
        assertEquals(2, children(order, ORDERS, "line").size());
        assertEquals("OPEN", child(order, ORDERS, "status").getTextContent());
        assertEquals(
                "12.5",
                child(children(order, ORDERS, "line").get(0), ORDERS, "unitPrice")
                        .getTextContent());
        assertEquals("2026-01-01T12:00:00Z", child(order, ORDERS, "placed").getTextContent());
        assertEquals("urn:soapbench:test:orders:getOrder", getOrder.soapAction());
        assertEquals("1.1", getOrder.soapVersion());
    }

    @Test
    void validatorRejectsAValueOutsideTheEnumeration() throws Exception {
        WsdlBundle bundle = TestBundles.single("orders/orders.wsdl");
        String broken = sample(bundle, "getOrder").response().replace(">OPEN<", ">LOST<");

        assertThrows(SAXException.class, () -> new BodyValidator(bundle).validate(broken));
    }

    @Test
    void richSampleFollowsTheSchemaRules() throws Exception {
        WsdlBundle bundle = TestBundles.single("rich/rich.wsdl");
        Element submit = new BodyValidator(bundle)
                .validate(sample(bundle, "submit").request())
                .get(0);

        Element customer = child(submit, RICH, "customer");
        assertEquals("1", customer.getAttribute("id"), "required attribute");
        assertTrue(customer.hasAttribute("note"), "optional attribute filled");
        assertNotNull(child(customer, null, "name"), "unqualified local element of the common schema");
        assertTrue(child(customer, null, "name").getTextContent().length() <= 4, "maxLength");
        assertEquals(8, child(customer, null, "postcode").getTextContent().length(), "length");
        assertTrue(child(customer, null, "code").getTextContent().matches("[A-Z]{3}-\\d{4}"), "pattern");

        assertEquals(2, children(submit, RICH, "item").size(), "maxOccurs unbounded gives two");
        Element item = children(submit, RICH, "item").get(0);
        assertEquals("U09BUEJlbmNo", child(item, RICH, "photo").getTextContent());
        assertEquals("EUR", child(item, RICH, "price").getAttribute("currency"), "first enumeration value");

        List<Element> special = elements(child(submit, RICH, "special"));
        assertEquals(
                List.of("sku", "price", "photo", "tags", "discount"),
                special.stream().map(Element::getLocalName).toList(),
                "base content before extension content");

        Element payment = child(submit, RICH, "payment");
        assertEquals(
                List.of("card"),
                elements(payment).stream().map(Element::getLocalName).toList(),
                "first choice branch");
        assertEquals(
                16,
                child(child(payment, RICH, "card"), RICH, "number")
                        .getTextContent()
                        .length());

        assertEquals("LOW", child(submit, RICH, "priority").getTextContent());
        int quantity = Integer.parseInt(child(submit, RICH, "quantity").getTextContent());
        assertTrue(quantity >= 10 && quantity <= 20, "bounds respected: " + quantity);
        assertNotNull(child(submit, RICH, "comment"), "optional element reference present");

        Element tree = child(submit, RICH, "tree");
        assertEquals(2, children(tree, RICH, "child").size());
        assertEquals(List.of(), children(children(tree, RICH, "child").get(0), RICH, "child"), "recursion stops");
    }

    @Test
    void rpcLiteralWrapsUnqualifiedPartsInTheBodyNamespace() throws Exception {
        Sample add = sample(TestBundles.single("rpc-literal/calculator.wsdl"), "add");

        Element request = payload(add.request());
        assertEquals("urn:soapbench:test:calc:rpc", request.getNamespaceURI());
        assertEquals("add", request.getLocalName());
        assertEquals(
                List.of("operands", "scale"),
                elements(request).stream().map(Element::getLocalName).toList());
        elements(request).forEach(part -> assertNull(part.getNamespaceURI(), "part accessors are unqualified"));
        assertEquals(
                List.of("a", "b"),
                elements(child(request, null, "operands")).stream()
                        .map(Element::getLocalName)
                        .toList());
        assertTrue(!add.request().contains("xsi:type"), "literal use carries no xsi:type");

        Element response = payload(add.response());
        assertEquals("addResponse", response.getLocalName());
        assertEquals(1.5, Double.parseDouble(child(response, null, "sum").getTextContent()));
    }

    @Test
    void rpcEncodedAnnouncesTypesAndArrays() throws Exception {
        Sample greet = sample(TestBundles.single("rpc-encoded/legacy.wsdl"), "greet");

        Element request = payload(greet.request());
        assertEquals(
                "http://schemas.xmlsoap.org/soap/encoding/",
                request.getAttributeNS("http://schemas.xmlsoap.org/soap/envelope/", "encodingStyle"));
        Element person = child(request, null, "person");
        assertEquals("{urn:soapbench:test:legacy}Person", resolveQName(person, person.getAttributeNS(XSI, "type")));
        Element name = child(person, null, "name");
        assertEquals("{http://www.w3.org/2001/XMLSchema}string", resolveQName(name, name.getAttributeNS(XSI, "type")));
        Element friends = child(request, null, "friends");
        String arrayType = friends.getAttributeNS("http://schemas.xmlsoap.org/soap/encoding/", "arrayType");
        assertEquals("{http://www.w3.org/2001/XMLSchema}string[2]", resolveQName(friends, arrayType));
        assertEquals(2, children(friends, null, "item").size());
    }

    @Test
    void soapEncodedArraysOfAnyRankAndArraysOfArraysAreSentInTheirDeclaredShape() throws Exception {
        Sample store = sample(TestBundles.single("rpc-encoded/arrays.wsdl"), "store");
        Element request = payload(store.request());
        String soapEnc = "http://schemas.xmlsoap.org/soap/encoding/";

        // xsd:string[,]: a two-dimensional array, 2 x 2 items in row-major order.
        Element grid = child(request, null, "grid");
        assertEquals(
                "{http://www.w3.org/2001/XMLSchema}string[2,2]",
                resolveQName(grid, grid.getAttributeNS(soapEnc, "arrayType")));
        assertEquals(4, children(grid, null, "item").size());

        // xsd:int[][]: an array of two arrays, each of two ints, each item announcing its own type.
        Element rows = child(request, null, "rows");
        assertEquals(
                "{http://www.w3.org/2001/XMLSchema}int[][2]",
                resolveQName(rows, rows.getAttributeNS(soapEnc, "arrayType")));
        List<Element> inner = children(rows, null, "item");
        assertEquals(2, inner.size());
        for (Element row : inner) {
            assertEquals("{" + soapEnc + "}Array", resolveQName(row, row.getAttributeNS(XSI, "type")));
            assertEquals(
                    "{http://www.w3.org/2001/XMLSchema}int[2]",
                    resolveQName(row, row.getAttributeNS(soapEnc, "arrayType")));
            assertEquals(2, children(row, null, "item").size());
        }
    }

    @Test
    void envelopeNamespaceFollowsEachBinding() throws Exception {
        WsdlBundle bundle = TestBundles.single("soap12/greeter.wsdl");
        List<Sample> samples = generator.generate(bundle, analyzer.analyze(bundle));

        assertEquals(
                List.of("1.2", "1.1"), samples.stream().map(Sample::soapVersion).toList());
        assertEquals(
                "http://www.w3.org/2003/05/soap-envelope",
                envelope(samples.get(0).request()).getNamespaceURI());
        assertEquals(
                "http://www.w3.org/2003/05/soap-envelope",
                envelope(samples.get(0).response()).getNamespaceURI());
        assertEquals(
                "http://schemas.xmlsoap.org/soap/envelope/",
                envelope(samples.get(1).request()).getNamespaceURI());
    }

    @Test
    void samplesAreDeterministic() {
        WsdlBundle bundle = TestBundles.single("rich/rich.wsdl");
        WsdlAnalysis analysis = analyzer.analyze(bundle);

        assertEquals(generator.generate(bundle, analysis), generator.generate(bundle, analysis));
    }

    @Test
    void echoResponseRepeatsTheRequestText() throws Exception {
        Sample echo = sample(TestBundles.single("echo/echo.wsdl"), "echo");

        assertEquals("text1", payload(echo.request()).getTextContent().trim());
        assertEquals("text1", payload(echo.response()).getTextContent().trim());
    }

    @Test
    void recursionThroughAChoiceEndsAndValidates() throws Exception {
        String wsdl = documentWsdl(
                """
                <xsd:complexType name="Expr">
                  <xsd:choice>
                    <xsd:element name="pair" type="tns:Pair"/>
                    <xsd:element name="value" type="xsd:int"/>
                  </xsd:choice>
                </xsd:complexType>
                <xsd:complexType name="Pair">
                  <xsd:sequence>
                    <xsd:element name="left" type="tns:Expr"/>
                    <xsd:element name="right" type="tns:Expr"/>
                  </xsd:sequence>
                </xsd:complexType>
                <xsd:element name="check">
                  <xsd:complexType><xsd:sequence><xsd:element name="expr" type="tns:Expr"/></xsd:sequence></xsd:complexType>
                </xsd:element>
                """);
        WsdlBundle bundle = WsdlBundles.fromUpload("expr.wsdl", wsdl.getBytes(StandardCharsets.UTF_8), null);
        Sample check = generator.generate(bundle, analyzer.analyze(bundle)).get(0);

        Element request = new BodyValidator(bundle).validate(check.request()).get(0);

        Element pair = child(child(request, "urn:p", "expr"), "urn:p", "pair");
        assertNotNull(child(child(pair, "urn:p", "left"), "urn:p", "value"));
    }

    @Test
    void capsDemandedRepetitionWithAWarning() {
        String wsdl = documentWsdl(
                """
                <xsd:element name="check">
                  <xsd:complexType><xsd:sequence>
                    <xsd:element name="n" type="xsd:int" minOccurs="500" maxOccurs="unbounded"/>
                  </xsd:sequence></xsd:complexType>
                </xsd:element>
                """);
        WsdlBundle bundle = WsdlBundles.fromUpload("many.wsdl", wsdl.getBytes(StandardCharsets.UTF_8), null);

        SampleSet set = generator.generateWithWarnings(bundle, analyzer.analyze(bundle));

        assertEquals(100, set.samples().get(0).request().split("<ns1:n>", -1).length - 1);
        assertTrue(
                set.warnings().get(0).contains("must repeat 500 times"),
                set.warnings().toString());
    }

    @Test
    void meetsLengthFacetsOfBinaryTypesInOctets() throws Exception {
        String wsdl = documentWsdl(
                """
                <xsd:element name="check">
                  <xsd:complexType><xsd:sequence>
                    <xsd:element name="mac"><xsd:simpleType><xsd:restriction base="xsd:hexBinary">
                      <xsd:length value="6"/>
                    </xsd:restriction></xsd:simpleType></xsd:element>
                    <xsd:element name="key"><xsd:simpleType><xsd:restriction base="xsd:base64Binary">
                      <xsd:minLength value="16"/><xsd:maxLength value="32"/>
                    </xsd:restriction></xsd:simpleType></xsd:element>
                    <xsd:element name="tag"><xsd:simpleType><xsd:restriction base="xsd:hexBinary">
                      <xsd:maxLength value="2"/>
                    </xsd:restriction></xsd:simpleType></xsd:element>
                  </xsd:sequence></xsd:complexType>
                </xsd:element>
                """);
        WsdlBundle bundle = WsdlBundles.fromUpload("binary.wsdl", wsdl.getBytes(StandardCharsets.UTF_8), null);
        SampleSet set = generator.generateWithWarnings(bundle, analyzer.analyze(bundle));

        // the validator checks the facets in octets, as the stacks' bindings do
        Element check = new BodyValidator(bundle)
                .validate(set.samples().get(0).request())
                .get(0);

        assertEquals("534F41504265", child(check, "urn:p", "mac").getTextContent());
        assertEquals(16, Base64.getDecoder().decode(child(check, "urn:p", "key").getTextContent()).length);
        assertEquals("534F", child(check, "urn:p", "tag").getTextContent());
        assertEquals(List.of(), set.warnings());
    }

    @Test
    void refusesABinaryLengthWhoseEncodingExceedsTheValueBudget() {
        String wsdl = documentWsdl(
                """
                <xsd:element name="check">
                  <xsd:complexType><xsd:sequence>
                    <xsd:element name="blob"><xsd:simpleType><xsd:restriction base="xsd:hexBinary">
                      <xsd:minLength value="%d"/>
                    </xsd:restriction></xsd:simpleType></xsd:element>
                  </xsd:sequence></xsd:complexType>
                </xsd:element>
                """
                        .formatted(SampleBudget.MAX_VALUE_CHARS / 2 + 1));
        WsdlBundle bundle = WsdlBundles.fromUpload("blob.wsdl", wsdl.getBytes(StandardCharsets.UTF_8), null);

        WsdlProblem problem =
                assertThrows(WsdlProblem.class, () -> generator.generateWithWarnings(bundle, analyzer.analyze(bundle)));

        assertTrue(problem.reason().contains("octets"), problem.getMessage());
    }

    @Test
    void warnsWhenAPatternCannotBeSatisfied() {
        String wsdl = documentWsdl(
                """
                <xsd:element name="check">
                  <xsd:complexType><xsd:sequence>
                    <xsd:element name="word"><xsd:simpleType><xsd:restriction base="xsd:string">
                      <xsd:pattern value="\\p{Lu}{2}[^a-z]"/>
                    </xsd:restriction></xsd:simpleType></xsd:element>
                  </xsd:sequence></xsd:complexType>
                </xsd:element>
                """);
        WsdlBundle bundle = WsdlBundles.fromUpload("pattern.wsdl", wsdl.getBytes(StandardCharsets.UTF_8), null);

        SampleSet set = generator.generateWithWarnings(bundle, analyzer.analyze(bundle));

        assertEquals(1, set.warnings().size(), set.warnings().toString());
        assertTrue(set.warnings().get(0).contains("pattern"), set.warnings().get(0));
        assertTrue(set.samples().get(0).oneWay());
    }

    @Test
    void requiredWildcardsGetAnElementTheyAdmitAndValidate() throws Exception {
        String wsdl = documentWsdl(
                """
                <xsd:element name="note" type="xsd:string"/>
                <xsd:element name="check">
                  <xsd:complexType><xsd:sequence>
                    <xsd:element name="other"><xsd:complexType><xsd:sequence>
                      <xsd:any namespace="##other" processContents="lax"/>
                    </xsd:sequence></xsd:complexType></xsd:element>
                    <xsd:element name="own"><xsd:complexType><xsd:sequence>
                      <xsd:any namespace="##targetNamespace"/>
                    </xsd:sequence></xsd:complexType></xsd:element>
                    <xsd:element name="local"><xsd:complexType><xsd:sequence>
                      <xsd:any namespace="##local" processContents="skip"/>
                    </xsd:sequence></xsd:complexType></xsd:element>
                    <xsd:element name="optional"><xsd:complexType><xsd:sequence>
                      <xsd:any minOccurs="0" processContents="lax"/>
                    </xsd:sequence></xsd:complexType></xsd:element>
                  </xsd:sequence></xsd:complexType>
                </xsd:element>
                """);
        WsdlBundle bundle = WsdlBundles.fromUpload("any.wsdl", wsdl.getBytes(StandardCharsets.UTF_8), null);

        SampleSet set = generator.generateWithWarnings(bundle, analyzer.analyze(bundle));
        Element check = new BodyValidator(bundle)
                .validate(set.samples().get(0).request())
                .get(0);

        assertEquals(List.of(), set.warnings());
        Element other = elements(child(check, "urn:p", "other")).get(0);
        assertEquals("urn:soapbench:sample:any", other.getNamespaceURI());
        assertEquals("anyElement", other.getLocalName());
        Element own = elements(child(check, "urn:p", "own")).get(0);
        assertEquals("{urn:p}note", "{" + own.getNamespaceURI() + "}" + own.getLocalName());
        Element local = elements(child(check, "urn:p", "local")).get(0);
        assertNull(local.getNamespaceURI());
        assertEquals(List.of(), elements(child(check, "urn:p", "optional")));
    }

    @Test
    void warnsWhenAStrictWildcardHasNoElementToHold() {
        String wsdl = documentWsdl(
                """
                <xsd:element name="check">
                  <xsd:complexType><xsd:sequence>
                    <xsd:any namespace="urn:nowhere"/>
                  </xsd:sequence></xsd:complexType>
                </xsd:element>
                """);
        WsdlBundle bundle = WsdlBundles.fromUpload("strict.wsdl", wsdl.getBytes(StandardCharsets.UTF_8), null);

        SampleSet set = generator.generateWithWarnings(bundle, analyzer.analyze(bundle));

        assertEquals(1, set.warnings().size(), set.warnings().toString());
        assertTrue(set.warnings().get(0).contains("is strict"), set.warnings().get(0));
    }

    /** A one-way document/literal WSDL in namespace urn:p whose operation "check" sends element tns:check. */
    private static String documentWsdl(String schemaContent) {
        return """
                <wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
                    xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:p" targetNamespace="urn:p">
                  <wsdl:types>
                    <xsd:schema targetNamespace="urn:p" elementFormDefault="qualified">
                %s
                    </xsd:schema>
                  </wsdl:types>
                  <wsdl:message name="in"><wsdl:part name="p" element="tns:check"/></wsdl:message>
                  <wsdl:portType name="T"><wsdl:operation name="check"><wsdl:input message="tns:in"/></wsdl:operation></wsdl:portType>
                  <wsdl:binding name="B" type="tns:T"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <wsdl:operation name="check"><soap:operation soapAction="check"/><wsdl:input><soap:body use="literal"/></wsdl:input></wsdl:operation>
                  </wsdl:binding>
                  <wsdl:service name="S"><wsdl:port name="P" binding="tns:B"><soap:address location="http://localhost/"/></wsdl:port></wsdl:service>
                </wsdl:definitions>
                """
                .formatted(schemaContent);
    }

    private Sample sample(WsdlBundle bundle, String operation) {
        return generator.generate(bundle, analyzer.analyze(bundle)).stream()
                .filter(s -> s.operation().equals(operation))
                .findFirst()
                .orElseThrow();
    }

    private static Element envelope(String xml) throws Exception {
        return BodyValidator.parse(xml.getBytes(StandardCharsets.UTF_8)).getDocumentElement();
    }

    private static Element payload(String xml) throws Exception {
        Element body = elements(envelope(xml)).get(0);
        assertEquals("Body", body.getLocalName());
        return elements(body).get(0);
    }

    private static String resolveQName(Element context, String value) {
        int colon = value.indexOf(':');
        return "{" + context.lookupNamespaceURI(value.substring(0, colon)) + "}" + value.substring(colon + 1);
    }

    private static List<Element> elements(Element parent) {
        List<Element> result = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                result.add(e);
            }
        }
        return result;
    }

    private static List<Element> children(Element parent, String namespace, String localName) {
        return elements(parent).stream()
                .filter(e ->
                        localName.equals(e.getLocalName()) && java.util.Objects.equals(namespace, e.getNamespaceURI()))
                .toList();
    }

    private static Element child(Element parent, String namespace, String localName) {
        List<Element> found = children(parent, namespace, localName);
        assertEquals(1, found.size(), "one " + localName + " in " + parent.getLocalName());
        return found.get(0);
    }

    @Test
    void aListOfEnumerationValuesHoldsEachValueOnce() throws Exception {
        Path lists = Path.of("../testdata/wsdl/list-values-rpc/lists.wsdl");
        WsdlBundle bundle = WsdlBundles.fromUpload("lists.wsdl", Files.readAllBytes(lists), null);
        Sample sort = generator.generate(bundle, analyzer.analyze(bundle)).stream()
                .filter(sample -> sample.operation().equals("sort"))
                .findFirst()
                .orElseThrow();

        // A list of strings has two different items; a list of the enumeration red/green/blue one.
        assertTrue(sort.request().contains("<colours>red</colours>"), sort.request());
        assertTrue(sort.request().matches("(?s).*<words>\\S+ \\S+</words>.*"), sort.request());
    }
}
