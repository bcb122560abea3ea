package dev.soapbench.wsdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BundleValuesTest {

    // Each {slot} holds a harmless default; a case puts a hostile value into one of them.
    private static final String TEMPLATE =
            """
            <wsdl:definitions name="{definitions}" targetNamespace="{tns}" xmlns:tns="{tns}"
                xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
                xmlns:wsp="http://www.w3.org/ns/ws-policy" xmlns:wsam="http://www.w3.org/2007/05/addressing/metadata"
                xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
              <wsdl:documentation>{documentation}</wsdl:documentation>
              <wsdl:types>
                <xsd:schema targetNamespace="{tns}" elementFormDefault="qualified">
                  <xsd:element name="{element}">
                    <xsd:complexType>
                      <xsd:sequence>
                        <xsd:element name="text" type="tns:{simpleType}" default="{default}"/>
                      </xsd:sequence>
                      <xsd:attribute name="{attribute}" type="xsd:string" fixed="{fixed}"/>
                    </xsd:complexType>
                  </xsd:element>
                  <xsd:simpleType name="{simpleType}">
                    <xsd:annotation><xsd:documentation>{xsdDocumentation}</xsd:documentation></xsd:annotation>
                    <xsd:restriction base="xsd:string">
                      <xsd:enumeration value="{enumeration}"/>
                      <xsd:pattern value="{pattern}"/>
                      <xsd:maxLength value="{maxLength}"/>
                    </xsd:restriction>
                  </xsd:simpleType>
                  <xsd:complexType name="{complexType}"><xsd:sequence/></xsd:complexType>
                  <xsd:group name="{group}"><xsd:sequence/></xsd:group>
                  {schemaExtra}
                </xsd:schema>
              </wsdl:types>
              <wsdl:message name="{message}"><wsdl:part name="{part}" element="tns:{element}"/></wsdl:message>
              <wsdl:portType name="{portType}">
                <wsdl:operation name="{operation}">
                  <wsdl:input message="tns:{message}" wsam:Action="{wsaAction}"/>
                  <wsdl:output message="tns:{message}"/>
                </wsdl:operation>
              </wsdl:portType>
              <wsdl:binding name="{binding}" type="tns:{portType}">
                <wsp:PolicyReference URI="{policy}"/>
                <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                <wsdl:operation name="{operation}">
                  <soap:operation soapAction="{soapAction}"/>
                  <wsdl:input><soap:body use="literal"/></wsdl:input>
                  <wsdl:output><soap:body use="literal"/></wsdl:output>
                </wsdl:operation>
              </wsdl:binding>
              <wsp:Policy wsu:Id="{policyId}" xmlns:wsu="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd"/>
              <wsdl:service name="{service}">
                <wsdl:port name="{port}" binding="tns:{binding}">
                  <soap:address location="{address}"/>
                </wsdl:port>
              </wsdl:service>
              {definitionsExtra}
            </wsdl:definitions>
            """;

    private static final Map<String, String> DEFAULTS = Map.ofEntries(
            Map.entry("definitions", "Echo"),
            Map.entry("tns", "urn:soapbench:echo"),
            Map.entry("documentation", "Echoes its text.\n\tNothing more."),
            Map.entry("element", "echo"),
            Map.entry("simpleType", "Word"),
            Map.entry("default", "hello"),
            Map.entry("attribute", "lang"),
            Map.entry("fixed", "en"),
            Map.entry("xsdDocumentation", "A word."),
            Map.entry("enumeration", "hello"),
            Map.entry("pattern", "[a-z]+"),
            Map.entry("maxLength", "10"),
            Map.entry("complexType", "Empty"),
            Map.entry("group", "Nothing"),
            Map.entry("schemaExtra", ""),
            Map.entry("message", "echoMessage"),
            Map.entry("part", "parameters"),
            Map.entry("portType", "EchoPortType"),
            Map.entry("operation", "echo"),
            Map.entry("wsaAction", "urn:soapbench:echo:echo"),
            Map.entry("binding", "EchoBinding"),
            Map.entry("policy", "#EchoPolicy"),
            Map.entry("policyId", "EchoPolicy"),
            Map.entry("soapAction", "urn:soapbench:echo:echo"),
            Map.entry("service", "EchoService"),
            Map.entry("port", "EchoPort"),
            Map.entry("address", "http://localhost:8080/ws"),
            Map.entry("definitionsExtra", ""));

    private static final String BREAK_OUT = "x\"); static { Runtime.getRuntime().exec(\"touch /tmp/m\"); } //";

    static Stream<Arguments> refused() {
        return Stream.of(
                // names of every kind of component
                Arguments.of("definitions", "Echo Service", "wsdl:definitions/@name"),
                Arguments.of("element", "echo\"x", "xsd:element/@name"),
                Arguments.of("attribute", "a b", "xsd:attribute/@name"),
                Arguments.of("simpleType", "W;ord", "xsd:element/@type"),
                Arguments.of("complexType", "Empty()", "xsd:complexType/@name"),
                Arguments.of("group", "-g", "xsd:group/@name"),
                Arguments.of("message", "m'", "wsdl:message/@name"),
                Arguments.of("part", "p*", "wsdl:part/@name"),
                Arguments.of("portType", "P\\T", "wsdl:portType/@name"),
                Arguments.of("operation", "echo();", "wsdl:operation/@name"),
                Arguments.of("binding", "B%", "wsdl:binding/@name"),
                Arguments.of("service", "Echo\"Service", "wsdl:service/@name"),
                Arguments.of("port", "Port\u00A0", "wsdl:port/@name"),
                Arguments.of("policyId", "1abc", "wsp:Policy/@wsu:Id"),
                // URIs: namespaces, actions, addresses
                Arguments.of("tns", "urn:x\"+y", "wsdl:definitions/@targetNamespace"),
                Arguments.of("soapAction", BREAK_OUT, "soap:operation/@soapAction"),
                Arguments.of("wsaAction", "urn:a b", "wsdl:input/@wsam:Action"),
                Arguments.of("address", "http://localhost:8080/ws\"", "soap:address/@location"),
                // literals
                Arguments.of("default", "x\"; system(\"id\"); \"", "xsd:element/@default"),
                Arguments.of("fixed", "en\\", "xsd:attribute/@fixed"),
                Arguments.of("enumeration", BREAK_OUT, "xsd:enumeration/@value"),
                Arguments.of("pattern", "[a-z]\"", "xsd:pattern/@value"),
                Arguments.of("maxLength", "10\"", "xsd:maxLength/@value"),
                Arguments.of(
                        "schemaExtra",
                        "<xsd:complexType name=\"X\"><xsd:sequence><xsd:element name=\"x\" type=\"xsd:string\""
                                + " minOccurs=\"1); System.exit(0); //\"/></xsd:sequence></xsd:complexType>",
                        "xsd:element/@minOccurs"),
                // documentation
                Arguments.of("documentation", "*/ static { } /*", "wsdl:documentation text"),
                Arguments.of("xsdDocumentation", "\\u002a/ class X {}", "xsd:documentation text"),
                // references a stack might fetch
                Arguments.of("policy", "http://127.0.0.1:9/policy", "wsp:PolicyReference/@URI"),
                Arguments.of("policy", "other.xml#p", "wsp:PolicyReference/@URI"),
                Arguments.of(
                        "schemaExtra",
                        "<xsd:import namespace=\"urn:o\" schemaLocation=\"http://127.0.0.1:9/o.xsd\"/>",
                        "xsd:import/@schemaLocation"),
                Arguments.of(
                        "schemaExtra",
                        "<xsd:redefine schemaLocation=\"https://example.com/r.xsd\"/>",
                        "xsd:redefine/@schemaLocation"),
                Arguments.of(
                        "schemaExtra",
                        "<xsd:override schemaLocation=\"file:///etc/passwd\"/>",
                        "xsd:override/@schemaLocation"),
                Arguments.of(
                        "schemaExtra",
                        "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"file:///etc/passwd\"/>",
                        "<xi:include>"),
                Arguments.of(
                        "definitionsExtra",
                        "<wsdl:import namespace=\"urn:o\" location=\"../../etc/passwd\"/>",
                        "wsdl:import/@location"),
                Arguments.of(
                        "definitionsExtra",
                        "<x:ext xmlns:x=\"urn:x\" xmlns:w=\"http://www.w3.org/ns/ws-policy\""
                                + " w:PolicyURIs=\"#a http://127.0.0.1:9/p\"/>",
                        "x:ext/@w:PolicyURIs"),
                Arguments.of(
                        "definitionsExtra",
                        "<x:ext xmlns:x=\"urn:x\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
                                + " xsi:schemaLocation=\"urn:x http://127.0.0.1:9/x.xsd\"/>",
                        "x:ext/@xsi:schemaLocation"),
                // customisations that choose generated code
                Arguments.of(
                        "definitionsExtra",
                        "<jaxws:bindings xmlns:jaxws=\"http://java.sun.com/xml/ns/jaxws\"/>",
                        "<jaxws:bindings>"),
                Arguments.of(
                        "schemaExtra",
                        "<xsd:annotation><xsd:appinfo><jaxb:class xmlns:jaxb=\"https://jakarta.ee/xml/ns/jaxb\""
                                + " implClass=\"Evil\"/></xsd:appinfo></xsd:annotation>",
                        "<jaxb:class>"));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusesNamingFileLineAttributeAndValue(String slot, String value, String where) {
        Map<String, String> values = new HashMap<>(DEFAULTS);
        values.put(slot, escapeXml(slot, value));
        String wsdl = fill(values);
        int line = lineOf(wsdl, escapeXml(slot, value));

        WsdlProblem problem = assertThrows(WsdlProblem.class, () -> analyze(wsdl));

        assertEquals("service.wsdl", problem.file());
        assertEquals(line, problem.line(), problem.getMessage());
        assertTrue(problem.reason().contains(where), problem.getMessage());
    }

    @Test
    void defaultsAreAccepted() {
        assertEquals("echo", analyze(fill(DEFAULTS)).operations().get(0).name());
    }

    @Test
    void theValueIsShownEscapedAndCut() {
        Map<String, String> values = new HashMap<>(DEFAULTS);
        values.put("soapAction", escapeXml("soapAction", BREAK_OUT + "x".repeat(100)));

        WsdlProblem problem = assertThrows(WsdlProblem.class, () -> analyze(fill(values)));

        assertTrue(
                problem.reason()
                        .startsWith(
                                "soap:operation/@soapAction \"x\\\"); static { Runtime.getRuntime().exec(\\\"touch"),
                problem.reason());
        assertTrue(problem.reason().contains("… (161 characters)"), problem.reason());
    }

    @Test
    void filesNoImportReachesAreCheckedToo() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("service.wsdl", fill(DEFAULTS).getBytes(StandardCharsets.UTF_8));
        files.put(
                "unused/types.xsd",
                "<xsd:schema xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\">\n<xsd:element name=\"a&quot;b\"/>\n</xsd:schema>"
                        .getBytes(StandardCharsets.UTF_8));
        WsdlBundle bundle = WsdlBundles.fromUpload("b.zip", TestBundles.zip(files), "service.wsdl");

        WsdlProblem problem = assertThrows(WsdlProblem.class, () -> new WsdlAnalyzer().analyze(bundle));

        assertEquals("unused/types.xsd", problem.file());
        assertEquals(2, problem.line());
    }

    private static WsdlAnalysis analyze(String wsdl) {
        return new WsdlAnalyzer()
                .analyze(WsdlBundles.fromUpload("service.wsdl", wsdl.getBytes(StandardCharsets.UTF_8), null));
    }

    private static String fill(Map<String, String> values) {
        String wsdl = TEMPLATE;
        for (Map.Entry<String, String> value : values.entrySet()) {
            wsdl = wsdl.replace("{" + value.getKey() + "}", value.getValue());
        }
        return wsdl;
    }

    /** Slots that hold markup stay as they are; the others are attribute or text content. */
    private static String escapeXml(String slot, String value) {
        if (slot.endsWith("Extra")) {
            return value;
        }
        return value.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace("\"", "&quot;")
                .replace("\u00A0", "&#160;");
    }

    /** The line where the start tag holding the value ends: where the XML parser reports an element. */
    private static int lineOf(String text, String needle) {
        int index = text.indexOf('>', text.indexOf(needle));
        return (int) text.substring(0, index).chars().filter(c -> c == '\n').count() + 1;
    }
}
