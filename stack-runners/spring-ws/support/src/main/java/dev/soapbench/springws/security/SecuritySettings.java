package dev.soapbench.springws.security;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * SecuritySettings is a secured build's {@code security/security.properties}: the security mode
 * of stack-runners/security/profile.json as the runner's secure-build copied it at build time (the
 * mode's request and response, its timestamp TTLs, the algorithm suite, the credentials and the
 * PKI's passwords and aliases), and the folder holding the key stores it names. Nothing here has
 * a value of its own: every value is the profile's.
 */
public final class SecuritySettings {
    public static final String FOLDER = "security";
    public static final String FILE_NAME = "security.properties";

    private final Path folder;
    private final Properties properties;

    private SecuritySettings(Path folder, Properties properties) {
        this.folder = folder;
        this.properties = properties;
    }

    public static SecuritySettings read(Path buildDir) throws IOException {
        Path folder = buildDir.resolve(FOLDER);
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(folder.resolve(FILE_NAME), StandardCharsets.ISO_8859_1)) {
            properties.load(reader);
        }
        return new SecuritySettings(folder, properties);
    }

    public String mode() {
        return required("mode");
    }

    /** What the client sends and the server requires. */
    public MessageProtection request() {
        return MessageProtection.of(properties, "request.");
    }

    /** What the server sends and the client requires. */
    public MessageProtection response() {
        return MessageProtection.of(properties, "response.");
    }

    public String username() {
        return required("username");
    }

    public String password() {
        return required("password");
    }

    public String algorithm(String name) {
        return required("algorithm." + name);
    }

    public int timestampTtlSeconds() {
        return Integer.parseInt(required("timestampTtlSeconds"));
    }

    public int timestampFutureTtlSeconds() {
        return Integer.parseInt(required("timestampFutureTtlSeconds"));
    }

    /** The profile's protection order, or null where the mode names none. */
    public String protectionOrder() {
        return properties.getProperty("protectionOrder");
    }

    public String storeType() {
        return required("storeType");
    }

    public String storePassword() {
        return required("storePassword");
    }

    public String keyPassword() {
        return required("keyPassword");
    }

    /** The alias of a party's key and certificate: {@code server} or {@code client}, as the profile names them. */
    public String alias(String party) {
        return required(party + "Alias");
    }

    /** The key store of a party's private key: the server's or the client's. */
    public Path keystore(String party) {
        return folder.resolve(required(party + "Keystore"));
    }

    public Path truststore() {
        return folder.resolve(required("truststore"));
    }

    private String required(String key) {
        String value = properties.getProperty(key);
        if (value == null || value.isEmpty()) {
            throw new IllegalStateException(folder.resolve(FILE_NAME) + " has no " + key + "; build again");
        }
        return value;
    }
}
