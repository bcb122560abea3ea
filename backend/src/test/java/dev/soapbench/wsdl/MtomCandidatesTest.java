package dev.soapbench.wsdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MtomCandidatesTest {

    private static WsdlBundle schema(String attributes, String body) {
        String xsd = "<xs:schema xmlns:xs='http://www.w3.org/2001/XMLSchema' xmlns:t='urn:t'"
                + " xmlns:xmime='http://www.w3.org/2005/05/xmlmime' targetNamespace='urn:t' " + attributes + ">"
                + body + "</xs:schema>";
        return new WsdlBundle("types.xsd", Map.of("types.xsd", xsd.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theTestCasesBinaryElementsAreCandidatesWithTheirExpectedContentTypes() throws Exception {
        byte[] files = Files.readAllBytes(Path.of("../testdata/wsdl/mtom-xop/files.wsdl"));
        assertThat(MtomCandidates.of(new WsdlBundle("files.wsdl", Map.of("files.wsdl", files))))
                .containsExactly(
                        new MtomCandidates.Candidate(
                                "files.wsdl", 16, "urn:soapbench:test:files", "content", "application/octet-stream"),
                        new MtomCandidates.Candidate(
                                "files.wsdl", 25, "urn:soapbench:test:files", "stored", "application/octet-stream"));
    }

    @Test
    void aLocalElementIsInNoNamespaceUnlessQualified() {
        String body = "<xs:element name='doc'><xs:complexType><xs:sequence>"
                + "<xs:element name='plain' type='xs:base64Binary'/>"
                + "<xs:element name='marked' form='qualified' type='xs:base64Binary'/>"
                + "</xs:sequence></xs:complexType></xs:element>";
        assertThat(MtomCandidates.of(schema("", body)))
                .extracting(MtomCandidates.Candidate::namespace, MtomCandidates.Candidate::name)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("", "plain"),
                        org.assertj.core.groups.Tuple.tuple("urn:t", "marked"));
    }

    @Test
    void xmimesTypeAndSimpleContentDerivedFromBase64BinaryCount() {
        String body = "<xs:element name='picture' type='xmime:base64Binary'/>"
                + "<xs:element name='typed'><xs:complexType><xs:simpleContent>"
                + "<xs:extension base='xs:base64Binary'><xs:attribute ref='xmime:contentType'/></xs:extension>"
                + "</xs:simpleContent></xs:complexType></xs:element>";
        assertThat(MtomCandidates.of(schema("", body)))
                .extracting(MtomCandidates.Candidate::name)
                .containsExactly("picture", "typed");
    }

    @Test
    void otherBinaryTypesAndOtherNamespacesBase64BinaryAreNot() {
        String body = "<xs:element name='hex' type='xs:hexBinary'/>"
                + "<xs:element name='own' type='t:base64Binary'/>"
                + "<xs:element name='text' type='xs:string'/>";
        assertThat(MtomCandidates.of(schema("", body))).isEmpty();
        assertThat(MtomCandidates.of(
                        new WsdlBundle("x.wsdl", Map.of("x.wsdl", "<not xml".getBytes(StandardCharsets.UTF_8)))))
                .isEmpty();
    }
}
