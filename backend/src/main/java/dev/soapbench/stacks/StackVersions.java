package dev.soapbench.stacks;

import java.util.Optional;

/**
 * What a reported stack version says. A run reports a stack under its version with build metadata
 * for what differs from a plain build of it: a variant of the manifest ({@code 4.2.3+parallel-gc}),
 * the head of an A/B of two WSDLs ({@code 4.2.3+head}), or both ({@code 4.2.3+parallel-gc+head}).
 * Every figure is keyed by stack and reported version, so a variant is never pooled with its
 * default configuration. A manifest cannot name a variant {@code head} (stack.schema.json).
 */
public final class StackVersions {

    /** The build metadata of the head of an A/B of two WSDLs. */
    public static final String HEAD = "head";

    private StackVersions() {}

    /** The version a variant of {@code version} is reported under. */
    public static String withVariant(String version, String variant) {
        return variant == null ? version : version + "+" + variant;
    }

    /** The manifest's version: what precedes the build metadata. */
    public static String buildVersion(String reported) {
        int plus = reported.indexOf('+');
        return plus < 0 ? reported : reported.substring(0, plus);
    }

    /** The variant a reported version names; empty for the default configuration and its head. */
    public static Optional<String> variant(String reported) {
        int plus = reported.indexOf('+');
        if (plus < 0) {
            return Optional.empty();
        }
        String first = reported.substring(plus + 1).split("\\+", -1)[0];
        return first.isEmpty() || first.equals(HEAD) ? Optional.empty() : Optional.of(first);
    }
}
