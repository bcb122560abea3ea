package dev.soapbench.axis2.rampart;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Properties;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;
import org.apache.wss4j.common.ext.WSPasswordCallback;

/**
 * ProfilePasswordCallback is the password callback of a secured Axis2 build's RampartConfig, on
 * the server and in the native client. It reads the security profile's credentials from the
 * properties file that the system property {@value #CREDENTIALS_PROPERTY} names (the build's
 * {@code security/credentials.properties}, set through the build's {@code system.properties}).
 *
 * <p>For a UsernameToken it answers only the profile's user, and when Rampart hands it the
 * received plain-text password it compares it itself: Rampart takes a callback that merely sets a
 * password as having accepted any. For a key (signing, decrypting) it gives the key password.
 */
public final class ProfilePasswordCallback implements CallbackHandler {
    /** The system property naming the credentials file. */
    public static final String CREDENTIALS_PROPERTY = "soapbench.security.credentials";

    private final String username;
    private final String password;
    private final String keyPassword;

    public ProfilePasswordCallback() throws IOException {
        this(credentialsFile());
    }

    ProfilePasswordCallback(Path credentials) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(credentials, StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        username = required(properties, "username", credentials);
        password = required(properties, "password", credentials);
        keyPassword = required(properties, "keyPassword", credentials);
    }

    @Override
    public void handle(Callback[] callbacks) throws IOException, UnsupportedCallbackException {
        for (Callback callback : callbacks) {
            if (!(callback instanceof WSPasswordCallback pc)) {
                throw new UnsupportedCallbackException(callback, "not a WS-Security password callback");
            }
            if (pc.getUsage() == WSPasswordCallback.USERNAME_TOKEN) {
                usernameToken(pc);
            } else {
                pc.setPassword(keyPassword);
            }
        }
    }

    private void usernameToken(WSPasswordCallback pc) throws IOException {
        if (!equal(username, pc.getIdentifier())) {
            throw new IOException("unknown user");
        }
        // A received password (server side) must be the profile's; none means the caller asks for it.
        if (pc.getPassword() != null && !equal(password, pc.getPassword())) {
            throw new IOException("wrong password");
        }
        pc.setPassword(password);
    }

    /** Compares in time independent of where the strings differ. */
    private static boolean equal(String expected, String actual) {
        return actual != null && MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.UTF_8), actual.getBytes(StandardCharsets.UTF_8));
    }

    private static Path credentialsFile() throws IOException {
        String file = System.getProperty(CREDENTIALS_PROPERTY);
        if (file == null || file.isEmpty()) {
            throw new IOException("system property " + CREDENTIALS_PROPERTY + " is not set (the build's system.properties sets it)");
        }
        return Path.of(file);
    }

    private static String required(Properties properties, String name, Path file) throws IOException {
        String value = properties.getProperty(name);
        if (value == null) {
            throw new IOException("no " + name + " in " + file);
        }
        return value;
    }
}
