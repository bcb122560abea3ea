package dev.soapbench.stacks;

import java.util.Optional;

/**
 * A stack named in a workload, with the version the run reports it under and the variant of its
 * manifest it is served as (null: the default configuration). A variant's version carries the
 * variant as build metadata ({@link StackVersions}), so its results are never pooled with the
 * default configuration's.
 */
public record ResolvedStack(StackManifest manifest, String version, String variant) {

    /** The default configuration of a stack at that version. */
    public ResolvedStack(StackManifest manifest, String version) {
        this(manifest, version, null);
    }

    public String id() {
        return manifest.id();
    }

    /** How workloads and results name it: {@code id@version}, the variant in the version's build metadata. */
    public String name() {
        return id() + "@" + version;
    }

    /** The manifest's version that is built: the reported version without its build metadata. */
    public String buildVersion() {
        return StackVersions.buildVersion(version);
    }

    public Optional<StackManifest.Variant> variantSettings() {
        return variant == null ? Optional.empty() : manifest.variant(variant);
    }
}
