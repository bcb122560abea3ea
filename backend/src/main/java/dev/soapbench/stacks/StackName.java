package dev.soapbench.stacks;

/**
 * A stack as a workload names it: {@code id[@version][+variant]}. The workload schema has already
 * checked the form, so this only splits it; whether the stack, version and variant exist is for
 * {@link Stacks#resolve}.
 *
 * @param version null: the manifest's newest
 * @param variant null: the default configuration
 */
public record StackName(String id, String version, String variant) {

    public static StackName parse(String name) {
        String rest = name;
        String variant = null;
        int plus = rest.indexOf('+');
        if (plus >= 0) {
            variant = rest.substring(plus + 1);
            rest = rest.substring(0, plus);
        }
        int at = rest.indexOf('@');
        return at < 0
                ? new StackName(rest, null, variant)
                : new StackName(rest.substring(0, at), rest.substring(at + 1), variant);
    }
}
