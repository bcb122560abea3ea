package dev.soapbench.springws.security;

import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * MessageProtection is one message of a security mode (its request or its response) as the
 * profile says it: the tokens it carries, the password type of a UsernameToken, who signs it and
 * how the signature names that key, the parts signed, for whom it is encrypted and how the key is
 * named, and the parts encrypted. A word the profile does not use for a message is null or empty.
 */
public record MessageProtection(
        List<String> tokens,
        String passwordType,
        String signedBy,
        String signatureKeyReference,
        String alsoAcceptedSignatureKeyReference,
        List<String> signedParts,
        String encryptedFor,
        String encryptionKeyReference,
        List<String> encryptedParts) {

    static MessageProtection of(Properties properties, String prefix) {
        return new MessageProtection(
                words(properties.getProperty(prefix + "tokens")),
                properties.getProperty(prefix + "passwordType"),
                properties.getProperty(prefix + "signedBy"),
                properties.getProperty(prefix + "signatureKeyReference"),
                properties.getProperty(prefix + "alsoAcceptedSignatureKeyReference"),
                words(properties.getProperty(prefix + "signedParts")),
                properties.getProperty(prefix + "encryptedFor"),
                properties.getProperty(prefix + "encryptionKeyReference"),
                words(properties.getProperty(prefix + "encryptedParts")));
    }

    public boolean carries(String token) {
        return tokens.contains(token);
    }

    public boolean secured() {
        return !tokens.isEmpty();
    }

    private static List<String> words(String text) {
        return text == null || text.isBlank() ? List.of() : Arrays.asList(text.trim().split(" +"));
    }
}
