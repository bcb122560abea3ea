package dev.soapbench.wsdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WsdlPoliciesTest {

    private static WsdlBundle policyWsdl() throws Exception {
        byte[] wsdl = Files.readAllBytes(Path.of("src/test/resources/wsdl/policy/echo-policy.wsdl"));
        return new WsdlBundle("echo-policy.wsdl", Map.of("echo-policy.wsdl", wsdl));
    }

    @Test
    void everyPolicyIsFoundWithWhereItIsAndWhatItRequires() throws Exception {
        var policies = WsdlPolicies.of(policyWsdl());

        assertThat(policies).hasSize(3);
        var declared = policies.get(0);
        assertThat(declared.id()).isEqualTo("SymmetricUsernamePolicy");
        assertThat(declared.attachedTo()).isEqualTo("definitions");
        assertThat(declared.assertions()).containsExactly("sp:SymmetricBinding", "sp:SignedEncryptedSupportingTokens");
        assertThat(declared.security()).isTrue();
        var reference = policies.get(1);
        assertThat(reference.attachedTo()).isEqualTo("binding EchoBinding");
        assertThat(reference.where()).isEqualTo("echo-policy.wsdl:59");
        assertThat(reference.assertions())
                .as("the referenced policy's")
                .containsExactly("sp:SymmetricBinding", "sp:SignedEncryptedSupportingTokens");
        var optional = policies.get(2);
        assertThat(optional.attachedTo()).isEqualTo("operation echo of binding EchoBinding");
        assertThat(optional.assertions())
                .as("an optional assertion requires nothing")
                .isEmpty();

        assertThat(WsdlPolicies.whyNotMeasured(policies))
                .startsWith("the WSDL requires a WS-Policy (sp:SymmetricBinding, sp:SignedEncryptedSupportingTokens"
                        + " on binding EchoBinding at echo-policy.wsdl:59)")
                .contains("policy to remove");
    }

    @Test
    void aWsdlWithoutPoliciesOrWithOptionalOnesIsMeasuredAsItIs() throws Exception {
        byte[] echo = Files.readAllBytes(Path.of("src/test/resources/wsdl/echo/echo.wsdl"));
        assertThat(WsdlPolicies.of(new WsdlBundle("echo.wsdl", Map.of("echo.wsdl", echo))))
                .isEmpty();
        assertThat(WsdlPolicies.whyNotMeasured(java.util.List.of(
                        new WsdlPolicies.Policy("x.wsdl", 3, "", "binding B", java.util.List.of(), false))))
                .isNull();
    }

    @Test
    void strippingTakesOutEveryPolicyAndKeepsTheRest() throws Exception {
        WsdlBundle bundle = policyWsdl();
        byte[] types = "<schema/>".getBytes(StandardCharsets.UTF_8);
        WsdlBundle withSchema = new WsdlBundle(
                bundle.entry(), Map.of(bundle.entry(), bundle.files().get(bundle.entry()), "types.xsd", types));

        WsdlBundle stripped = WsdlPolicies.strip(withSchema);

        String wsdl = new String(stripped.files().get("echo-policy.wsdl"), StandardCharsets.UTF_8);
        assertThat(wsdl)
                .doesNotContain("Policy")
                .doesNotContain("sp:")
                .contains("EchoBinding")
                .contains("soapAction");
        assertThat(stripped.files().get("types.xsd"))
                .as("untouched, byte for byte")
                .isSameAs(types);
        assertThat(WsdlPolicies.of(stripped)).isEmpty();
        assertThat(new WsdlAnalyzer().analyze(stripped).operations()).hasSize(1);
    }
}
