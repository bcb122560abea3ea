package dev.soapbench.runs;

import dev.soapbench.stacks.StackManifest;
import dev.soapbench.wsdl.OperationInfo;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a stack can build the measured operations, judged from its manifest's features against
 * the analysis. A stack that cannot is marked unsupported and never sent to a worker.
 */
final class Compatibility {

    private Compatibility() {}

    /**
     * Why {@code stack} cannot run these operations with these security modes, or empty when it can. A
     * catalog service also needs the stack's own implementation of it: without one there is nothing
     * real to measure. With {@code mtom}, a stack that does not claim MTOM is refused here rather
     * than measured with its binary content inline, which would be another workload.
     */
    static Optional<String> whyNot(
            StackManifest stack,
            Collection<OperationInfo> operations,
            List<String> security,
            boolean mtom,
            Optional<String> catalogId) {
        StackManifest.Features features = stack.features();
        Map<String, List<String>> missingStyles = new LinkedHashMap<>();
        Map<String, List<String>> missingSoapVersions = new LinkedHashMap<>();
        List<String> withAttachments = new ArrayList<>();
        for (OperationInfo operation : operations) {
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
        List<String> reasons = new ArrayList<>();
        if (!withAttachments.isEmpty()) {
            // Not a stack's limit but the samples': every stack is refused alike.
            reasons.add("cannot be measured on " + describe(withAttachments)
                    + ", bound as MIME multipart (SOAP with Attachments): the samples carry no attachments, and"
                    + " the body alone is not the WSDL's contract; measure the other operations (workload"
                    + " operations)");
        }
        missingStyles.forEach(
                (style, names) -> reasons.add("does not support " + style + " bindings (" + describe(names) + ")"));
        missingSoapVersions.forEach(
                (version, names) -> reasons.add("does not support SOAP " + version + " (" + describe(names) + ")"));
        security.stream()
                .filter(mode -> !features.security().contains(mode))
                .forEach(mode -> reasons.add("does not support security mode '" + mode + "'"));
        if (mtom && !features.mtom()) {
            reasons.add("does not support MTOM (stack.json features.mtom), and measuring it with base64Binary"
                    + " content inline would not be the workload asked for");
        }
        catalogId
                .filter(id -> !stack.catalog().contains(id))
                .ifPresent(id -> reasons.add("has no implementation of catalog service '" + id + "'"));
        return reasons.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", reasons));
    }

    private static String describe(List<String> operationNames) {
        return (operationNames.size() == 1 ? "operation " : "operations ") + String.join(", ", operationNames);
    }
}
