package dev.soapbench.axis2.build;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.soapbench.jvmsupport.build.BuildFailure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeclaredHeadersTest {
    @TempDir
    Path bundle;

    private void wsdl(String outputHeader) throws Exception {
        Files.writeString(bundle.resolve("h.wsdl"), """
                <definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
                             xmlns:tns="urn:h" xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:h">
                  <message name="in"><part name="body" element="tns:op"/><part name="token" element="tns:token"/></message>
                  <message name="out"><part name="body" element="tns:opResponse"/></message>
                  <message name="notice"><part name="text" type="xsd:string"/></message>
                  <binding name="B" type="tns:P">
                    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <operation name="op">
                      <input><soap:body use="literal" parts="body"/><soap:header message="tns:in" part="token" use="literal"/></input>
                      <output><soap:body use="literal"/>%s</output>
                    </operation>
                  </binding>
                </definitions>
                """.formatted(outputHeader));
    }

    @Test
    void headerPartsDeclaredByElementPass() throws Exception {
        wsdl("");
        DeclaredHeaders declared = DeclaredHeaders.of(bundle);
        assertEquals(1, declared.headers().size());
        assertDoesNotThrow(() -> declared.refuseUncarried(bundle, Set.of("op")));
    }

    @Test
    void aHeaderPartDeclaredByTypeIsRefusedWithItsOperationAndPlace() throws Exception {
        wsdl("<soap:header message=\"tns:notice\" part=\"text\" use=\"literal\"/>");
        BuildFailure failure = assertThrows(BuildFailure.class, () -> DeclaredHeaders.of(bundle).refuseUncarried(bundle, Set.of("op")));
        assertEquals("unsupported: output SOAP header part text of message notice of operation op, which is declared by type"
                + " (Axis2's generic implementation reads and writes header blocks through the ADB bean of an element), in h.wsdl:8",
                failure.line());
        // An operation the samples do not serve is not looked at.
        assertDoesNotThrow(() -> DeclaredHeaders.of(bundle).refuseUncarried(bundle, Set.of("other")));
    }

    @Test
    void aHeaderPartTheBundleLacksIsRefused() throws Exception {
        wsdl("<soap:header message=\"tns:out\" part=\"missing\" use=\"literal\"/>");
        BuildFailure failure = assertThrows(BuildFailure.class, () -> DeclaredHeaders.of(bundle).refuseUncarried(bundle, Set.of("op")));
        assertEquals("unsupported: output SOAP header part missing of message out of operation op, which the bundle does not declare"
                + " (Axis2's generic implementation reads and writes header blocks through the ADB bean of an element), in h.wsdl:8",
                failure.line());
    }
}
