package dev.soapbench.axis2.headers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.soapbench.jvmsupport.samples.SampleException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleHeadersTest {
    private static final QName TOKEN = TokenBean.MY_QNAME;
    private static final QName OTHER = new QName("urn:o", "other");

    @TempDir
    Path samples;

    private void write(String indexExtra, String responseHeader) throws IOException {
        Files.writeString(samples.resolve("index.json"), "[{\"operation\":\"op\",\"soapAction\":\"\",\"soapVersion\":\"1.1\","
                + "\"oneWay\":false,\"request\":\"op.request.xml\",\"response\":\"op.response.xml\"" + indexExtra + "}]");
        Files.writeString(samples.resolve("op.request.xml"), envelope("<t:token xmlns:t=\"urn:t\"><t:user>in</t:user></t:token>"));
        Files.writeString(samples.resolve("op.response.xml"), envelope(responseHeader));
    }

    private static String envelope(String header) {
        return "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + (header == null ? "" : "<s:Header>" + header + "</s:Header>")
                + "<s:Body><r xmlns=\"urn:r\"><nested><t:token xmlns:t=\"urn:t\"/></nested></r></s:Body></s:Envelope>";
    }

    @Test
    void headerBlocksNamesTheHeaderChildrenInOrderAndNothingOfTheBody() throws Exception {
        write("", "<o:other xmlns:o=\"urn:o\"><o:x/></o:other><t:token xmlns:t=\"urn:t\"><t:user>a</t:user></t:token>");
        assertEquals(List.of(OTHER, TOKEN), SampleHeaders.headerBlocks(samples.resolve("op.response.xml")));
        write("", null);
        assertEquals(List.of(), SampleHeaders.headerBlocks(samples.resolve("op.response.xml")));
    }

    @Test
    void bindParsesTheResponseBlocksTheIndexNamesAndKeepsTheRequestBlocksToRead() throws Exception {
        write(",\"headersIn\":[{\"namespace\":\"urn:t\",\"name\":\"token\"}],\"headersOut\":[{\"namespace\":\"urn:t\",\"name\":\"token\"}]",
                "<o:other xmlns:o=\"urn:o\"/><t:token xmlns:t=\"urn:t\"><t:user>out</t:user></t:token>");
        SampleHeaders.Operation op = SampleHeaders.bind(samples, Map.of(TOKEN, TokenBean.class)).get("op");
        assertEquals(List.of(TOKEN), op.in().stream().map(SampleHeaders.Incoming::element).toList());
        assertEquals(1, op.out().size());
        assertEquals("out", ((TokenBean) op.out().get(0).bean()).user);
    }

    @Test
    void bindRefusesABlockWithoutBeanOrMissingFromTheSampleOrNotBinding() throws Exception {
        write(",\"headersOut\":[{\"namespace\":\"urn:t\",\"name\":\"token\"}]", "<t:token xmlns:t=\"urn:t\"><t:user>out</t:user></t:token>");
        SampleException noBean = assertThrows(SampleException.class, () -> SampleHeaders.bind(samples, Map.of()));
        assertTrue(noBean.getMessage().contains("has no ADB bean"), noBean.getMessage());

        write(",\"headersOut\":[{\"namespace\":\"urn:t\",\"name\":\"token\"}]", null);
        SampleException missing = assertThrows(SampleException.class, () -> SampleHeaders.bind(samples, Map.of(TOKEN, TokenBean.class)));
        assertTrue(missing.getMessage().contains("carries 0 of the 1 header blocks"), missing.getMessage());

        write(",\"headersOut\":[{\"namespace\":\"urn:t\",\"name\":\"token\"}]", "<t:token xmlns:t=\"urn:t\"><t:pass/></t:token>");
        SampleException unbound = assertThrows(SampleException.class, () -> SampleHeaders.bind(samples, Map.of(TOKEN, TokenBean.class)));
        assertTrue(unbound.getMessage().contains("does not bind to " + TokenBean.class.getName() + ": token without user"), unbound.getMessage());
    }

    @Test
    void anOperationWithoutHeaderBlocksIsNotInstalledAsCarryingAny() throws Exception {
        write("", null);
        SampleHeaders.install(SampleHeaders.bind(samples, Map.of()));
        assertNull(SampleHeaders.of("op"));
        assertNull(SampleHeaders.of("unknown"));
    }
}
