package dev.soapbench.jvmsupport.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WsdlPreflightTest {
    @TempDir
    Path bundle;

    private static final String HEAD = """
            <?xml version="1.0" encoding="UTF-8"?>
            <wsdl:definitions targetNamespace="urn:t" xmlns:tns="urn:t"
                xmlns:xsd="http://www.w3.org/2001/XMLSchema"
                xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
                xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
              <wsdl:types>
                <xsd:schema targetNamespace="urn:t">
            """;
    private static final String TAIL = """
                </xsd:schema>
              </wsdl:types>
              <wsdl:binding name="B" type="tns:P">
                <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
              </wsdl:binding>
            </wsdl:definitions>
            """;

    private Path wsdl(String types) throws IOException {
        Path file = bundle.resolve("t.wsdl");
        Files.writeString(file, HEAD + types + TAIL);
        return Path.of("t.wsdl");
    }

    private String refusal(String types) throws IOException {
        Path entry = wsdl(types);
        return assertThrows(BuildFailure.class,
                () -> WsdlPreflight.check(bundle, entry, "Axis2 ADB", Set.of(WsdlPreflight.Refused.MIXED_CONTENT))).line();
    }

    @Test
    void mixedContentIsRefusedWithItsTypeAndLine() throws IOException {
        assertEquals("unsupported: mixed content in type Rich (Axis2 ADB does not bind mixed content), in t.wsdl:8",
                refusal("""
                      <xsd:complexType name="Rich" mixed="true"><xsd:sequence/></xsd:complexType>
                    """));
        assertEquals("unsupported: mixed content in the anonymous type of element note (Axis2 ADB does not bind mixed"
                + " content), in t.wsdl:9", refusal("""
                      <xsd:element name="note">
                        <xsd:complexType mixed="true"><xsd:sequence/></xsd:complexType>
                      </xsd:element>
                    """));
        assertEquals("unsupported: mixed content in type Derived (Axis2 ADB does not bind mixed content), in t.wsdl:9",
                refusal("""
                      <xsd:complexType name="Derived">
                        <xsd:complexContent mixed="true"><xsd:extension base="tns:Base"/></xsd:complexContent>
                      </xsd:complexType>
                    """));
    }

    @Test
    void mixedContentPassesWhenTheGeneratorBindsIt() throws Exception {
        WsdlPreflight.check(bundle, wsdl("""
                  <xsd:complexType name="Rich" mixed="true"><xsd:sequence/></xsd:complexType>
                """), "JAX-WS");
    }
}
