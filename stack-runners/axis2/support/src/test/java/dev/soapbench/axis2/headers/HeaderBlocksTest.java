package dev.soapbench.axis2.headers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamReader;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMXMLBuilderFactory;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.junit.jupiter.api.Test;

class HeaderBlocksTest {
    private static SampleHeaders.Operation operation(List<SampleHeaders.Outgoing> out) throws Exception {
        return new SampleHeaders.Operation("lookup",
                List.of(new SampleHeaders.Incoming(TokenBean.MY_QNAME, TokenBean.Factory.class.getMethod("parse", XMLStreamReader.class))),
                out);
    }

    private static MessageContext request(String soapNs, String header) throws Exception {
        String xml = "<s:Envelope xmlns:s=\"" + soapNs + "\">" + (header == null ? "" : "<s:Header>" + header + "</s:Header>")
                + "<s:Body><x/></s:Body></s:Envelope>";
        MessageContext context = new MessageContext();
        context.setEnvelope(OMXMLBuilderFactory.createSOAPModelBuilder(
                new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "UTF-8").getSOAPEnvelope());
        return context;
    }

    @Test
    void readParsesTheRequestBlockIntoItsBean() throws Exception {
        List<Object> beans = HeaderBlocks.read(operation(List.of()),
                request("http://schemas.xmlsoap.org/soap/envelope/", "<t:token xmlns:t=\"urn:t\"><t:user>ada</t:user></t:token>"));
        assertEquals("ada", ((TokenBean) beans.get(0)).user);
    }

    @Test
    void aMissingBlockIsASenderFaultNamingIt() throws Exception {
        AxisFault soap11 = assertThrows(AxisFault.class, () -> HeaderBlocks.read(operation(List.of()),
                request("http://schemas.xmlsoap.org/soap/envelope/", "<o:other xmlns:o=\"urn:o\"/>")));
        assertEquals(new QName("http://schemas.xmlsoap.org/soap/envelope/", "Client"), soap11.getFaultCode());
        assertTrue(soap11.getMessage().contains("no SOAP header block {urn:t}token, which operation lookup requires"), soap11.getMessage());
        AxisFault soap12 = assertThrows(AxisFault.class, () -> HeaderBlocks.read(operation(List.of()),
                request("http://www.w3.org/2003/05/soap-envelope", null)));
        assertEquals(new QName("http://www.w3.org/2003/05/soap-envelope", "Sender"), soap12.getFaultCode());
    }

    @Test
    void aBlockItsBeanCannotReadIsASenderFault() throws Exception {
        AxisFault fault = assertThrows(AxisFault.class, () -> HeaderBlocks.read(operation(List.of()),
                request("http://schemas.xmlsoap.org/soap/envelope/", "<t:token xmlns:t=\"urn:t\"><t:secret/></t:token>")));
        assertTrue(fault.getMessage().contains("does not bind: token without user"), fault.getMessage());
    }

    @Test
    void writeAddsTheResponseBlocksFromTheirBeans() throws Exception {
        TokenBean bean = new TokenBean();
        bean.user = "a<b";
        MessageContext response = new MessageContext();
        SOAPEnvelope envelope = OMAbstractFactory.getSOAP11Factory().getDefaultEnvelope();
        response.setEnvelope(envelope);
        HeaderBlocks.write(operation(List.of(new SampleHeaders.Outgoing(TokenBean.MY_QNAME, bean))), response);
        String xml = envelope.toString();
        assertTrue(xml.matches("(?s).*<soapenv:Header><t:token xmlns:t=\"urn:t\"><t:user>a&lt;b</t:user></t:token></soapenv:Header>.*"), xml);
    }
}
