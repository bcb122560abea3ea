package dev.soapbench.wsdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SampleBoundsTest {

    // The request element is tns:root of type tns:Root; {types} declares Root and what it uses.
    private static final String TEMPLATE =
            """
            <wsdl:definitions targetNamespace="urn:b" xmlns:tns="urn:b" xmlns:xsd="http://www.w3.org/2001/XMLSchema"
                xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
              <wsdl:types>
                <xsd:schema targetNamespace="urn:b" elementFormDefault="qualified">
                  <xsd:element name="root" type="tns:Root"/>
            {types}
                </xsd:schema>
              </wsdl:types>
              <wsdl:message name="m"><wsdl:part name="p" element="tns:root"/></wsdl:message>
              <wsdl:portType name="P"><wsdl:operation name="op"><wsdl:input message="tns:m"/>
                <wsdl:output message="tns:m"/></wsdl:operation></wsdl:portType>
              <wsdl:binding name="B" type="tns:P"><soap:binding style="document"
                transport="http://schemas.xmlsoap.org/soap/http"/>
                <wsdl:operation name="op"><soap:operation soapAction="urn:b:op"/>
                  <wsdl:input><soap:body use="literal"/></wsdl:input>
                  <wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation></wsdl:binding>
              <wsdl:service name="S"><wsdl:port name="Q" binding="tns:B">
                <soap:address location="http://localhost:8080/ws"/></wsdl:port></wsdl:service>
            </wsdl:definitions>
            """;

    /** A type whose content holds {@code minOccurs} items of the next type, {@code levels} deep. */
    private static String nested(int levels, int minOccurs) {
        StringBuilder types = new StringBuilder();
        for (int level = 0; level < levels; level++) {
            String name = level == 0 ? "Root" : "Level" + level;
            String item = level == levels - 1 ? "xsd:string" : "tns:Level" + (level + 1);
            types.append("<xsd:complexType name=\"")
                    .append(name)
                    .append("\"><xsd:sequence><xsd:element name=\"i\" type=\"")
                    .append(item)
                    .append("\" minOccurs=\"")
                    .append(minOccurs)
                    .append("\" maxOccurs=\"unbounded\"/></xsd:sequence></xsd:complexType>\n");
        }
        return types.toString();
    }

    private static String simpleRoot(String facets) {
        return "<xsd:simpleType name=\"Root\"><xsd:restriction base=\"xsd:string\">" + facets
                + "</xsd:restriction></xsd:simpleType>";
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                // minOccurs 100 nested 3 deep: a million elements, the JVM-killer of issue 12
                Arguments.of(
                        nested(3, 100),
                        "type Root {urn:b}: its sample would need more than 20000 elements"
                                + " (content repeated 100 × 100 × 100 times, nested 3 deep: Root {urn:b} >"
                                + " Level1 {urn:b} > Level2 {urn:b})"),
                Arguments.of(nested(8, 100), "more than 20000 elements"),
                // a fan-out of plain required children, 2^15 elements without any repetition
                Arguments.of(fanOut(15), "more than 20000 elements"),
                // one value of twenty million characters
                Arguments.of(
                        simpleRoot("<xsd:minLength value=\"20000000\"/>"),
                        "type Root: its sample value would" + " need 20000000 characters"),
                Arguments.of(simpleRoot("<xsd:length value=\"99999999999999\"/>"), "would need 99999999999999"),
                Arguments.of(simpleRoot("<xsd:pattern value=\"a{20000000}\"/>"), "repeats a part 20000000 times"),
                Arguments.of(
                        simpleRoot("<xsd:pattern value=\"(a{60000}){60000}\"/>"), "needs a value longer than 65536"),
                // a pattern that backtracks polynomially over a 400-character value
                Arguments.of(
                        simpleRoot("<xsd:minLength value=\"400\"/><xsd:pattern"
                                + " value=\"([a-z0-9]*)*[a-z0-9]*[a-z0-9]*!\"/>"),
                        "takes more than 5000000 steps"),
                Arguments.of(
                        "<xsd:simpleType name=\"Root\"><xsd:restriction base=\"xsd:integer\">"
                                + "<xsd:minInclusive value=\"1e400000000\"/></xsd:restriction></xsd:simpleType>",
                        "has more than 1000 digits"),
                // 100 values of 60,000 characters: 6 MB in one message
                Arguments.of(
                        "<xsd:complexType name=\"Root\"><xsd:sequence><xsd:element name=\"v\" type=\"tns:Big\""
                                + " minOccurs=\"100\" maxOccurs=\"100\"/></xsd:sequence></xsd:complexType>"
                                + "<xsd:simpleType name=\"Big\"><xsd:restriction base=\"xsd:string\">"
                                + "<xsd:minLength value=\"60000\"/></xsd:restriction></xsd:simpleType>",
                        "larger than 1048576 bytes"),
                // types nested past the hard depth
                Arguments.of(chain(70), "nest types deeper than 60 levels"));
    }

    private static String fanOut(int levels) {
        StringBuilder types = new StringBuilder();
        for (int level = 0; level < levels; level++) {
            String name = level == 0 ? "Root" : "F" + level;
            String item = level == levels - 1 ? "xsd:string" : "tns:F" + (level + 1);
            types.append("<xsd:complexType name=\"%s\"><xsd:sequence><xsd:element name=\"a\" type=\"%s\"/>"
                            .formatted(name, item))
                    .append("<xsd:element name=\"b\" type=\"%s\"/></xsd:sequence></xsd:complexType>\n".formatted(item));
        }
        return types.toString();
    }

    private static String chain(int levels) {
        StringBuilder types = new StringBuilder();
        for (int level = 0; level < levels; level++) {
            String name = level == 0 ? "Root" : "C" + level;
            String item = level == levels - 1 ? "xsd:string" : "tns:C" + (level + 1);
            types.append("<xsd:complexType name=\"%s\"><xsd:sequence><xsd:element name=\"c\" type=\"%s\"/>"
                            .formatted(name, item))
                    .append("</xsd:sequence></xsd:complexType>\n");
        }
        return types.toString();
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusesWhatWouldExceedABound(String types, String reason) {
        WsdlBundle bundle = bundle(types);
        WsdlAnalysis analysis = new WsdlAnalyzer().analyze(bundle);

        WsdlProblem problem =
                assertThrows(WsdlProblem.class, () -> new SampleGenerator().generateWithWarnings(bundle, analysis));

        assertTrue(problem.reason().contains(reason), problem.getMessage());
    }

    @Test
    void namesTheFileAndLineOfTheTypeAtFault() {
        WsdlBundle bundle = bundle(nested(4, 100));
        WsdlAnalysis analysis = new WsdlAnalyzer().analyze(bundle);

        WsdlProblem problem =
                assertThrows(WsdlProblem.class, () -> new SampleGenerator().generateWithWarnings(bundle, analysis));

        assertEquals("bounds.wsdl", problem.file());
        assertEquals(6, problem.line(), problem.getMessage());
    }

    @Test
    void stopsWhenTheWholeBundleRunsOutOfTime() {
        WsdlBundle bundle = bundle(nested(2, 50));
        WsdlAnalysis analysis = new WsdlAnalyzer().analyze(bundle);
        // every reading of the clock is one second later than the one before
        AtomicLong now = new AtomicLong();
        SampleBudget budget = new SampleBudget(() -> now.getAndAdd(TimeUnit.SECONDS.toNanos(1)));

        WsdlProblem problem =
                assertThrows(WsdlProblem.class, () -> new SampleGenerator().generateWithin(bundle, analysis, budget));

        assertTrue(problem.reason().contains("took longer than 5 s"), problem.getMessage());
    }

    @Test
    void aLargeButBoundedSampleIsStillGenerated() {
        WsdlBundle bundle = bundle(nested(2, 100));
        WsdlAnalysis analysis = new WsdlAnalyzer().analyze(bundle);

        String request = new SampleGenerator().generate(bundle, analysis).get(0).request();

        // 100 items, each holding 100 items
        assertEquals(100 + 100 * 100, request.split("<ns1:i>", -1).length - 1);
    }

    private static WsdlBundle bundle(String types) {
        return WsdlBundles.fromUpload(
                "bounds.wsdl", TEMPLATE.replace("{types}", types).getBytes(StandardCharsets.UTF_8), null);
    }
}
