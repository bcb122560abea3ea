package dev.soapbench.securitycheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A failed check's detail names the server's fault reason, however much envelope comes before it. */
class AnswerDescriptionTest {
    /** Namespace declarations as a WS-Security stack puts on its fault envelope: 300 characters before the Body. */
    private static final String PROLOGUE = " xmlns:wsse=\"" + SoapXml.WSSE + "\" xmlns:wsu=\"" + SoapXml.WSU
            + "\" xmlns:ds=\"http://www.w3.org/2000/09/xmldsig#\" xmlns:xenc=\"http://www.w3.org/2001/04/xmlenc#\"";

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aSoap11FaultIsDescribedByItsCodeAndString() {
        String answer = "<e:Envelope xmlns:e=\"" + SoapXml.SOAP11 + "\"" + PROLOGUE + "><e:Header/><e:Body><e:Fault>"
                + "<faultcode>wsse:InvalidSecurity</faultcode>"
                + "<faultstring>Cannot create instance of password\n   callback</faultstring>"
                + "<detail><trace>at a.b.C(C.java:1)</trace></detail></e:Fault></e:Body></e:Envelope>";
        assertTrue(answer.indexOf("faultstring") > 200, "the prologue no longer pushes the reason past a raw excerpt");
        assertEquals("SOAP Fault wsse:InvalidSecurity: Cannot create instance of password callback",
                SoapXml.describeAnswer(bytes(answer), 200));
    }

    @Test
    void aSoap12FaultIsDescribedByItsCodeValueAndFirstReasonText() {
        String answer = "<e:Envelope xmlns:e=\"" + SoapXml.SOAP12 + "\"" + PROLOGUE + "><e:Body><e:Fault>"
                + "<e:Code><e:Value>e:Sender</e:Value><e:Subcode><e:Value>wsse:FailedCheck</e:Value></e:Subcode></e:Code>"
                + "<e:Reason><e:Text xml:lang=\"en\">The signature is invalid</e:Text>"
                + "<e:Text xml:lang=\"fr\">La signature est invalide</e:Text></e:Reason></e:Fault></e:Body></e:Envelope>";
        assertEquals("SOAP Fault e:Sender: The signature is invalid", SoapXml.describeAnswer(bytes(answer), 200));
    }

    @Test
    void aFaultWithoutAReasonSaysSo() {
        String answer = "<e:Envelope xmlns:e=\"" + SoapXml.SOAP11 + "\"><e:Body><e:Fault/></e:Body></e:Envelope>";
        assertEquals("SOAP Fault (none given): (none given)", SoapXml.describeAnswer(bytes(answer), 200));
    }

    @Test
    void aHostileServersReasonIsCutToTheLimitOnOneLine() {
        String answer = "<e:Envelope xmlns:e=\"" + SoapXml.SOAP11 + "\"><e:Body><e:Fault><faultcode>e:Server</faultcode>"
                + "<faultstring>" + "x\n".repeat(100_000) + "</faultstring></e:Fault></e:Body></e:Envelope>";
        String d = SoapXml.describeAnswer(bytes(answer), 200);
        assertEquals("SOAP Fault e:Server: " + "x ".repeat(100) + "...", d);
    }

    @Test
    void anAnswerThatIsNoFaultOrNoXmlIsShownAsItCame() {
        assertEquals("<html><body>Internal error</body></html>",
                SoapXml.describeAnswer(bytes("<html><body>Internal\n error</body></html>"), 200));
        assertEquals("Service Unavailable", SoapXml.describeAnswer(bytes("  Service\r\n Unavailable "), 200));
        String notAFault = "<e:Envelope xmlns:e=\"" + SoapXml.SOAP11 + "\"><e:Body><r>fine</r></e:Body></e:Envelope>";
        assertEquals(notAFault, SoapXml.describeAnswer(bytes(notAFault), 200));
    }
}
