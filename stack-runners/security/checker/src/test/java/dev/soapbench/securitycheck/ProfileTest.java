package dev.soapbench.securitycheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** profile.json and the policy files say the same thing: the profile is written once, twice over. */
class ProfileTest {
    static final Path DIR = Path.of("..");
    static final String SP = "http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200702";

    @SuppressWarnings("unchecked")
    private static Map<String, Object> mode(String mode) throws Exception {
        Map<String, Object> root = (Map<String, Object>) Json.parse(Files.readString(DIR.resolve("profile.json")));
        return (Map<String, Object>) ((Map<String, Object>) root.get("modes")).get(mode);
    }

    private static Document policy(String mode) throws Exception {
        Map<String, Object> m = mode(mode);
        Document doc = SoapXml.parse(Files.readAllBytes(DIR.resolve((String) m.get("policy"))));
        assertEquals(m.get("policyId"), doc.getDocumentElement().getAttributeNS(SoapXml.WSU, "Id"), mode + ": policyId");
        return doc;
    }

    private static int count(Document doc, String local) {
        return doc.getElementsByTagNameNS(SP, local).getLength();
    }

    @Test
    void plainHasNoPolicy() throws Exception {
        assertNull(mode("plain").get("policy"));
        assertTrue(Profile.load(DIR.resolve("profile.json"), "plain").tamperedChecks().isEmpty());
    }

    @Test
    void usernameIsAPlainTextUsernameTokenOnTheRequest() throws Exception {
        Document p = policy("username");
        Element ut = (Element) p.getElementsByTagNameNS(SP, "UsernameToken").item(0);
        assertNotNull(ut);
        assertTrue(ut.getAttributeNS(SP, "IncludeToken").endsWith("/AlwaysToRecipient"));
        assertEquals(0, count(p, "HashPassword"));
        assertEquals(0, count(p, "AsymmetricBinding"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sign", "signencr"})
    void signingModesUseTheProfilesSuiteOverBodyAndTimestamp(String mode) throws Exception {
        Document p = policy(mode);
        Profile profile = Profile.load(DIR.resolve("profile.json"), mode);
        assertEquals(1, count(p, "AsymmetricBinding"));
        assertEquals(1, count(p, "IncludeTimestamp"));
        assertNotNull(SoapXml.child((Element) p.getElementsByTagNameNS(SP, "SignedParts").item(0), SP, "Body"));
        assertEquals(1, count(p, "Basic128"), "the policy's suite is the profile's Basic128");
        assertEquals("http://www.w3.org/2000/09/xmldsig#rsa-sha1", profile.algorithms().signature());
        assertEquals(mode.equals("signencr") ? 1 : 0, count(p, "EncryptedParts"));
        assertEquals(0, count(p, "EncryptBeforeSigning"), "the profile signs before encrypting");
        assertEquals(0, count(p, "EncryptSignature"));
        assertTrue(profile.timestampTtlSeconds() > 0);
    }
}
