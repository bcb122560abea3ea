package dev.soapbench.wsdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class WsdlAnalyzerTest {

    private final WsdlAnalyzer analyzer = new WsdlAnalyzer();

    static Stream<Arguments> wsdls() {
        return Stream.of(
                // the catalog's echo: one document/literal wrapped operation
                Arguments.of(
                        TestBundles.single("echo/echo.wsdl"),
                        "urn:soapbench:echo",
                        List.of("EchoService"),
                        List.of(new OperationInfo(
                                "echo",
                                "EchoBinding",
                                "document-literal-wrapped",
                                "1.1",
                                "urn:soapbench:echo:echo",
                                false,
                                "{urn:soapbench:echo}echo",
                                "{urn:soapbench:echo}echoResponse",
                                null))),
                // two wrapped operations with their own actions
                Arguments.of(
                        TestBundles.single("orders/orders.wsdl"),
                        "urn:soapbench:test:orders",
                        List.of("OrdersService"),
                        List.of(
                                new OperationInfo(
                                        "getOrder",
                                        "OrdersBinding",
                                        "document-literal-wrapped",
                                        "1.1",
                                        "urn:soapbench:test:orders:getOrder",
                                        false,
                                        "{urn:soapbench:test:orders}getOrder",
                                        "{urn:soapbench:test:orders}getOrderResponse",
                                        null),
                                new OperationInfo(
                                        "placeOrder",
                                        "OrdersBinding",
                                        "document-literal-wrapped",
                                        "1.1",
                                        "urn:soapbench:test:orders:placeOrder",
                                        false,
                                        "{urn:soapbench:test:orders}placeOrder",
                                        "{urn:soapbench:test:orders}placeOrderResponse",
                                        null))),
                // rpc/literal: the wrapper takes soap:body's namespace, not the target namespace
                Arguments.of(
                        TestBundles.single("rpc-literal/calculator.wsdl"),
                        "urn:soapbench:test:calc",
                        List.of("CalculatorService"),
                        List.of(new OperationInfo(
                                "add",
                                "CalculatorBinding",
                                "rpc-literal",
                                "1.1",
                                "urn:soapbench:test:calc#add",
                                false,
                                "{urn:soapbench:test:calc:rpc}add",
                                "{urn:soapbench:test:calc:rpc}addResponse",
                                null))),
                // rpc/encoded with an empty soapAction
                Arguments.of(
                        TestBundles.single("rpc-encoded/legacy.wsdl"),
                        "urn:soapbench:test:legacy",
                        List.of("LegacyService"),
                        List.of(new OperationInfo(
                                "greet",
                                "LegacyBinding",
                                "rpc-encoded",
                                "1.1",
                                "",
                                false,
                                "{urn:soapbench:test:legacy}greet",
                                "{urn:soapbench:test:legacy}greetResponse",
                                null))),
                // the same operation over SOAP 1.2 and 1.1; the HTTP binding is left out
                Arguments.of(
                        TestBundles.single("soap12/greeter.wsdl"),
                        "urn:soapbench:test:greeter",
                        List.of("GreeterService"),
                        List.of(
                                new OperationInfo(
                                        "greet",
                                        "GreeterSoap12Binding",
                                        "document-literal-wrapped",
                                        "1.2",
                                        "urn:soapbench:test:greeter:greet",
                                        false,
                                        "{urn:soapbench:test:greeter}greet",
                                        "{urn:soapbench:test:greeter}greetResponse",
                                        null),
                                new OperationInfo(
                                        "greet",
                                        "GreeterSoap11Binding",
                                        "document-literal-wrapped",
                                        "1.1",
                                        "urn:soapbench:test:greeter:greet",
                                        false,
                                        "{urn:soapbench:test:greeter}greet",
                                        "{urn:soapbench:test:greeter}greetResponse",
                                        null))),
                // wrapped, bare (element name differs from the operation), and one-way
                Arguments.of(
                        TestBundles.single("rich/rich.wsdl"),
                        "urn:soapbench:test:rich",
                        List.of("RichService"),
                        List.of(
                                new OperationInfo(
                                        "submit",
                                        "RichBinding",
                                        "document-literal-wrapped",
                                        "1.1",
                                        "urn:rich:submit",
                                        false,
                                        "{urn:soapbench:test:rich}submit",
                                        "{urn:soapbench:test:rich}submitResponse",
                                        null),
                                new OperationInfo(
                                        "lookup",
                                        "RichBinding",
                                        "document-literal-bare",
                                        "1.1",
                                        "urn:rich:lookup",
                                        false,
                                        "{urn:soapbench:test:rich}lookupRequest",
                                        "{urn:soapbench:test:rich}lookupResponse",
                                        null),
                                new OperationInfo(
                                        "notify",
                                        "RichBinding",
                                        "document-literal-wrapped",
                                        "1.1",
                                        "urn:rich:notify",
                                        true,
                                        "{urn:soapbench:test:rich}notify",
                                        null,
                                        null))),
                // a zip: wsdl:import of the port type, xsd:import and xsd:include in subfolders
                Arguments.of(
                        WsdlBundles.fromUpload(
                                "inventory.zip", TestBundles.zip(TestBundles.folder("bundle")), "service.wsdl"),
                        "urn:soapbench:test:inventory:service",
                        List.of("InventoryService"),
                        List.of(new OperationInfo(
                                "checkStock",
                                "InventoryBinding",
                                "document-literal-wrapped",
                                "1.1",
                                "urn:soapbench:test:inventory:checkStock",
                                false,
                                "{urn:soapbench:test:inventory:types}checkStock",
                                "{urn:soapbench:test:inventory:types}checkStockResponse",
                                null))));
    }

    @ParameterizedTest
    @MethodSource("wsdls")
    void reportsOperationsStylesAndActions(
            WsdlBundle bundle, String targetNamespace, List<String> services, List<OperationInfo> operations) {
        WsdlAnalysis analysis = analyzer.analyze(bundle);

        assertEquals(bundle.entry(), analysis.entry());
        assertEquals(targetNamespace, analysis.targetNamespace());
        assertEquals(services, analysis.services());
        assertEquals(operations, analysis.operations());
        assertEquals(
                operations.stream().map(OperationInfo::soapVersion).distinct().toList(), analysis.soapVersions());
        assertEquals(operations.stream().map(OperationInfo::style).distinct().toList(), analysis.styles());
    }

    @Test
    void warnsAboutIgnoredHttpBinding() {
        WsdlAnalysis analysis = analyzer.analyze(TestBundles.single("soap12/greeter.wsdl"));

        assertTrue(
                analysis.warnings().stream()
                        .anyMatch(w -> w.contains("GreeterHttpBinding") && w.contains("not a SOAP binding")),
                analysis.warnings().toString());
    }

    @Test
    void anOperationBoundAsSoapWithAttachmentsSaysWhere() {
        String wsdl =
                """
                <definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
                    xmlns:mime="http://schemas.xmlsoap.org/wsdl/mime/" xmlns:xsd="http://www.w3.org/2001/XMLSchema"
                    xmlns:tns="urn:x" targetNamespace="urn:x">
                  <types><xsd:schema targetNamespace="urn:x"><xsd:element name="e" type="xsd:string"/></xsd:schema></types>
                  <message name="m"><part name="p" element="tns:e"/><part name="data" type="xsd:base64Binary"/></message>
                  <portType name="P"><operation name="send"><input message="tns:m"/><output message="tns:m"/></operation></portType>
                  <binding name="B" type="tns:P">
                    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <operation name="send">
                      <input>
                        <mime:multipartRelated>
                          <mime:part><soap:body parts="p" use="literal"/></mime:part>
                          <mime:part><mime:content part="data" type="application/octet-stream"/></mime:part>
                        </mime:multipartRelated>
                      </input>
                      <output><soap:body parts="p" use="literal"/></output>
                    </operation>
                  </binding>
                  <service name="S"><port name="Q" binding="tns:B"><soap:address location="http://x/"/></port></service>
                </definitions>
                """;

        WsdlAnalysis analysis =
                analyzer.analyze(WsdlBundles.fromUpload("swa.wsdl", wsdl.getBytes(StandardCharsets.UTF_8), null));

        assertEquals("swa.wsdl:11", analysis.operations().get(0).attachments());
    }

    @Test
    void operationsThatSendTheSameRequestAreNamedWithTheirPlaces() {
        String wsdl =
                """
                <definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
                    xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:x" targetNamespace="urn:x">
                  <types><xsd:schema targetNamespace="urn:x">
                    <xsd:element name="quote" type="xsd:string"/><xsd:element name="price" type="xsd:float"/>
                  </xsd:schema></types>
                  <message name="in"><part name="p" element="tns:quote"/></message>
                  <message name="out"><part name="p" element="tns:price"/></message>
                  <portType name="P">
                    <operation name="last"><input message="tns:in"/><output message="tns:out"/></operation>
                    <operation name="lastNoAnswer"><input message="tns:in"/></operation>
                    <operation name="other"><input message="tns:in"/><output message="tns:out"/></operation>
                  </portType>
                  <binding name="B" type="tns:P">
                    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <operation name="last"><soap:operation soapAction="urn:last"/>
                      <input><soap:body use="literal"/></input><output><soap:body use="literal"/></output></operation>
                    <operation name="lastNoAnswer"><soap:operation soapAction="urn:last"/>
                      <input><soap:body use="literal"/></input></operation>
                    <operation name="other"><soap:operation soapAction="urn:other"/>
                      <input><soap:body use="literal"/></input><output><soap:body use="literal"/></output></operation>
                  </binding>
                  <service name="S"><port name="Q" binding="tns:B"><soap:address location="http://x/"/></port></service>
                </definitions>
                """;

        WsdlAnalysis analysis =
                analyzer.analyze(WsdlBundles.fromUpload("quotes.wsdl", wsdl.getBytes(StandardCharsets.UTF_8), null));

        // other has the same body element but its own SOAP action: a server can tell it apart.
        assertEquals(
                List.of(new SameRequest(
                        "B",
                        "{urn:x}quote",
                        "urn:last",
                        List.of("last", "lastNoAnswer"),
                        List.of("quotes.wsdl:15", "quotes.wsdl:17"))),
                analysis.sameRequests());
        assertEquals(
                "operations last (quotes.wsdl:15), lastNoAnswer (quotes.wsdl:17) of binding B send the same request"
                        + " (body element {urn:x}quote, SOAP action \"urn:last\"): no server can tell them apart"
                        + " (WS-I Basic Profile R2710), so no stack is measured on the binding; give each operation its"
                        + " own body element or SOAP action",
                SameRequest.whyNotMeasured(
                        analysis.sameRequests(), List.of(analysis.operations().get(2))));
    }

    @Test
    void aBodyThatNamesAPartTheMessageLacksIsRefusedAtItsBindingOperation() {
        String wsdl =
                """
                <definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
                    xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:x" targetNamespace="urn:x">
                  <types><xsd:schema targetNamespace="urn:x"><xsd:element name="e" type="xsd:string"/></xsd:schema></types>
                  <message name="m"><part name="inout" element="tns:e"/></message>
                  <portType name="P"><operation name="echo"><input message="tns:m"/><output message="tns:m"/></operation></portType>
                  <binding name="B" type="tns:P">
                    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <operation name="echo">
                      <input><soap:body parts="in" use="literal"/></input><output><soap:body use="literal"/></output>
                    </operation>
                  </binding>
                  <service name="S"><port name="Q" binding="tns:B"><soap:address location="http://x/"/></port></service>
                </definitions>
                """;

        WsdlProblem problem = assertThrows(
                WsdlProblem.class,
                () -> analyzer.analyze(
                        WsdlBundles.fromUpload("parts.wsdl", wsdl.getBytes(StandardCharsets.UTF_8), null)));

        assertEquals("parts.wsdl", problem.file());
        assertEquals(8, problem.line());
        assertEquals("operation echo binds the part in, which message m lacks", problem.reason());
    }

    @Test
    void refusesWsdlWithoutSoapBinding() {
        String wsdl =
                """
                <definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:http="http://schemas.xmlsoap.org/wsdl/http/"
                    xmlns:tns="urn:x" targetNamespace="urn:x">
                  <portType name="P"/>
                  <binding name="B" type="tns:P"><http:binding verb="GET"/></binding>
                  <service name="S"><port name="Q" binding="tns:B"/></service>
                </definitions>
                """;
        WsdlProblem problem = assertThrows(
                WsdlProblem.class,
                () -> analyzer.analyze(
                        WsdlBundles.fromUpload("http.wsdl", wsdl.getBytes(StandardCharsets.UTF_8), null)));

        assertEquals("http.wsdl: the WSDL has no SOAP 1.1 or SOAP 1.2 binding", problem.getMessage());
    }

    @Test
    void refusesDocumentThatIsNotWsdl11() {
        byte[] schema = "<xsd:schema xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\"/>".getBytes(StandardCharsets.UTF_8);

        WsdlProblem problem = assertThrows(
                WsdlProblem.class, () -> analyzer.analyze(WsdlBundles.fromUpload("types.xml", schema, null)));

        assertEquals("types.xml", problem.file());
        assertTrue(problem.getMessage().contains("expected wsdl:definitions"), problem.getMessage());
    }

    @Test
    void reportsUndeclaredPrefixWithLine() {
        String wsdl =
                """
                <definitions xmlns="http://schemas.xmlsoap.org/wsdl/" targetNamespace="urn:x">
                  <message name="m">
                    <part name="p" element="nowhere:thing"/>
                  </message>
                </definitions>
                """;
        WsdlProblem problem = assertThrows(
                WsdlProblem.class,
                () -> analyzer.analyze(
                        WsdlBundles.fromUpload("prefix.wsdl", wsdl.getBytes(StandardCharsets.UTF_8), null)));

        assertEquals(3, problem.line());
        assertTrue(problem.getMessage().contains("undeclared prefix 'nowhere'"), problem.getMessage());
    }
}
