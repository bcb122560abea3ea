package dev.soapbench.securitycheck;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import org.apache.wss4j.common.crypto.Crypto;
import org.apache.wss4j.common.crypto.Merlin;

/**
 * The test PKI (make-pki's output) as WSS4J sees it: one Crypto per side, each with its own key
 * and the shared truststore (the CA and both peers' certificates).
 */
final class Pki {
    final Crypto client;
    final Crypto server;
    final X509Certificate clientCert;
    final X509Certificate serverCert;
    final String clientAlias;
    final String serverAlias;
    final String keyPassword;

    Pki(Path dir, Profile profile) throws IOException, GeneralSecurityException {
        char[] storePassword = profile.storePassword().toCharArray();
        KeyStore trust = load(dir, profile.files().get("truststore"), storePassword);
        KeyStore clientStore = load(dir, profile.files().get("clientKeystore"), storePassword);
        KeyStore serverStore = load(dir, profile.files().get("serverKeystore"), storePassword);
        clientAlias = profile.aliases().get("client");
        serverAlias = profile.aliases().get("server");
        keyPassword = profile.keyPassword();
        clientCert = (X509Certificate) clientStore.getCertificate(clientAlias);
        serverCert = (X509Certificate) serverStore.getCertificate(serverAlias);
        if (clientCert == null || serverCert == null) {
            throw new GeneralSecurityException("the keystores have no entry " + clientAlias + " / " + serverAlias);
        }
        client = crypto(clientStore, trust);
        server = crypto(serverStore, trust);
    }

    private static Crypto crypto(KeyStore keys, KeyStore trust) {
        Merlin m = new Merlin();
        m.setKeyStore(keys);
        m.setTrustStore(trust);
        return m;
    }

    private static KeyStore load(Path dir, String name, char[] password) throws IOException, GeneralSecurityException {
        if (name == null || name.isEmpty() || name.contains("/") || name.contains("\\")) {
            throw new IOException("the profile names no plain file for a keystore: " + name);
        }
        Path file = dir.resolve(name);
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, password);
        }
        return ks;
    }
}
