package dev.soapbench.cxf.security;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.cxf.ws.security.SecurityConstants;
import org.apache.wss4j.common.ConfigurationConstants;
import org.apache.wss4j.common.crypto.Merlin;

/**
 * SecuritySettings is a secured build's {@code security/security.properties}: the values of
 * stack-runners/security/profile.json that the mode needs beside the policy in the WSDL copy
 * (credentials, key stores, aliases, timestamp TTLs), written by the runner's {@code secure-build}.
 * It turns them into CXF's WS-Security properties for the server's endpoint or the native client.
 * A plain build has no such file.
 */
public final class SecuritySettings {
    public static final String FOLDER = "security";
    public static final String FILE_NAME = "security.properties";

    private final Path folder;
    private final Properties values;

    private SecuritySettings(Path folder, Properties values) {
        this.folder = folder;
        this.values = values;
    }

    /** read returns the build's settings, or null for a plain build. */
    public static SecuritySettings read(Path build) throws IOException {
        Path folder = build.resolve(FOLDER);
        Path file = folder.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        Properties values = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            values.load(reader);
        }
        return new SecuritySettings(folder, values);
    }

    public String mode() {
        return value("mode");
    }

    /**
     * The server's endpoint properties: it signs and decrypts with its key, verifies the client's
     * signature against the truststore, encrypts answers for the certificate that signed the
     * request, checks UsernameToken passwords against the profile's, and applies the profile's
     * timestamp TTLs. The replay caches stay as CXF ships them.
     */
    public Map<String, Object> server() throws IOException, GeneralSecurityException {
        Map<String, Object> properties = common(value("serverKeystore"));
        properties.put(SecurityConstants.SIGNATURE_USERNAME, value("serverAlias"));
        properties.put(SecurityConstants.ENCRYPT_USERNAME, ConfigurationConstants.USE_REQ_SIG_CERT);
        return properties;
    }

    /** The native client's properties: the profile's user, its own key, the server's certificate. */
    public Map<String, Object> client() throws IOException, GeneralSecurityException {
        Map<String, Object> properties = common(value("clientKeystore"));
        properties.put(SecurityConstants.USERNAME, value("username"));
        properties.put(SecurityConstants.SIGNATURE_USERNAME, value("clientAlias"));
        properties.put(SecurityConstants.ENCRYPT_USERNAME, value("serverAlias"));
        return properties;
    }

    private Map<String, Object> common(String keystoreFile) throws IOException, GeneralSecurityException {
        Map<String, Object> properties = new HashMap<>();
        properties.put(SecurityConstants.CALLBACK_HANDLER,
                new ProfilePasswords(value("username"), value("password"), value("keyPassword")));
        // One crypto for both roles: its own key in the keystore, every peer's certificate and the
        // CA in the truststore.
        Merlin crypto = new Merlin();
        crypto.setKeyStore(load(keystoreFile));
        crypto.setTrustStore(load(value("truststore")));
        properties.put(SecurityConstants.SIGNATURE_CRYPTO, crypto);
        properties.put(SecurityConstants.ENCRYPT_CRYPTO, crypto);
        String ttl = values.getProperty("timestampTtlSeconds");
        if (ttl != null) {
            properties.put(SecurityConstants.TIMESTAMP_TTL, ttl);
        }
        String futureTtl = values.getProperty("timestampFutureTtlSeconds");
        if (futureTtl != null) {
            properties.put(SecurityConstants.TIMESTAMP_FUTURE_TTL, futureTtl);
        }
        return properties;
    }

    private KeyStore load(String fileName) throws IOException, GeneralSecurityException {
        // The store names come from the build's own settings; a name that leaves the folder is refused.
        Path file = folder.resolve(fileName).normalize();
        if (!file.startsWith(folder)) {
            throw new IOException("key store " + fileName + " is not in " + folder);
        }
        KeyStore store = KeyStore.getInstance(value("storeType"));
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, value("storePassword").toCharArray());
        }
        return store;
    }

    private String value(String key) {
        String value = values.getProperty(key);
        if (value == null) {
            throw new IllegalStateException(folder.resolve(FILE_NAME) + " has no " + key + "; rebuild");
        }
        return value;
    }
}
