package dev.soapbench.runs;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.stacks.ResolvedStack;
import dev.soapbench.stacks.StackName;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The workload's {@code reference}: the stack every other is compared with. It must name exactly one
 * of the workload's stacks once their versions are resolved, so that a typo is refused at
 * submission instead of quietly falling back to the fastest stack on the results page.
 */
final class ReferenceStack {

    private static final String FIELD = "/reference";

    private ReferenceStack() {}

    /**
     * The {@code id@version} the reference names; empty when the workload names none.
     *
     * @throws ApiProblem 422 when it names no stack of {@code stacks}, or several versions of one
     */
    static Optional<String> of(JsonNode workload, List<ResolvedStack> stacks) {
        JsonNode reference = workload.get("reference");
        if (reference == null || !reference.isString()) {
            return Optional.empty();
        }
        String name = reference.asString();
        StackName named = StackName.parse(name);
        List<String> matches = stacks.stream()
                .filter(stack -> names(named, stack))
                .map(ReferenceStack::key)
                .distinct()
                .toList();
        if (matches.size() == 1) {
            return Optional.of(matches.get(0));
        }
        String listed =
                String.join(", ", stacks.stream().map(ReferenceStack::key).toList());
        if (matches.isEmpty()) {
            throw ApiProblem.unprocessable(
                    "The workload's reference '" + name + "' names no stack of its stacks (" + listed + ").",
                    ProblemError.inField(FIELD, "names no stack of 'stacks' (" + listed + ")"));
        }
        throw ApiProblem.unprocessable(
                "The workload's reference '" + name + "' names " + matches.size() + " stacks ("
                        + String.join(", ", matches) + "); give the version, e.g. '" + matches.get(0) + "'.",
                ProblemError.inField(FIELD, "names " + String.join(" and ", matches) + "; give the version"));
    }

    /**
     * Whether the reference names the stack: its id, its variant (none names the default
     * configuration, so {@code cxf} is never {@code cxf+parallel-gc}) and, when given, its version.
     */
    private static boolean names(StackName named, ResolvedStack stack) {
        return stack.id().equals(named.id())
                && Objects.equals(stack.variant(), named.variant())
                && (named.version() == null || stack.buildVersion().equals(named.version()));
    }

    private static String key(ResolvedStack stack) {
        return stack.id() + "@" + stack.version();
    }
}
