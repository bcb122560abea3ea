package dev.soapbench.stacks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.stacks.Compatibility.Gap;
import dev.soapbench.stacks.Compatibility.Need;
import dev.soapbench.stacks.Compatibility.Needs;
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

    /** DOCUMENT_ONLY with its own implementation of a catalog service. */
    private static StackManifest implementing(String catalogService) {
        return new StackManifest(
                "docs",
                "Docs",
                "Java",
                null,
                DOCUMENT_ONLY.versions(),
                "jvm",
                DOCUMENT_ONLY.features(),
                List.of(catalogService),
                List.of());
    }

    /** A run's needs: its operations, security modes, MTOM and catalog service. */
    private static Optional<String> whyNot(
            StackManifest stack,
            List<OperationInfo> operations,
            List<String> security,
            boolean mtom,
            Optional<String> catalogService) {
        return Compatibility.whyNot(
                stack,
                Needs.NOTHING
                        .withOperations(operations)
                        .withSecurity(security)
                        .withMtom(mtom)
                        .withCatalogService(catalogService));
    }

    @Test
    void aStackWhoseFeaturesCoverEveryOperationIsBuildable() {
        assertThat(whyNot(
                        DOCUMENT_ONLY,
                        List.of(operation("echo", "document-literal-wrapped", "1.1")),
                        List.of("plain"),
                        false, // mtom
                        Optional.empty()))
                .isEmpty();
    }

    @Test
    void missingStylesAndSoapVersionsNameTheOperations() {
        String reason = whyNot(
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

        String reason = whyNot(
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
    void aStackTakesPartInTheSecurityModesItClaimsAndIsUnsupportedOnlyWhenItClaimsNone() {
        List<OperationInfo> echo = List.of(operation("echo", "document-literal-wrapped", "1.1"));
        // plain is claimed: signencr becomes that mode's outcome, not the stack's.
        assertThat(whyNot(DOCUMENT_ONLY, echo, List.of("plain", "signencr"), false, Optional.empty()))
                .isEmpty();
        assertThat(whyNot(DOCUMENT_ONLY, echo, List.of("sign", "signencr"), false, Optional.empty()))
                .contains("does not support security mode 'sign'; does not support security mode 'signencr'");
    }

    @Test
    void aCatalogServiceNeedsTheStacksOwnImplementation() {
        List<OperationInfo> echo = List.of(operation("echo", "document-literal-wrapped", "1.1"));
        StackManifest withEcho = implementing("echo");

        assertThat(whyNot(withEcho, echo, List.of("plain"), false, Optional.of("echo")))
                .isEmpty();
        assertThat(whyNot(withEcho, echo, List.of("plain"), false, Optional.of("seismic")))
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

        assertThat(whyNot(DOCUMENT_ONLY, echo, List.of("plain"), true, Optional.empty()))
                .hasValueSatisfying(reason -> assertThat(reason).startsWith("does not support MTOM"));
        assertThat(whyNot(withMtom, echo, List.of("plain"), true, Optional.empty()))
                .isEmpty();
        assertThat(whyNot(DOCUMENT_ONLY, echo, List.of("plain"), false, Optional.empty()))
                .isEmpty();
    }

    @Test
    void aNativeClientIsTheFirstGapSoAStudyNamesItBeforeTheSecurityMode() {
        List<Gap> gaps = Compatibility.gaps(
                DOCUMENT_ONLY, Needs.NOTHING.withSecurity(List.of("sign")).withNativeClient(true));

        assertThat(gaps).extracting(Gap::need).containsExactly(Need.NATIVE_CLIENT, Need.SECURITY_MODE);
    }

    @Test
    void aBoardsCatalogServiceAndSecurityModeAreJudgedWithoutOperations() {
        StackManifest withEcho = implementing("echo");
        Needs echoSigned = Needs.NOTHING.withCatalogService(Optional.of("echo")).withSecurity(List.of("sign"));

        assertThat(Compatibility.gaps(withEcho, echoSigned))
                .extracting(Gap::need)
                .containsExactly(Need.SECURITY_MODE);
        assertThat(Compatibility.gaps(withEcho, echoSigned.withSecurity(List.of("username"))))
                .isEmpty();
    }

    /** DOCUMENT_ONLY with MTOM and a native client, which sends MTOM when clientMtom says so. */
    private static StackManifest mtomWithNativeClient(boolean clientMtom) {
        return new StackManifest(
                "native",
                "Native",
                "Java",
                null,
                DOCUMENT_ONLY.versions(),
                "jvm",
                new StackManifest.Features(
                        List.of("1.1"), List.of("document-literal-wrapped"), true, List.of("plain"), true, clientMtom),
                List.of(),
                List.of());
    }

    @Test
    void mtomWithTheNativeClientNeedsAClientThatClaimsIt() {
        Needs nativeMtom = Needs.NOTHING.withMtom(true).withNativeClient(true);

        assertThat(Compatibility.gaps(mtomWithNativeClient(true), nativeMtom)).isEmpty();
        assertThat(Compatibility.gaps(mtomWithNativeClient(false), nativeMtom))
                .singleElement()
                .satisfies(gap -> {
                    assertThat(gap.need()).isEqualTo(Need.NATIVE_CLIENT_MTOM);
                    assertThat(gap.reason()).contains("features.nativeClientMtom");
                });
        // Each need alone is met by a client that does not send MTOM.
        assertThat(Compatibility.gaps(mtomWithNativeClient(false), Needs.NOTHING.withMtom(true)))
                .isEmpty();
        assertThat(Compatibility.gaps(mtomWithNativeClient(false), Needs.NOTHING.withNativeClient(true)))
                .isEmpty();
        // A stack without any native client is told that, not about its client's MTOM.
        assertThat(Compatibility.gaps(DOCUMENT_ONLY, nativeMtom))
                .extracting(Gap::need)
                .containsExactly(Need.NATIVE_CLIENT, Need.MTOM);
    }
}
