package dev.soapbench.securitycheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The values of profile.json the checker uses, for one mode. */
record Profile(
        String mode,
        String username,
        String password,
        String storePassword,
        String keyPassword,
        Map<String, String> files,
        Map<String, String> aliases,
        Algorithms algorithms,
        int timestampTtlSeconds,
        int timestampFutureTtlSeconds,
        String requestSignatureKeyReference,
        String requestAlsoAcceptedSignatureKeyReference,
        String requestEncryptionKeyReference,
        List<String> tamperedChecks) {

    /** The algorithm URIs of the profile's algorithm suite. */
    record Algorithms(String digest, String signature, String canonicalization, String symmetric, String keyTransport) {
    }

    boolean signs() {
        return mode.equals("sign") || mode.equals("signencr");
    }

    boolean encrypts() {
        return mode.equals("signencr");
    }

    boolean usernameToken() {
        return mode.equals("username");
    }

    static Profile load(Path file, String mode) throws IOException {
        Map<String, Object> root = map(Json.parse(Files.readString(file, StandardCharsets.UTF_8)), "profile");
        Map<String, Object> modes = map(root.get("modes"), "modes");
        if (!modes.containsKey(mode)) {
            throw new IllegalArgumentException("the profile has no mode " + Json.quote(mode) + "; it has " + modes.keySet());
        }
        Map<String, Object> m = map(modes.get(mode), "modes." + mode);
        Map<String, Object> request = map(m.get("request"), "modes." + mode + ".request");
        Map<String, Object> cred = map(root.get("credentials"), "credentials");
        Map<String, Object> pki = map(root.get("pki"), "pki");
        Map<String, Object> suite = map(root.get("algorithmSuite"), "algorithmSuite");
        return new Profile(
                mode,
                str(cred, "username"),
                str(cred, "password"),
                str(pki, "storePassword"),
                str(pki, "keyPassword"),
                strings(map(pki.get("files"), "pki.files")),
                strings(map(pki.get("aliases"), "pki.aliases")),
                new Algorithms(str(suite, "digest"), str(suite, "signature"), str(suite, "canonicalization"),
                        str(suite, "symmetric"), str(suite, "keyTransport")),
                m.get("timestampTtlSeconds") instanceof Number n ? n.intValue() : 0,
                m.get("timestampFutureTtlSeconds") instanceof Number n ? n.intValue() : 0,
                request.get("signatureKeyReference") instanceof String s ? s : null,
                request.get("alsoAcceptedSignatureKeyReference") instanceof String s ? s : null,
                request.get("encryptionKeyReference") instanceof String s ? s : null,
                ((List<?>) m.getOrDefault("tamperedChecks", List.of())).stream().map(String::valueOf).toList());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String where) {
        if (o instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new IllegalArgumentException("profile: " + where + " is not an object");
    }

    private static String str(Map<String, Object> m, String key) {
        if (m.get(key) instanceof String s) {
            return s;
        }
        throw new IllegalArgumentException("profile: " + key + " is not a string");
    }

    private static Map<String, String> strings(Map<String, Object> m) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        m.forEach((k, v) -> {
            if (v instanceof String s) {
                out.put(k, s);
            }
        });
        return out;
    }
}
