package dev.soapbench.stacks;

import dev.soapbench.wsdl.OperationInfo;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a stack can run what is asked of it, judged from its manifest's features: the one place
 * that decides it, for a run's submission and analysis, a study's cells and a leaderboard's stacks.
 * A stack that cannot is marked unsupported and never sent to a worker.
 */
public final class Compatibility {

    private Compatibility() {}

    /** What is asked of a stack; {@link #NOTHING} and the withers build it. */
    public record Needs(
            Collection<OperationInfo> operations,
            List<String> security,
            boolean mtom,
            Optional<String> catalogService,
            boolean nativeClient) {

        public static final Needs NOTHING = new Needs(List.of(), List.of(), false, Optional.empty(), false);

        public Needs withOperations(Collection<OperationInfo> operations) {
            return new Needs(operations, security, mtom, catalogService, nativeClient);
        }

        public Needs withSecurity(List<String> security) {
            return new Needs(operations, security, mtom, catalogService, nativeClient);
        }

        public Needs withMtom(boolean mtom) {
            return new Needs(operations, security, mtom, catalogService, nativeClient);
        }

        public Needs withCatalogService(Optional<String> catalogService) {
            return new Needs(operations, security, mtom, catalogService, nativeClient);
        }

        public Needs withNativeClient(boolean nativeClient) {
            return new Needs(operations, security, mtom, catalogService, nativeClient);
        }
    }

    /** Which of the {@link Needs} a {@link Gap} falls short of. */
    public enum Need {
        NATIVE_CLIENT,
        NATIVE_CLIENT_MTOM,
        ATTACHMENTS,
        BINDING_STYLE,
        SOAP_VERSION,
        SECURITY_MODE,
        MTOM,
        CATALOG_SERVICE
    }

    /** One thing the stack cannot do; {@code need} lets a page word it its own way. */
    public record Gap(Need need, String reason) {}

    /** Why {@code stack} cannot meet {@code needs}, every reason joined, or empty when it can. */
    public static Optional<String> whyNot(StackManifest stack, Needs needs) {
        List<Gap> gaps = gaps(stack, needs);
        return gaps.isEmpty()
                ? Optional.empty()
                : Optional.of(String.join("; ", gaps.stream().map(Gap::reason).toList()));
    }

    /**
     * What {@code stack} lacks of {@code needs}, in a fixed order. A catalog service also needs the
     * stack's own implementation of it: without one there is nothing real to measure. With {@code
     * mtom}, a stack that does not claim MTOM is refused here rather than measured with its binary
     * content inline, which would be another workload; with {@code mtom} and the native client, so is
     * a stack whose own client does not claim it.
     */
    public static List<Gap> gaps(StackManifest stack, Needs needs) {
        StackManifest.Features features = stack.features();
        List<Gap> gaps = new ArrayList<>();
        if (needs.nativeClient() && !features.nativeClient()) {
            gaps.add(new Gap(Need.NATIVE_CLIENT, "has no native client (stack.json features.nativeClient)"));
        } else if (needs.nativeClient() && needs.mtom() && !features.nativeClientMtom()) {
            gaps.add(new Gap(
                    Need.NATIVE_CLIENT_MTOM,
                    "has a native client that does not send MTOM (stack.json features.nativeClientMtom), and"
                            + " driving it with base64Binary content inline would not be the workload asked for"));
        }
        Map<String, List<String>> missingStyles = new LinkedHashMap<>();
        Map<String, List<String>> missingSoapVersions = new LinkedHashMap<>();
        List<String> withAttachments = new ArrayList<>();
        for (OperationInfo operation : needs.operations()) {
            if (operation.attachments() != null) {
                withAttachments.add(operation.name() + " (" + operation.attachments() + ")");
            }
            if (!features.styles().contains(operation.style())) {
                missingStyles
                        .computeIfAbsent(operation.style(), s -> new ArrayList<>())
                        .add(operation.name());
            }
            if (!features.soapVersions().contains(operation.soapVersion())) {
                missingSoapVersions
                        .computeIfAbsent(operation.soapVersion(), v -> new ArrayList<>())
                        .add(operation.name());
            }
        }
        if (!withAttachments.isEmpty()) {
            // Not a stack's limit but the samples': every stack is refused alike.
            gaps.add(new Gap(
                    Need.ATTACHMENTS,
                    "cannot be measured on " + describe(withAttachments)
                            + ", bound as MIME multipart (SOAP with Attachments): the samples carry no attachments,"
                            + " and the body alone is not the WSDL's contract; measure the other operations"
                            + " (workload operations)"));
        }
        missingStyles.forEach((style, names) -> gaps.add(
                new Gap(Need.BINDING_STYLE, "does not support " + style + " bindings (" + describe(names) + ")")));
        missingSoapVersions.forEach((version, names) -> gaps.add(
                new Gap(Need.SOAP_VERSION, "does not support SOAP " + version + " (" + describe(names) + ")")));
        // A stack is measured in the asked modes it claims, each other mode being that mode's
        // `unsupported` outcome from its runner (docs/workload.md, security); it cannot take part only
        // when it claims none of them, and its reason names each.
        if (needs.security().stream().noneMatch(features.security()::contains)) {
            needs.security()
                    .forEach(mode ->
                            gaps.add(new Gap(Need.SECURITY_MODE, "does not support security mode '" + mode + "'")));
        }
        if (needs.mtom() && !features.mtom()) {
            gaps.add(new Gap(
                    Need.MTOM,
                    "does not support MTOM (stack.json features.mtom), and measuring it with base64Binary"
                            + " content inline would not be the workload asked for"));
        }
        needs.catalogService()
                .filter(id -> !stack.catalog().contains(id))
                .ifPresent(id -> gaps.add(
                        new Gap(Need.CATALOG_SERVICE, "has no implementation of catalog service '" + id + "'")));
        return gaps;
    }

    private static String describe(List<String> operationNames) {
        return (operationNames.size() == 1 ? "operation " : "operations ") + String.join(", ", operationNames);
    }
}
