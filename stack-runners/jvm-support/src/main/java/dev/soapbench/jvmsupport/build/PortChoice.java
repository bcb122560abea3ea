package dev.soapbench.jvmsupport.build;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.wsdl.Binding;
import javax.wsdl.Definition;
import javax.wsdl.Operation;
import javax.wsdl.Port;
import javax.wsdl.Service;
import javax.wsdl.WSDLException;
import javax.wsdl.extensions.soap.SOAPBinding;
import javax.wsdl.extensions.soap12.SOAP12Binding;
import javax.wsdl.factory.WSDLFactory;
import javax.wsdl.xml.WSDLReader;
import javax.xml.namespace.QName;

/**
 * PortChoice is the WSDL port the server publishes: a SOAP port of the samples' SOAP version
 * whose port type has every operation the samples name.
 */
public record PortChoice(QName service, QName port, String soapVersion) {

    public static PortChoice choose(String entryUri, Set<String> operations, String soapVersion) throws BuildFailure {
        Definition definition;
        try {
            WSDLReader reader = WSDLFactory.newInstance().newWSDLReader();
            reader.setFeature("javax.wsdl.verbose", false);
            definition = reader.readWSDL(entryUri);
        } catch (WSDLException e) {
            throw BuildFailure.error("cannot read the WSDL: " + e.getMessage());
        }
        PortChoice otherVersion = null;
        List<Service> services = new ArrayList<>(ImportedDefinitions.services(definition));
        services.sort(Comparator.comparing(s -> s.getQName().toString()));
        for (Service service : services) {
            List<Port> ports = new ArrayList<>(values(service.getPorts()));
            ports.sort(Comparator.comparing(Port::getName));
            for (Port port : ports) {
                String version = soapVersion(port.getBinding());
                if (version == null || !offers(port.getBinding(), operations)) {
                    continue;
                }
                PortChoice choice = new PortChoice(service.getQName(),
                        new QName(service.getQName().getNamespaceURI(), port.getName()), version);
                if (version.equals(soapVersion)) {
                    return choice;
                }
                if (otherVersion == null) {
                    otherVersion = choice;
                }
            }
        }
        if (otherVersion != null) {
            throw BuildFailure.error("the samples use SOAP " + soapVersion + " but port " + otherVersion.port().getLocalPart()
                    + " offering " + operations + " is SOAP " + otherVersion.soapVersion());
        }
        throw spreadOrMissing(definition, operations);
    }

    /**
     * Why no port offers every operation: the operations lie in several port types (this server
     * publishes one port, so a stack that cannot serve them all is refused as unsupported, with
     * the way out: the workload's {@code operations} of one port type), or some are in no SOAP
     * binding at all.
     */
    private static BuildFailure spreadOrMissing(Definition definition, Set<String> operations) {
        Map<String, Set<String>> byPortType = new java.util.TreeMap<>();
        Set<String> bound = new TreeSet<>();
        for (Binding binding : ImportedDefinitions.bindings(definition)) {
            if (soapVersion(binding) == null || binding.getPortType() == null) {
                continue;
            }
            for (Object operation : binding.getPortType().getOperations()) {
                String name = ((Operation) operation).getName();
                if (operations.contains(name)) {
                    byPortType.computeIfAbsent(binding.getPortType().getQName().getLocalPart(), k -> new TreeSet<>())
                            .add(name);
                    bound.add(name);
                }
            }
        }
        Set<String> unbound = new TreeSet<>(operations);
        unbound.removeAll(bound);
        if (unbound.isEmpty() && byPortType.size() > 1) {
            StringBuilder spread = new StringBuilder();
            byPortType.forEach((portType, names) -> spread.append(spread.isEmpty() ? "" : "; ")
                    .append("port type ").append(portType).append(": ").append(String.join(", ", names)));
            return BuildFailure.unsupported("the operations of the samples lie in " + byPortType.size()
                    + " port types (" + spread + "), and this stack's server publishes one port per build;"
                    + " measure the operations of one port type (workload operations)");
        }
        return BuildFailure.error("no SOAP binding of the WSDL offers operation(s) " + String.join(", ", unbound)
                + " of the samples");
    }

    private static String soapVersion(Binding binding) {
        if (binding == null) {
            return null;
        }
        for (Object extension : binding.getExtensibilityElements()) {
            if (extension instanceof SOAPBinding) {
                return "1.1";
            }
            if (extension instanceof SOAP12Binding) {
                return "1.2";
            }
        }
        return null;
    }

    private static boolean offers(Binding binding, Set<String> operations) {
        if (binding.getPortType() == null) {
            return false;
        }
        Set<String> offered = new TreeSet<>();
        for (Object operation : binding.getPortType().getOperations()) {
            offered.add(((Operation) operation).getName());
        }
        return offered.containsAll(operations);
    }

    @SuppressWarnings("unchecked")
    private static <T> Collection<T> values(Map<?, ?> map) {
        return (Collection<T>) map.values();
    }
}
