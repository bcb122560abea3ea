package dev.soapbench.wsdl;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Operations of one SOAP binding whose requests are the same on the wire: document style, the same
 * body element and the same SOAP action (WS-I Basic Profile R2710 asks for unique operation
 * signatures). A server has nothing to tell them apart by, so no stack is measured on such a binding:
 * CXF refuses to generate it, Metro and Axis2 cannot dispatch, and a stack that answers anyway
 * answers one operation for both. {@code operations} and {@code places} (file:line of each binding
 * operation) are in the WSDL's order.
 */
public record SameRequest(
        String binding, String element, String soapAction, List<String> operations, List<String> places) {

    public SameRequest {
        operations = List.copyOf(operations);
        places = List.copyOf(places);
    }

    /** The groups of two or more operations that send the same request; places run beside operations. */
    static List<SameRequest> amongst(List<OperationInfo> operations, List<String> places) {
        Map<List<String>, List<Integer>> byRequest = new LinkedHashMap<>();
        for (int i = 0; i < operations.size(); i++) {
            OperationInfo operation = operations.get(i);
            // rpc requests are named by their operation, so only document style can collide.
            if (operation.input() == null || !operation.style().startsWith("document")) {
                continue;
            }
            byRequest
                    .computeIfAbsent(
                            List.of(
                                    operation.binding(),
                                    operation.soapVersion(),
                                    operation.input(),
                                    operation.soapAction()),
                            key -> new ArrayList<>())
                    .add(i);
        }
        List<SameRequest> groups = new ArrayList<>();
        byRequest.forEach((key, indexes) -> {
            if (indexes.size() > 1) {
                groups.add(new SameRequest(
                        key.get(0),
                        key.get(2),
                        key.get(3),
                        indexes.stream().map(i -> operations.get(i).name()).toList(),
                        indexes.stream().map(places::get).toList()));
            }
        });
        return groups;
    }

    /**
     * Why no stack can be measured on the bindings of these operations, or null when none of those
     * bindings has operations that send the same request. The whole binding counts, not only the
     * measured operations: a stack builds and serves the binding whole.
     */
    public static String whyNotMeasured(List<SameRequest> sameRequests, Collection<OperationInfo> measured) {
        Set<String> bindings = measured.stream().map(OperationInfo::binding).collect(Collectors.toSet());
        List<SameRequest> relevant = sameRequests.stream()
                .filter(group -> bindings.contains(group.binding()))
                .toList();
        if (relevant.isEmpty()) {
            return null;
        }
        return relevant.stream().map(SameRequest::describe).collect(Collectors.joining("; "))
                + ": no server can tell them apart (WS-I Basic Profile R2710), so no stack is measured on the"
                + " binding; give each operation its own body element or SOAP action";
    }

    private String describe() {
        List<String> named = new ArrayList<>();
        for (int i = 0; i < operations.size(); i++) {
            named.add(operations.get(i) + " (" + places.get(i) + ")");
        }
        return "operations " + String.join(", ", named) + " of binding " + binding
                + " send the same request (body element " + element
                + (soapAction.isEmpty() ? ", no SOAP action" : ", SOAP action \"" + soapAction + "\"") + ")";
    }
}
