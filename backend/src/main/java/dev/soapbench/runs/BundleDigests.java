package dev.soapbench.runs;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The fingerprint of the WSDL a run measured: sha256 over its entry file's name and every bundle
 * file's path and content digest, in path order. Two runs with the same digest served the very
 * same contract, whatever they were called and however they were uploaded. A run's bundle never
 * changes, so digests are kept.
 */
@Repository
class BundleDigests {

    private record FileDigest(String path, byte[] sha256) {}

    private final JdbcClient jdbc;
    private final Cache<UUID, String> digests =
            Caffeine.newBuilder().maximumSize(10_000).build();

    BundleDigests(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    String of(UUID runId, String entry) {
        return digests.get(runId, id -> compute(id, entry));
    }

    private String compute(UUID runId, String entry) {
        // The database hashes each file, so only 32 bytes a file cross the wire.
        List<FileDigest> files = jdbc.sql(
                        "SELECT path, sha256(content) AS sha256 FROM run_bundle_files WHERE run_id = ? AND side = 'base' ORDER BY path")
                .param(runId)
                .query((rs, row) -> new FileDigest(rs.getString("path"), rs.getBytes("sha256")))
                .list();
        MessageDigest digest = sha256();
        digest.update(("entry\0" + entry + "\0").getBytes(StandardCharsets.UTF_8));
        for (FileDigest file : files) {
            digest.update((file.path() + "\0").getBytes(StandardCharsets.UTF_8));
            digest.update(file.sha256());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
