package dev.soapbench.wsdl;

import dev.soapbench.wsdl.WsdlModel.Binding;
import dev.soapbench.wsdl.WsdlModel.BindingOperation;
import dev.soapbench.wsdl.WsdlModel.BodyBinding;
import dev.soapbench.wsdl.WsdlModel.Message;
import dev.soapbench.wsdl.WsdlModel.Part;
import dev.soapbench.wsdl.WsdlModel.Port;
import dev.soapbench.wsdl.WsdlModel.PortType;
import dev.soapbench.wsdl.WsdlModel.PortTypeOperation;
import dev.soapbench.wsdl.WsdlModel.Service;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * An operation of a SOAP binding joined with its port type and messages: what both the analysis
 * and the sample generator need. {@code output} is null for one-way operations.
 */
record BoundOperation(
        String name,
        Binding binding,
        BindingOperation bindingOperation,
        String style,
        String use,
        Direction input,
        Direction output) {

    /**
     * One direction: the body parts in order, the namespace of an rpc wrapper, and the global
     * elements bound as SOAP header blocks.
     */
    record Direction(List<Part> parts, String namespace, List<QName> headers) {}

    String soapVersion() {
        return binding.soapVersion();
    }

    boolean isRpc() {
        return "rpc".equals(style);
    }

    /**
     * The operations of every SOAP binding reachable from a service port (or of every SOAP
     * binding when the WSDL declares no service), each binding once.
     */
    static List<BoundOperation> allOf(WsdlModel model, List<String> warnings) {
        Set<QName> bindingNames = new LinkedHashSet<>();
        for (Service service : model.services()) {
            for (Port port : service.ports()) {
                if (port.binding() != null) {
                    bindingNames.add(port.binding());
                }
            }
        }
        if (model.services().isEmpty()) {
            warnings.add("the WSDL declares no service: every binding is used");
            bindingNames.addAll(model.bindings().keySet());
        }
        List<BoundOperation> result = new ArrayList<>();
        for (QName bindingName : bindingNames) {
            Binding binding = model.bindings().get(bindingName);
            if (binding == null) {
                throw new WsdlProblem(
                        "a port refers to the binding " + bindingName + ", which the WSDL does not define");
            }
            if (binding.soapVersion() == null) {
                warnings.add("binding " + bindingName.getLocalPart() + " is not a SOAP binding and is ignored");
                continue;
            }
            PortType portType = model.portTypes().get(binding.portType());
            if (portType == null) {
                throw new WsdlProblem("binding " + bindingName.getLocalPart() + " refers to the port type "
                        + binding.portType() + ", which the WSDL does not define");
            }
            for (BindingOperation operation : binding.operations()) {
                PortTypeOperation abstractOperation = portType.operations().get(operation.name());
                if (abstractOperation == null) {
                    throw located(
                            operation.where(),
                            "binding " + bindingName.getLocalPart() + " binds the operation " + operation.name()
                                    + ", which port type " + portType.name().getLocalPart() + " lacks");
                }
                result.add(bind(model, binding, operation, abstractOperation, warnings));
            }
        }
        return result;
    }

    private static BoundOperation bind(
            WsdlModel model,
            Binding binding,
            BindingOperation operation,
            PortTypeOperation abstractOperation,
            List<String> warnings) {
        String use = operation.input() == null ? "literal" : operation.input().use();
        Direction input = direction(model, operation, abstractOperation.input(), operation.input(), warnings);
        Direction output = abstractOperation.output() == null
                ? null
                : direction(model, operation, abstractOperation.output(), operation.output(), warnings);
        return new BoundOperation(operation.name(), binding, operation, operation.style(), use, input, output);
    }

    private static Direction direction(
            WsdlModel model,
            BindingOperation bindingOperation,
            QName messageName,
            BodyBinding body,
            List<String> warnings) {
        String operation = bindingOperation.name();
        List<QName> headers = HeaderParts.elements(model, operation, body, warnings);
        if (messageName == null) {
            return new Direction(List.of(), body == null ? "" : body.namespace(), headers);
        }
        Message message = model.messages().get(messageName);
        if (message == null) {
            throw new WsdlProblem("operation " + operation + " refers to the message " + messageName
                    + ", which the WSDL does not define");
        }
        List<Part> parts = new ArrayList<>();
        if (body == null || body.parts() == null) {
            // WSDL 1.1 puts every part in the body when soap:body names none, but a part the same
            // operation binds as a header is sent there instead (as wsimport and CXF read it).
            message.parts().stream()
                    .filter(p -> !HeaderParts.isHeader(body, messageName, p.name()))
                    .forEach(parts::add);
        } else {
            for (String partName : body.parts()) {
                parts.add(message.parts().stream()
                        .filter(p -> p.name().equals(partName))
                        .findFirst()
                        .orElseThrow(() -> located(
                                bindingOperation.where(),
                                "operation " + operation + " binds the part " + partName + ", which message "
                                        + messageName.getLocalPart() + " lacks")));
            }
        }
        return new Direction(parts, body == null ? "" : body.namespace(), headers);
    }

    /** A problem at a binding operation's file:line (the file and line become the problem's own). */
    private static WsdlProblem located(String where, String reason) {
        int colon = where.lastIndexOf(':');
        if (colon > 0 && where.substring(colon + 1).matches("[0-9]{1,9}")) {
            return new WsdlProblem(
                    where.substring(0, colon), Integer.valueOf(where.substring(colon + 1)), null, reason);
        }
        return new WsdlProblem(where, null, null, reason);
    }
}
