package dev.soapbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.stacks.StackManifest;
import dev.soapbench.wsdl.OperationInfo;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CompatibilityTest {

    private static final StackManifest DOCUMENT_ONLY = new StackManifest(
            "docs",
            "Document only",
            "Java",
            null,
            List.of(new StackManifest.Version("1.0", null)),
            "jvm",
            new StackManifest.Features(
                    List.of("1.1"), List.of("document-literal-wrapped"), false, List.of("plain", "username"), false),
            List.of(),
            List.of());

    private static OperationInfo operation(String name, String style, String soapVersion) {
        return new OperationInfo(name, "B", style, soapVersion, "", false, "{urn:x}" + name, "{urn:x}r", null);
    }

    @Test
    void aStackWhoseFeaturesCoverEveryOperationIsBuildable() {
        assertThat(Compatibility.whyNot(
                        DOCUMENT_ONLY,
                        List.of(operation("echo", "document-literal-wrapped", "1.1")),
                        List.of("plain"),
                        false, // mtom
                        Optional.empty()))
                .isEmpty();
    }

    @Test
    void missingStylesAndSoapVersionsNameTheOperations() {
        String reason = Compatibility.whyNot(
                        DOCUMENT_ONLY,
                        List.of(
                                operation("a", "rpc-encoded", "1.1"),
                                operation("b", "rpc-encoded", "1.2"),
                                operation("c", "document-literal-wrapped", "1.1")),
                        List.of("plain"),
                        false, // mtom
                        Optional.empty())
                .orElseThrow();

        assertThat(reason)
                .isEqualTo(
                        "does not support rpc-encoded bindings (operations a, b); does not support SOAP 1.2 (operation b)");
    }

    @Test
    void anOperationBoundAsSoapWithAttachmentsIsRefusedOnEveryStackWithWhereAndTheWayOut() {
        OperationInfo swa = new OperationInfo(
                "echoData", "B", "document-literal-wrapped", "1.1", "", false, "{urn:x}e", "{urn:x}r", "swa.wsdl:42");

        String reason = Compatibility.whyNot(
                        DOCUMENT_ONLY,
                        List.of(operation("echo", "document-literal-wrapped", "1.1"), swa),
                        List.of("plain"),
                        false, // mtom
                        Optional.empty())
                .orElseThrow();

        assertThat(reason)
                .startsWith("cannot be measured on operation echoData (swa.wsdl:42), bound as MIME multipart")
                .contains("measure the other operations");
    }

    @Test
    void anUnsupportedSecurityModeMakesTheStackUnsupported() {
        assertThat(Compatibility.whyNot(
                        DOCUMENT_ONLY,
                        List.of(operation("echo", "document-literal-wrapped", "1.1")),
                        List.of("plain", "signencr"),
                        false, // mtom
                        Optional.empty()))
                .contains("does not support security mode 'signencr'");
    }

    @Test
    void aCatalogServiceNeedsTheStacksOwnImplementation() {
        List<OperationInfo> echo = List.of(operation("echo", "document-literal-wrapped", "1.1"));
        StackManifest withEcho = new StackManifest(
                "docs",
                "Docs",
                "Java",
                null,
                DOCUMENT_ONLY.versions(),
                "jvm",
                DOCUMENT_ONLY.features(),
                List.of("echo"),
                List.of());

        assertThat(Compatibility.whyNot(withEcho, echo, List.of("plain"), false, Optional.of("echo")))
                .isEmpty();
        assertThat(Compatibility.whyNot(withEcho, echo, List.of("plain"), false, Optional.of("seismic")))
                .contains("has no implementation of catalog service 'seismic'");
    }

    @Test
    void mtomIsRefusedToAStackThatDoesNotClaimIt() {
        List<OperationInfo> echo = List.of(operation("echo", "document-literal-wrapped", "1.1"));
        StackManifest withMtom = new StackManifest(
                "mtom",
                "MTOM",
                "Java",
                null,
                DOCUMENT_ONLY.versions(),
                "jvm",
                new StackManifest.Features(
                        List.of("1.1"), List.of("document-literal-wrapped"), true, List.of("plain"), false),
                List.of(),
                List.of());

        assertThat(Compatibility.whyNot(DOCUMENT_ONLY, echo, List.of("plain"), true, Optional.empty()))
                .hasValueSatisfying(reason -> assertThat(reason).startsWith("does not support MTOM"));
        assertThat(Compatibility.whyNot(withMtom, echo, List.of("plain"), true, Optional.empty()))
                .isEmpty();
        assertThat(Compatibility.whyNot(DOCUMENT_ONLY, echo, List.of("plain"), false, Optional.empty()))
                .isEmpty();
    }
}
