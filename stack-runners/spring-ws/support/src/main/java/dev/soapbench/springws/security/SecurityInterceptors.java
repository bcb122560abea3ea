package dev.soapbench.springws.security;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.security.auth.callback.CallbackHandler;
import org.apache.wss4j.common.ConfigurationConstants;
import org.apache.wss4j.common.crypto.AlgorithmSuite;
import org.apache.wss4j.dom.WSConstants;
import org.springframework.ws.soap.security.wss4j2.Wss4jSecurityInterceptor;
import org.springframework.ws.soap.security.wss4j2.callback.KeyStoreCallbackHandler;
import org.springframework.ws.soap.security.wss4j2.callback.SimplePasswordValidationCallbackHandler;

/**
 * SecurityInterceptors configures Spring-WS's Wss4jSecurityInterceptor for one side of a secured
 * build, from its {@link SecuritySettings} (the profile's mode): the server validates the request
 * and secures the response, the client secures the request and validates the response. The same
 * construction for both sides, so the two can only differ where the profile makes them.
 *
 * <p>Timestamps: the mode's TTL for those sent and those received, its future TTL for a received
 * Created ahead of this clock. Replay caches: none is set, as Spring-WS ships the interceptor
 * (WSS4J then checks no replayed Timestamp or nonce).
 */
public final class SecurityInterceptors {
    private SecurityInterceptors() {}

    public static Wss4jSecurityInterceptor server(SecuritySettings settings, String soapVersion)
            throws IOException, GeneralSecurityException {
        return interceptor(settings, soapVersion, settings.request(), settings.response());
    }

    public static Wss4jSecurityInterceptor client(SecuritySettings settings, String soapVersion)
            throws IOException, GeneralSecurityException {
        return interceptor(settings, soapVersion, settings.response(), settings.request());
    }

    private static Wss4jSecurityInterceptor interceptor(SecuritySettings settings, String soapVersion,
            MessageProtection incoming, MessageProtection outgoing) throws IOException, GeneralSecurityException {
        String soapNamespace = "1.2".equals(soapVersion) ? WSConstants.URI_SOAP12_ENV : WSConstants.URI_SOAP11_ENV;
        ProfileSecurityInterceptor interceptor = new ProfileSecurityInterceptor(incoming, outgoing, soapNamespace,
                algorithmSuite(settings));
        validating(interceptor, settings, incoming);
        securing(interceptor, settings, outgoing, soapNamespace);
        try {
            interceptor.afterPropertiesSet();
        } catch (Exception e) {
            throw new IllegalStateException("Wss4jSecurityInterceptor refused its configuration: " + e.getMessage(), e);
        }
        return interceptor;
    }

    private static void validating(Wss4jSecurityInterceptor interceptor, SecuritySettings settings, MessageProtection incoming)
            throws IOException, GeneralSecurityException {
        interceptor.setValidationActions(Wss4jTerms.actions(incoming, settings.protectionOrder()));
        List<CallbackHandler> callbacks = new ArrayList<>();
        if (incoming.carries("UsernameToken")) {
            // WSS4J compares a PasswordText password with the one this handler supplies for the user.
            SimplePasswordValidationCallbackHandler users = new SimplePasswordValidationCallbackHandler();
            users.setUsersMap(Map.of(settings.username(), settings.password()));
            callbacks.add(users);
        }
        if (incoming.carries("Signature")) {
            interceptor.setValidationSignatureCrypto(KeyStores.trusted(settings));
        }
        if (incoming.carries("EncryptedKey")) {
            interceptor.setValidationDecryptionCrypto(KeyStores.privateKey(settings, incoming.encryptedFor()));
            KeyStoreCallbackHandler keyPassword = new KeyStoreCallbackHandler();
            keyPassword.setKeyStore(KeyStores.load(settings.keystore(incoming.encryptedFor()), settings.storeType(), settings.storePassword()));
            keyPassword.setPrivateKeyPassword(settings.keyPassword());
            callbacks.add(keyPassword);
        }
        if (!callbacks.isEmpty()) {
            interceptor.setValidationCallbackHandlers(callbacks.toArray(CallbackHandler[]::new));
        }
        if (incoming.carries("Timestamp")) {
            interceptor.setValidationTimeToLive(settings.timestampTtlSeconds());
            interceptor.setFutureTimeToLive(settings.timestampFutureTtlSeconds());
        }
    }

    private static void securing(Wss4jSecurityInterceptor interceptor, SecuritySettings settings, MessageProtection outgoing,
            String soapNamespace) throws IOException, GeneralSecurityException {
        interceptor.setSecurementActions(Wss4jTerms.actions(outgoing, settings.protectionOrder()));
        if (outgoing.carries("UsernameToken")) {
            interceptor.setSecurementUsername(settings.username());
            interceptor.setSecurementPassword(settings.password());
            interceptor.setSecurementPasswordType(Wss4jTerms.passwordType(outgoing.passwordType()));
            // The profile's token is the user and the password alone: no nonce, no created time.
            interceptor.setSecurementUsernameTokenNonce(false);
            interceptor.setSecurementUsernameTokenCreated(false);
        }
        if (outgoing.carries("Timestamp")) {
            interceptor.setSecurementTimeToLive(settings.timestampTtlSeconds());
        }
        if (outgoing.carries("Signature")) {
            String signer = outgoing.signedBy();
            interceptor.setSecurementSignatureCrypto(KeyStores.privateKey(settings, signer));
            interceptor.setSecurementSignatureUser(settings.alias(signer));
            interceptor.setSecurementPassword(settings.keyPassword());
            interceptor.setSecurementSignatureKeyIdentifier(Wss4jTerms.keyIdentifier(outgoing.signatureKeyReference()));
            interceptor.setSecurementSignatureAlgorithm(settings.algorithm("signature"));
            interceptor.setSecurementSignatureDigestAlgorithm(settings.algorithm("digest"));
            interceptor.setWsHandlerOption(ConfigurationConstants.SIG_C14N_ALGO, settings.algorithm("canonicalization"));
            interceptor.setSecurementSignatureParts(Wss4jTerms.signatureParts(outgoing.signedParts(), soapNamespace));
        }
        if (outgoing.carries("EncryptedKey")) {
            interceptor.setSecurementEncryptionCrypto(KeyStores.trusted(settings));
            interceptor.setSecurementEncryptionUser(settings.alias(outgoing.encryptedFor()));
            interceptor.setSecurementEncryptionKeyIdentifier(Wss4jTerms.keyIdentifier(outgoing.encryptionKeyReference()));
            interceptor.setSecurementEncryptionSymAlgorithm(settings.algorithm("symmetric"));
            interceptor.setSecurementEncryptionKeyTransportAlgorithm(settings.algorithm("keyTransport"));
            interceptor.setSecurementEncryptionParts(Wss4jTerms.encryptionParts(outgoing.encryptedParts(), soapNamespace));
        }
    }

    /** What a received signature and encryption may use: the profile's suite and nothing else. */
    private static AlgorithmSuite algorithmSuite(SecuritySettings settings) {
        AlgorithmSuite suite = new AlgorithmSuite();
        suite.addSignatureMethod(settings.algorithm("signature"));
        suite.addDigestAlgorithm(settings.algorithm("digest"));
        suite.addC14nAlgorithm(settings.algorithm("canonicalization"));
        suite.addEncryptionMethod(settings.algorithm("symmetric"));
        suite.addKeyWrapAlgorithm(settings.algorithm("keyTransport"));
        return suite;
    }
}
