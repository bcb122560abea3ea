package dev.soapbench.axis2.build;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Wsdl2JavaRefusalsTest {
    @TempDir
    Path bundle;

    private String refusal(String inputBinding) throws Exception {
        Files.writeString(bundle.resolve("q.wsdl"), """
                <definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
                             xmlns:tns="urn:q" targetNamespace="urn:q">
                  <message name="quoteRequest"><part name="credentials" element="tns:credentials"/><part name="parameters" element="tns:quote"/></message>
                  <portType name="P"><operation name="quote"><input message="tns:quoteRequest"/></operation></portType>
                  <binding name="B" type="tns:P">
                    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
                    <operation name="quote"><input>%s</input></operation>
                  </binding>
                </definitions>
                """.formatted(inputBinding));
        return Wsdl2JavaRefusals.of("Error parsing WSDL: More than one part for message {urn:q}quoteRequest", bundle)
                .orElseThrow().line();
    }

    @Test
    void twoBodyPartsAreNamedWithTheMessageAndItsPlace() throws Exception {
        assertEquals("unsupported: document/literal message quoteRequest of operation quote with more than one body part"
                + " (Axis2 binds a document/literal SOAP body of one part only), in q.wsdl:3",
                refusal("<soap:body use=\"literal\"/>"));
    }

    @Test
    void aHeaderPartOfTheBodysMessageIsSaidToBeCountedIn() throws Exception {
        assertEquals("unsupported: document/literal message quoteRequest of operation quote with more than one body part"
                + " (Axis2 binds a document/literal SOAP body of one part only; WSDL2Java counts the parts bound as SOAP"
                + " headers in when soap:body names no parts), in q.wsdl:3",
                refusal("<soap:header message=\"tns:quoteRequest\" part=\"credentials\" use=\"literal\"/><soap:body use=\"literal\"/>"));
    }
}
