package dev.soapbench.stacks;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
        List<KnownDefect> knownDefects,
        List<Variant> variants) {

    public StackManifest {
        versions = versions == null ? List.of() : List.copyOf(versions);
        catalog = catalog == null ? List.of() : List.copyOf(catalog);
        knownDefects = knownDefects == null ? List.of() : List.copyOf(knownDefects);
        variants = variants == null ? List.of() : List.copyOf(variants);
    }

    /** A manifest without variants. */
    public StackManifest(
            String id,
            String displayName,
            String language,
            String description,
            List<Version> versions,
            String container,
            Features features,
            List<String> catalog,
            List<KnownDefect> knownDefects) {
        this(id, displayName, language, description, versions, container, features, catalog, knownDefects, null);
    }

    /**
     * A named configuration of the stack's server beside its default one: what it changes, by the
     * keys its runner documents (docs/runner-contract.md, "Variants").
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Variant(String id, String description, Map<String, String> settings) {

        public Variant {
            settings = settings == null ? Map.of() : Map.copyOf(settings);
        }
    }

    public Optional<Variant> variant(String id) {
        return variants.stream().filter(v -> v.id().equals(id)).findFirst();
    }

    public List<String> variantIds() {
        return variants.stream().map(Variant::id).toList();
    }

    /**
     * A version the runner builds. {@code security}: the modes this version honours, where it honours
     * fewer than the stack's features claim (its runner refuses the others); null means all of them.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Version(String version, String label, List<String> security) {

        public Version {
            security = security == null ? null : List.copyOf(security);
        }

        /** A version that honours every mode the stack claims. */
        public Version(String version, String label) {
            this(version, label, null);
        }
    }

    /** A fault of the stack itself, named by the test-case feature that exposes it. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record KnownDefect(String feature, String reason) {}

    /**
     * What a stack claims. {@code nativeClientMtom}: its own client sends XOP packages when driven
     * with {@code --mtom} (docs/runner-contract.md#mtom).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Features(
            List<String> soapVersions,
            List<String> styles,
            Boolean mtom,
            List<String> security,
            Boolean nativeClient,
            Boolean nativeClientMtom) {

        public Features {
            soapVersions = soapVersions == null ? List.of() : List.copyOf(soapVersions);
            styles = styles == null ? List.of() : List.copyOf(styles);
            security = security == null ? List.of() : List.copyOf(security);
            mtom = Boolean.TRUE.equals(mtom);
            nativeClient = Boolean.TRUE.equals(nativeClient);
            nativeClientMtom = Boolean.TRUE.equals(nativeClientMtom);
        }

        public Features withSecurity(List<String> security) {
            return new Features(soapVersions, styles, mtom, security, nativeClient, nativeClientMtom);
        }

        /** A stack whose own client, if it has one, does not send MTOM. */
        public Features(
                List<String> soapVersions,
                List<String> styles,
                Boolean mtom,
                List<String> security,
                Boolean nativeClient) {
            this(soapVersions, styles, mtom, security, nativeClient, false);
        }
    }

    /** Versions are listed newest first; the first is what a bare stack id means. */
    public String defaultVersion() {
        return versions.get(0).version();
    }

    /**
     * The security modes the stack honours at {@code version} (a manifest version, without a
     * variant): the version's own claim where it narrows the features', else the features'.
     */
    public List<String> securityAt(String version) {
        return versions.stream()
                .filter(v -> v.version().equals(version) && v.security() != null)
                .findFirst()
                .map(Version::security)
                .orElse(features == null ? List.of() : features.security());
    }

    /**
     * This stack as it stands at {@code version}: what {@link Compatibility} judges for a workload
     * that names the version, so a mode one version refuses is never sent to its runner.
     */
    public StackManifest atVersion(String version) {
        if (features == null || securityAt(version).equals(features.security())) {
            return this;
        }
        return new StackManifest(
                id,
                displayName,
                language,
                description,
                versions,
                container,
                features.withSecurity(securityAt(version)),
                catalog,
                knownDefects,
                variants);
    }

    public boolean hasVersion(String version) {
        return versions.stream().anyMatch(v -> v.version().equals(version));
    }
}
