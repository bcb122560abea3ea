package dev.soapbench.stacks;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/** A stack as its {@code stack-runners/<id>/stack.json} describes it. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record StackManifest(
        String id,
        String displayName,
        String language,
        String description,
        List<Version> versions,
        String container,
        Features features,
        List<String> catalog,
        List<KnownDefect> knownDefects) {

    public StackManifest {
        versions = versions == null ? List.of() : List.copyOf(versions);
        catalog = catalog == null ? List.of() : List.copyOf(catalog);
        knownDefects = knownDefects == null ? List.of() : List.copyOf(knownDefects);
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Version(String version, String label) {}

    /** A fault of the stack itself, named by the test-case feature that exposes it. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record KnownDefect(String feature, String reason) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Features(
            List<String> soapVersions, List<String> styles, Boolean mtom, List<String> security, Boolean nativeClient) {

        public Features {
            soapVersions = soapVersions == null ? List.of() : List.copyOf(soapVersions);
            styles = styles == null ? List.of() : List.copyOf(styles);
            security = security == null ? List.of() : List.copyOf(security);
            mtom = Boolean.TRUE.equals(mtom);
            nativeClient = Boolean.TRUE.equals(nativeClient);
        }
    }

    /** Versions are listed newest first; the first is what a bare stack id means. */
    public String defaultVersion() {
        return versions.get(0).version();
    }

    public boolean hasVersion(String version) {
        return versions.stream().anyMatch(v -> v.version().equals(version));
    }
}
