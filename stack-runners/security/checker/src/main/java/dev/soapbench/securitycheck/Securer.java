package dev.soapbench.securitycheck;

import java.time.Instant;
import java.util.function.Consumer;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import org.apache.wss4j.common.WSEncryptionPart;
import org.apache.wss4j.common.crypto.Crypto;
import org.apache.wss4j.common.ext.WSSecurityException;
import org.apache.wss4j.common.util.KeyUtils;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.engine.WSSConfig;
import org.apache.wss4j.dom.message.WSSecEncrypt;
import org.apache.wss4j.dom.message.WSSecHeader;
import org.apache.wss4j.dom.message.WSSecSignature;
import org.apache.wss4j.dom.message.WSSecTimestamp;
import org.apache.wss4j.dom.message.WSSecUsernameToken;
import org.w3c.dom.Document;

/**
 * Adds a wsse:Security header to an envelope, in the profile's order: UsernameToken, Timestamp,
 * signature over Body and Timestamp, then (sign before encrypting) the Body's content encrypted.
 * The same code secures the checker's requests and the test server's answers; each step is
 * optional, which is how the tampered variants are made.
 */
final class Securer {
    static {
        // Registers the XML Security algorithms; without it the first message secured before any
        // is processed finds no JCE name for the algorithm URIs.
        WSSConfig.init();
    }

    /** What to put in the header; null fields are steps left out. */
    static final class Steps {
        String username;
        String password;
        boolean timestamp;
        int timestampTtlSeconds;
        /** The clock of the Timestamp; null is now. A clock in the past makes an expired one. */
        Instant timestampCreated;
        Crypto signWith;
        String signAlias;
        String signKeyPassword;
        String signKeyReference;
        /**
         * Whether the signer's BinarySecurityToken goes in the header when the signature names the
         * certificate otherwise (IssuerSerial): the policies' InitiatorToken is AlwaysToRecipient.
         */
        boolean includeSignToken;
        /** Runs after signing, before encrypting: where the altered-body variant breaks the digest. */
        Consumer<Document> afterSigning;
        Crypto encryptWith;
        String encryptForAlias;
        String encryptKeyReference;
    }

    private Securer() {
    }

    static void secure(Document doc, Steps s, Profile.Algorithms alg) throws WSSecurityException {
        String soap = SoapXml.soapNamespace(doc);
        if (soap == null) {
            throw new IllegalArgumentException("the request is no SOAP 1.1 or 1.2 envelope");
        }
        WSSecHeader header = new WSSecHeader(doc);
        header.insertSecurityHeader();
        if (s.username != null) {
            WSSecUsernameToken ut = new WSSecUsernameToken(header);
            ut.setPasswordType(WSConstants.PASSWORD_TEXT);
            ut.setUserInfo(s.username, s.password);
            ut.build();
        }
        if (s.timestamp) {
            WSSecTimestamp ts = new WSSecTimestamp(header);
            ts.setTimeToLive(s.timestampTtlSeconds);
            if (s.timestampCreated != null) {
                Instant created = s.timestampCreated;
                ts.setWsTimeSource(() -> created);
            }
            ts.build();
        }
        if (s.signWith != null) {
            WSSecSignature sig = new WSSecSignature(header);
            sig.setUserInfo(s.signAlias, s.signKeyPassword);
            sig.setKeyIdentifierType(keyReference(s.signKeyReference));
            sig.setIncludeSignatureToken(s.includeSignToken);
            sig.setSignatureAlgorithm(alg.signature());
            sig.setDigestAlgo(alg.digest());
            sig.setSigCanonicalization(alg.canonicalization());
            sig.getParts().add(new WSEncryptionPart("Body", soap, ""));
            if (s.timestamp) {
                sig.getParts().add(new WSEncryptionPart("Timestamp", SoapXml.WSU, ""));
            }
            sig.build(s.signWith);
        }
        if (s.afterSigning != null) {
            s.afterSigning.accept(doc);
        }
        if (s.encryptWith != null) {
            WSSecEncrypt enc = new WSSecEncrypt(header);
            enc.setUserInfo(s.encryptForAlias);
            enc.setKeyIdentifierType(keyReference(s.encryptKeyReference));
            enc.setSymmetricEncAlgorithm(alg.symmetric());
            enc.setKeyEncAlgo(alg.keyTransport());
            enc.getParts().add(new WSEncryptionPart("Body", soap, "Content"));
            KeyGenerator kg = KeyUtils.getKeyGenerator(alg.symmetric());
            SecretKey key = kg.generateKey();
            enc.build(s.encryptWith, key);
        }
    }

    /** The profile's names of token references, as WSS4J's key identifier types. */
    static int keyReference(String name) {
        if (name == null) {
            return WSConstants.ISSUER_SERIAL;
        }
        return switch (name) {
            case "DirectReference" -> WSConstants.BST_DIRECT_REFERENCE;
            case "IssuerSerial" -> WSConstants.ISSUER_SERIAL;
            case "SKI" -> WSConstants.SKI_KEY_IDENTIFIER;
            case "Thumbprint" -> WSConstants.THUMBPRINT_IDENTIFIER;
            default -> throw new IllegalArgumentException("unknown key reference " + Json.quote(name));
        };
    }
}
