package dev.soapbench.runs;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * The secret that lets an anonymous submitter manage (cancel) their run, or their study run. Only its
 * SHA-256 is stored, so a database reader cannot cancel other people's runs.
 */
public final class ManageTokens {

    private static final SecureRandom RANDOM = new SecureRandom();

    private ManageTokens() {}

    public static String generate() {
        byte[] secret = new byte[24];
        RANDOM.nextBytes(secret);
        return "rm_" + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    }

    public static String sha256(String token) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }

    /** Compares in constant time, so the stored hash cannot be guessed byte by byte. */
    public static boolean matches(String presented, String storedSha256) {
        if (presented == null || storedSha256 == null || presented.length() > 200) {
            return false;
        }
        return MessageDigest.isEqual(
                sha256(presented).getBytes(StandardCharsets.US_ASCII),
                storedSha256.getBytes(StandardCharsets.US_ASCII));
    }
}
