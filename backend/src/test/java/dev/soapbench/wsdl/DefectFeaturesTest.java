package dev.soapbench.wsdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DefectFeaturesTest {

    private static WsdlBundle schema(String body) {
        String xsd = "<xs:schema xmlns:xs='http://www.w3.org/2001/XMLSchema' xmlns:t='urn:t' targetNamespace='urn:t'>"
                + body + "</xs:schema>";
        return new WsdlBundle("types.xsd", Map.of("types.xsd", xsd.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void anXsdDateAnywhereInTheBundleIsDateWithoutZone() throws Exception {
        byte[] accounts = Files.readAllBytes(Path.of("../testdata/wsdl/accounts/accounts.wsdl"));
        assertThat(DefectFeatures.of(new WsdlBundle("accounts.wsdl", Map.of("accounts.wsdl", accounts))))
                .containsExactly(DefectFeatures.DATE_WITHOUT_ZONE);
        assertThat(DefectFeatures.of(schema("<xs:attribute name='on' type='xs:date'/>")))
                .containsExactly(DefectFeatures.DATE_WITHOUT_ZONE);
        assertThat(DefectFeatures.of(
                        schema("<xs:simpleType name='day'><xs:restriction base='xs:date'/></xs:simpleType>")))
                .containsExactly(DefectFeatures.DATE_WITHOUT_ZONE);
    }

    @Test
    void aDateTimeOrAnotherNamespacesDateIsNot() {
        assertThat(DefectFeatures.of(schema("<xs:element name='at' type='xs:dateTime'/>")))
                .isEmpty();
        assertThat(DefectFeatures.of(schema("<xs:element name='on' type='t:date'/>")))
                .isEmpty();
        assertThat(DefectFeatures.of(
                        new WsdlBundle("x.wsdl", Map.of("x.wsdl", "<not xml".getBytes(StandardCharsets.UTF_8)))))
                .isEmpty();
    }

    @Test
    void aBindingThatBindsASoapHeaderHasSoapHeadersAndOneWithoutDoesNot() throws Exception {
        byte[] headers = Files.readAllBytes(Path.of("../testdata/wsdl/soap-headers/headers.wsdl"));
        assertThat(DefectFeatures.of(new WsdlBundle("headers.wsdl", Map.of("headers.wsdl", headers))))
                .contains(DefectFeatures.SOAP_HEADERS);
        byte[] echo = Files.readAllBytes(Path.of("../wsdl-catalog/echo/echo.wsdl"));
        assertThat(DefectFeatures.of(new WsdlBundle("echo.wsdl", Map.of("echo.wsdl", echo))))
                .doesNotContain(DefectFeatures.SOAP_HEADERS);
    }

    @Test
    void aHeaderPartDeclaredByTypeIsNamedAndOneDeclaredByElementIsNot() throws Exception {
        byte[] parts = Files.readAllBytes(Path.of("../testdata/wsdl/header-parts/quotes.wsdl"));
        assertThat(DefectFeatures.of(new WsdlBundle("quotes.wsdl", Map.of("quotes.wsdl", parts))))
                .contains(DefectFeatures.SOAP_HEADERS, DefectFeatures.HEADER_PART_BY_TYPE);
        byte[] headers = Files.readAllBytes(Path.of("../testdata/wsdl/soap-headers/headers.wsdl"));
        assertThat(DefectFeatures.of(new WsdlBundle("headers.wsdl", Map.of("headers.wsdl", headers))))
                .doesNotContain(DefectFeatures.HEADER_PART_BY_TYPE);
    }
}
