package dev.soapbench.runs;

import dev.soapbench.common.CanonicalJson;
import dev.soapbench.dispatch.RunJob;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * sha256 (hex) over the canonical JSON of what decides a measurement: the bundle, samples, stacks
 * and workload. Results with the same hash measured the same thing, whatever order the pieces came in.
 */
final class ConfigHash {

    private static final ObjectMapper JSON = JsonMapper.builder().build();

    private ConfigHash() {}

    static String of(
            RunJob.Bundle bundle, List<RunJob.JobSample> samples, List<RunJob.JobStack> stacks, JsonNode workload) {
        return of(bundle, samples, stacks, workload, null, null);
    }

    /** With the head WSDL of an A/B of two WSDLs; without one the hash is the one above. */
    static String of(
            RunJob.Bundle bundle,
            List<RunJob.JobSample> samples,
            List<RunJob.JobStack> stacks,
            JsonNode workload,
            RunJob.Bundle headBundle,
            List<RunJob.JobSample> headSamples) {
        ObjectNode config = wsdl(bundle, samples);
        if (headBundle != null) {
            config.set("head", wsdl(headBundle, headSamples));
        }
        config.set(
                "stacks",
                JSON.valueToTree(stacks.stream()
                        .sorted(Comparator.comparing(RunJob.JobStack::id).thenComparing(RunJob.JobStack::version))
                        .toList()));
        config.set("workload", workload);
        return sha256(CanonicalJson.write(config));
    }

    private static ObjectNode wsdl(RunJob.Bundle bundle, List<RunJob.JobSample> samples) {
        ObjectNode config = JSON.createObjectNode();
        config.put("entry", bundle.entry());
        config.set(
                "files",
                JSON.valueToTree(bundle.files().stream()
                        .sorted(Comparator.comparing(RunJob.BundleFile::path))
                        .toList()));
        config.set(
                "samples",
                JSON.valueToTree(samples.stream()
                        .sorted(Comparator.comparing(RunJob.JobSample::operation))
                        .toList()));
        return config;
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
