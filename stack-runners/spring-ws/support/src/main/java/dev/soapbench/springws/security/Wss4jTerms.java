package dev.soapbench.springws.security;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.handler.WSHandlerConstants;

/**
 * Wss4jTerms translates the profile's words (docs/security-modes.md) into the configuration
 * strings of WSS4J that Wss4jSecurityInterceptor takes: tokens into actions, parts into WSS4J's
 * {@code {modifier}{namespace}localName} lists, key references into key identifier names. A word
 * it does not know is refused rather than guessed.
 */
final class Wss4jTerms {
    /** The profile's key references that are also WSS4J's names for them. */
    private static final Set<String> KEY_IDENTIFIERS = Set.of("DirectReference", "IssuerSerial");
    private static final String SIGN_BEFORE_ENCRYPTING = "SignBeforeEncrypting";

    private Wss4jTerms() {}

    /**
     * The WSS4J actions that produce (or, validating, require) the message's tokens, in the
     * profile's protection order; {@code NoSecurity} for a message without tokens.
     */
    static String actions(MessageProtection message, String protectionOrder) {
        if (protectionOrder != null && !protectionOrder.equals(SIGN_BEFORE_ENCRYPTING)) {
            throw new UnsupportedSecurity("protection order " + protectionOrder + " (the runner signs before encrypting)");
        }
        List<String> actions = new ArrayList<>();
        for (String token : message.tokens()) {
            switch (token) {
                case "UsernameToken" -> actions.add(WSHandlerConstants.USERNAME_TOKEN);
                case "Timestamp" -> actions.add(WSHandlerConstants.TIMESTAMP);
                case "Signature" -> actions.add(WSHandlerConstants.SIGNATURE);
                case "EncryptedKey" -> actions.add(WSHandlerConstants.ENCRYPTION);
                // The certificate a DirectReference signature carries: WSS4J adds it with the signature.
                case "BinarySecurityToken" -> requireDirectReference(message);
                default -> throw new UnsupportedSecurity("token " + token + " (not one the runner maps to a WSS4J action)");
            }
        }
        if (message.carries("UsernameToken") && message.carries("Signature")) {
            throw new UnsupportedSecurity("a UsernameToken beside a signature (Wss4jSecurityInterceptor has one securement password)");
        }
        // WSS4J runs the actions in order: the signature before the encryption.
        actions.sort((a, b) -> Boolean.compare(a.equals(WSHandlerConstants.ENCRYPTION), b.equals(WSHandlerConstants.ENCRYPTION)));
        return actions.isEmpty() ? WSHandlerConstants.NO_SECURITY : String.join(" ", actions);
    }

    static String keyIdentifier(String reference) {
        if (!KEY_IDENTIFIERS.contains(reference)) {
            throw new UnsupportedSecurity("key reference " + reference);
        }
        return reference;
    }

    /** The signed parts: the SOAP Body of the message's SOAP version, the Timestamp of the Security header. */
    static String signatureParts(List<String> parts, String soapNamespace) {
        List<String> wss4jParts = new ArrayList<>();
        for (String part : parts) {
            switch (part) {
                case "Body" -> wss4jParts.add("{}{" + soapNamespace + "}Body");
                case "Timestamp" -> wss4jParts.add("{}{" + WSConstants.WSU_NS + "}Timestamp");
                default -> throw new UnsupportedSecurity("signed part " + part);
            }
        }
        return String.join(";", wss4jParts);
    }

    /** The encrypted parts: the Body's content (the Body element stays, its children become EncryptedData). */
    static String encryptionParts(List<String> parts, String soapNamespace) {
        List<String> wss4jParts = new ArrayList<>();
        for (String part : parts) {
            if (!part.equals("Body")) {
                throw new UnsupportedSecurity("encrypted part " + part);
            }
            wss4jParts.add("{Content}{" + soapNamespace + "}Body");
        }
        return String.join(";", wss4jParts);
    }

    /** The password type's name, as the sender takes it. */
    static String passwordType(String profileType) {
        passwordTypeUri(profileType);
        return profileType;
    }

    /** The password type's URI, as a UsernameToken's {@code Type} attribute names it (what the receiver requires). */
    static String passwordTypeUri(String profileType) {
        if (WSConstants.PW_TEXT.equals(profileType)) {
            return WSConstants.PASSWORD_TEXT;
        }
        if (WSConstants.PW_DIGEST.equals(profileType)) {
            return WSConstants.PASSWORD_DIGEST;
        }
        throw new UnsupportedSecurity("password type " + profileType);
    }

    private static void requireDirectReference(MessageProtection message) {
        if (!"DirectReference".equals(message.signatureKeyReference())) {
            throw new UnsupportedSecurity("a BinarySecurityToken without a DirectReference signature");
        }
    }
}
