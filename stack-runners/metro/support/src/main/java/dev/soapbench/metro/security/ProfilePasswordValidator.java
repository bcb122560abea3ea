package dev.soapbench.metro.security;

import com.sun.xml.wss.impl.callback.PasswordValidationCallback;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * ProfilePasswordValidator is the server's check of a UsernameToken in the {@code username} mode:
 * the user and the plain-text password must be the profile's ({@code security/security.properties}
 * of the build, written by secure-build from stack-runners/security/profile.json). Metro's own
 * default validator would accept any password of a user it cannot look up, so the policy names this
 * one (sc:ValidatorConfiguration). Metro creates it by name; the build folder is the system property
 * {@code WSIT_HOME} that the servlet sets.
 */
public final class ProfilePasswordValidator implements PasswordValidationCallback.PasswordValidator {
    private final byte[] username;
    private final byte[] password;

    public ProfilePasswordValidator() {
        Properties settings = settings(Path.of(System.getProperty("WSIT_HOME", ".")));
        this.username = bytes(settings.getProperty("username"));
        this.password = bytes(settings.getProperty("password"));
    }

    @Override
    public boolean validate(PasswordValidationCallback.Request request) {
        if (!(request instanceof PasswordValidationCallback.PlainTextPasswordRequest plain)
                || plain.getUsername() == null || plain.getPassword() == null) {
            return false;
        }
        // Both compared, in constant time, whatever the first says.
        boolean user = MessageDigest.isEqual(username, bytes(plain.getUsername()));
        boolean secret = MessageDigest.isEqual(password, bytes(plain.getPassword()));
        return user & secret;
    }

    static Properties settings(Path build) {
        Properties settings = new Properties();
        try (InputStream in = Files.newInputStream(build.resolve("security").resolve("security.properties"))) {
            settings.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("the build's security settings: " + e.getMessage(), e);
        }
        if (settings.getProperty("username") == null || settings.getProperty("password") == null) {
            throw new IllegalStateException("the build's security settings name no username and password");
        }
        return settings;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
