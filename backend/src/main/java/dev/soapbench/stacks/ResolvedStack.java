package dev.soapbench.stacks;

/** A stack named in a workload, with the exact version it will be built at. */
public record ResolvedStack(StackManifest manifest, String version) {

    public String id() {
        return manifest.id();
    }
}
