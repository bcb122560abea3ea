package dev.soapbench.jvmsupport.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortChoiceTest {
    @TempDir
    Path bundle;

    /** Two port types, each bound for SOAP 1.1 and served by a port of its own. */
    private String twoPortTypes() throws IOException {
        Path file = bundle.resolve("t.wsdl");
        Files.writeString(file, """
                <?xml version="1.0" encoding="UTF-8"?>
                <wsdl:definitions targetNamespace="urn:t" xmlns:tns="urn:t"
                    xmlns:xsd="http://www.w3.org/2001/XMLSchema"
                    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
                    xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
                  <wsdl:message name="m"/>
                  <wsdl:portType name="Greeter">
                    <wsdl:operation name="greet"><wsdl:input message="tns:m"/><wsdl:output message="tns:m"/></wsdl:operation>
                  </wsdl:portType>
                  <wsdl:portType name="Bare">
                    <wsdl:operation name="ping"><wsdl:input message="tns:m"/><wsdl:output message="tns:m"/></wsdl:operation>
                  </wsdl:portType>
                  <wsdl:binding name="GreeterBinding" type="tns:Greeter">
                    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <wsdl:operation name="greet"><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
                  </wsdl:binding>
                  <wsdl:binding name="BareBinding" type="tns:Bare">
                    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <wsdl:operation name="ping"><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
                  </wsdl:binding>
                  <wsdl:service name="S">
                    <wsdl:port name="GreeterPort" binding="tns:GreeterBinding"><soap:address location="http://localhost/g"/></wsdl:port>
                    <wsdl:port name="BarePort" binding="tns:BareBinding"><soap:address location="http://localhost/b"/></wsdl:port>
                  </wsdl:service>
                </wsdl:definitions>
                """);
        return file.toUri().toString();
    }

    @Test
    void thePortWhosePortTypeHasEveryOperationIsChosen() throws Exception {
        PortChoice choice = PortChoice.choose(twoPortTypes(), Set.of("ping"), "1.1");
        assertEquals("BarePort", choice.port().getLocalPart());
    }

    @Test
    void operationsSpreadOverPortTypesAreUnsupportedWithEachPortTypesOperationsAndTheWayOut() throws Exception {
        String wsdl = twoPortTypes();
        BuildFailure failure = assertThrows(BuildFailure.class,
                () -> PortChoice.choose(wsdl, Set.of("greet", "ping"), "1.1"));
        assertTrue(failure.getMessage().contains("2 port types (port type Bare: ping; port type Greeter: greet)"),
                failure.getMessage());
        assertTrue(failure.getMessage().contains("workload operations"), failure.getMessage());
        assertTrue(failure.line().startsWith("unsupported: "), failure.line());
    }

    @Test
    void anOperationNoSoapBindingOffersIsAnErrorNamingIt() throws Exception {
        String wsdl = twoPortTypes();
        BuildFailure failure = assertThrows(BuildFailure.class,
                () -> PortChoice.choose(wsdl, Set.of("greet", "vanish"), "1.1"));
        assertTrue(failure.getMessage().contains("operation(s) vanish"), failure.getMessage());
    }

    /** Two WSDLs that import each other (legal WSDL 1.1): WSDL4J's getAllServices never returns on them. */
    @Test
    void wsdlsThatImportEachOtherAreReadOnceEach() throws Exception {
        Files.writeString(bundle.resolve("main.wsdl"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <wsdl:definitions targetNamespace="urn:main" xmlns:tns="urn:main" xmlns:i="urn:imported"
                    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
                  <wsdl:import namespace="urn:imported" location="imported.wsdl"/>
                  <wsdl:service name="S">
                    <wsdl:port name="GreeterPort" binding="i:GreeterBinding"><soap:address location="http://localhost/g"/></wsdl:port>
                  </wsdl:service>
                </wsdl:definitions>
                """);
        Files.writeString(bundle.resolve("imported.wsdl"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <wsdl:definitions targetNamespace="urn:imported" xmlns:tns="urn:imported"
                    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
                  <wsdl:import namespace="urn:main" location="main.wsdl"/>
                  <wsdl:message name="m"/>
                  <wsdl:portType name="Greeter">
                    <wsdl:operation name="greet"><wsdl:input message="tns:m"/><wsdl:output message="tns:m"/></wsdl:operation>
                  </wsdl:portType>
                  <wsdl:binding name="GreeterBinding" type="tns:Greeter">
                    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <wsdl:operation name="greet"><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
                  </wsdl:binding>
                </wsdl:definitions>
                """);
        PortChoice choice = PortChoice.choose(bundle.resolve("main.wsdl").toUri().toString(), Set.of("greet"), "1.1");
        assertEquals("GreeterPort", choice.port().getLocalPart());

        BuildFailure failure = assertThrows(BuildFailure.class,
                () -> PortChoice.choose(bundle.resolve("main.wsdl").toUri().toString(), Set.of("absent"), "1.1"));
        assertTrue(failure.getMessage().contains("absent"), failure.getMessage());
    }
}
