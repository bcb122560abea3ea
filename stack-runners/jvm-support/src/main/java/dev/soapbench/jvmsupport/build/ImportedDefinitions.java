package dev.soapbench.jvmsupport.build;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import javax.wsdl.Binding;
import javax.wsdl.Definition;
import javax.wsdl.Import;
import javax.wsdl.Service;

/**
 * ImportedDefinitions walks a WSDL and every definition it imports, each once. WSDL4J's own
 * {@code getAllServices} and {@code getAllBindings} recurse through {@code wsdl:import} without
 * remembering where they have been, so two WSDLs that import each other (legal WSDL 1.1, and
 * shipped as such) end in a StackOverflowError.
 */
final class ImportedDefinitions {
    private ImportedDefinitions() {}

    /** The services of the definition and of everything it imports, in the order met. */
    static List<Service> services(Definition root) {
        List<Service> services = new ArrayList<>();
        for (Definition definition : all(root)) {
            for (Object service : definition.getServices().values()) {
                services.add((Service) service);
            }
        }
        return services;
    }

    /** The bindings of the definition and of everything it imports, in the order met. */
    static List<Binding> bindings(Definition root) {
        List<Binding> bindings = new ArrayList<>();
        for (Definition definition : all(root)) {
            for (Object binding : definition.getBindings().values()) {
                bindings.add((Binding) binding);
            }
        }
        return bindings;
    }

    /** The definition and every one it imports, directly or not, each once. */
    static List<Definition> all(Definition root) {
        Set<Definition> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Definition> order = new ArrayList<>();
        List<Definition> pending = new ArrayList<>(List.of(root));
        while (!pending.isEmpty()) {
            Definition definition = pending.remove(0);
            if (definition == null || !seen.add(definition)) {
                continue;
            }
            order.add(definition);
            for (Object imports : definition.getImports().values()) {
                for (Object value : (List<?>) imports) {
                    pending.add(((Import) value).getDefinition());
                }
            }
        }
        return order;
    }
}
