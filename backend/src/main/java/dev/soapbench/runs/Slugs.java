package dev.soapbench.runs;

import java.security.SecureRandom;

/** Share slugs: 10 base62 characters, about 59 bits, short enough to read out and not guessable. */
final class Slugs {

    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final SecureRandom RANDOM = new SecureRandom();
    static final int LENGTH = 10;

    private Slugs() {}

    static String next() {
        StringBuilder slug = new StringBuilder(LENGTH);
        for (int i = 0; i < LENGTH; i++) {
            slug.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return slug.toString();
    }
}
