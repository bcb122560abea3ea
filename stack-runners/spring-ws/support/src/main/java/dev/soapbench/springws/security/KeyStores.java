package dev.soapbench.springws.security;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import org.apache.wss4j.common.crypto.Crypto;
import org.apache.wss4j.common.crypto.Merlin;

/**
 * KeyStores opens a secured build's stores as WSS4J's {@link Merlin} crypto: a party's private key
 * (to sign, and to decrypt what was encrypted for it), or the trusted certificates (to verify a
 * peer's signature, to find the peer's certificate by issuer and serial number, and to encrypt for
 * the peer). The build carries copies of the profile's stores, so a server reads only its build.
 */
final class KeyStores {
    private KeyStores() {}

    static KeyStore load(Path file, String type, String password) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(type);
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, password.toCharArray());
        }
        return store;
    }

    /** A party's own key and certificate. */
    static Crypto privateKey(SecuritySettings settings, String party) throws IOException, GeneralSecurityException {
        Merlin crypto = new Merlin();
        crypto.setKeyStore(load(settings.keystore(party), settings.storeType(), settings.storePassword()));
        return crypto;
    }

    /** The trusted certificates (the CA's, the server's and the client's), as key store and trust store both. */
    static Crypto trusted(SecuritySettings settings) throws IOException, GeneralSecurityException {
        KeyStore trusted = load(settings.truststore(), settings.storeType(), settings.storePassword());
        Merlin crypto = new Merlin();
        crypto.setKeyStore(trusted);
        crypto.setTrustStore(trusted);
        return crypto;
    }
}
