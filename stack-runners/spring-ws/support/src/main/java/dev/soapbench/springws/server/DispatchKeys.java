package dev.soapbench.springws.server;

import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.springws.samples.SampleOperation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;

/**
 * DispatchKeys says how Spring-WS finds each operation's endpoint: by the request's payload root
 * element, as contract-first Spring-WS dispatches; an operation whose request Body is empty has no
 * payload root, and is found by its SOAP action instead. Two operations that neither key tells
 * apart cannot be served, and the build refuses them.
 */
public record DispatchKeys(Map<QName, String> byPayloadRoot, Map<String, String> bySoapAction) {

    public static DispatchKeys of(List<SampleOperation> operations) throws SampleException {
        Map<QName, String> byPayloadRoot = new LinkedHashMap<>();
        Map<String, String> bySoapAction = new LinkedHashMap<>();
        for (SampleOperation operation : operations) {
            String name = operation.entry().operation();
            QName root = operation.requestName();
            if (root != null) {
                String other = byPayloadRoot.putIfAbsent(root, name);
                if (other != null) {
                    throw SampleException.unsupported(name, "operations " + other + " and " + name
                            + " take the same request element " + root + " (Spring-WS dispatches on the payload root)");
                }
                continue;
            }
            String action = operation.entry().soapAction();
            if (action.isEmpty()) {
                throw SampleException.unsupported(name, "operation " + name + " has an empty request Body and no"
                        + " SOAP action (Spring-WS dispatches on the payload root, else on the SOAP action)");
            }
            String other = bySoapAction.putIfAbsent(action, name);
            if (other != null) {
                throw SampleException.unsupported(name, "operations " + other + " and " + name
                        + " have empty request Bodies and the same SOAP action " + action);
            }
        }
        return new DispatchKeys(Map.copyOf(byPayloadRoot), Map.copyOf(bySoapAction));
    }
}
