package dev.soapbench.springws.build;

import dev.soapbench.jvmsupport.build.BindingPlaces;
import dev.soapbench.jvmsupport.build.BuildFailure;
import dev.soapbench.jvmsupport.build.PortChoice;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import javax.wsdl.Binding;
import javax.wsdl.BindingInput;
import javax.wsdl.BindingOperation;
import javax.wsdl.BindingOutput;
import javax.wsdl.Definition;
import javax.wsdl.Message;
import javax.wsdl.Part;
import javax.wsdl.Port;
import javax.wsdl.Service;
import javax.wsdl.WSDLException;
import javax.wsdl.extensions.soap.SOAPBinding;
import javax.wsdl.extensions.soap.SOAPBody;
import javax.wsdl.extensions.soap.SOAPHeader;
import javax.wsdl.extensions.soap.SOAPOperation;
import javax.wsdl.extensions.soap12.SOAP12Binding;
import javax.wsdl.extensions.soap12.SOAP12Body;
import javax.wsdl.extensions.soap12.SOAP12Header;
import javax.wsdl.extensions.soap12.SOAP12Operation;
import javax.wsdl.factory.WSDLFactory;
import javax.wsdl.xml.WSDLReader;

/**
 * DocumentBinding refuses what contract-first Spring-WS does not serve, before the schema
 * compiler runs: an endpoint receives the SOAP Body's one payload element and JAXB binds it by
 * its schema element declaration. So every operation of the published port must be
 * document/literal with at most one Body part, declared by element. rpc styles (whose Body
 * wrapper no schema declares) and encoded use are refused with the place of the operation.
 */
final class DocumentBinding {
    private final Path bundle;

    private DocumentBinding(Path bundle) {
        this.bundle = bundle;
    }

    static void check(Path bundle, Path entryFile, PortChoice choice, Set<String> operations) throws BuildFailure {
        new DocumentBinding(bundle).check(binding(entryFile, choice), operations);
    }

    private static Binding binding(Path entryFile, PortChoice choice) throws BuildFailure {
        try {
            WSDLReader reader = WSDLFactory.newInstance().newWSDLReader();
            reader.setFeature("javax.wsdl.verbose", false);
            Definition definition = reader.readWSDL(entryFile.toUri().toString());
            Service service = definition.getService(choice.service());
            Port port = service == null ? null : service.getPort(choice.port().getLocalPart());
            if (port == null || port.getBinding() == null) {
                throw BuildFailure.error("cannot find the binding of port " + choice.port());
            }
            return port.getBinding();
        } catch (WSDLException e) {
            throw BuildFailure.error("cannot read the WSDL: " + e.getMessage());
        }
    }

    private void check(Binding binding, Set<String> operations) throws BuildFailure {
        String bindingStyle = "document";
        for (Object extension : binding.getExtensibilityElements()) {
            if (extension instanceof SOAPBinding soap && soap.getStyle() != null) {
                bindingStyle = soap.getStyle();
            } else if (extension instanceof SOAP12Binding soap && soap.getStyle() != null) {
                bindingStyle = soap.getStyle();
            }
        }
        String bindingName = binding.getQName().getLocalPart();
        for (Object item : binding.getBindingOperations()) {
            BindingOperation operation = (BindingOperation) item;
            if (!operations.contains(operation.getName())) {
                continue;
            }
            String style = operationStyle(operation, bindingStyle);
            if (!"document".equals(style)) {
                throw refuse(operation, style + "/literal operation " + operation.getName() + " of binding " + bindingName
                        + " (Spring-WS contract-first serves document/literal: an rpc wrapper is no schema element for JAXB)");
            }
            BindingInput input = operation.getBindingInput();
            if (input != null && operation.getOperation().getInput() != null) {
                checkParts(operation, "input", operation.getOperation().getInput().getMessage(), input.getExtensibilityElements());
            }
            BindingOutput output = operation.getBindingOutput();
            if (output != null && operation.getOperation().getOutput() != null) {
                checkParts(operation, "output", operation.getOperation().getOutput().getMessage(), output.getExtensibilityElements());
            }
        }
    }

    private static String operationStyle(BindingOperation operation, String bindingStyle) {
        for (Object extension : operation.getExtensibilityElements()) {
            if (extension instanceof SOAPOperation soap && soap.getStyle() != null) {
                return soap.getStyle();
            }
            if (extension instanceof SOAP12Operation soap && soap.getStyle() != null) {
                return soap.getStyle();
            }
        }
        return bindingStyle;
    }

    /** The message's parts that travel in the Body: soap:body's parts, less those bound as headers. */
    private void checkParts(BindingOperation operation, String direction, Message message, List<?> extensions)
            throws BuildFailure {
        if (message == null) {
            return;
        }
        List<String> bodyParts = null;
        List<String> headerParts = new ArrayList<>();
        for (Object extension : extensions) {
            if (extension instanceof SOAPBody body && body.getParts() != null) {
                bodyParts = names(body.getParts());
            } else if (extension instanceof SOAP12Body body && body.getParts() != null) {
                bodyParts = names(body.getParts());
            } else if (extension instanceof SOAPHeader header && message.getQName().equals(header.getMessage())) {
                headerParts.add(header.getPart());
            } else if (extension instanceof SOAP12Header header && message.getQName().equals(header.getMessage())) {
                headerParts.add(header.getPart());
            }
        }
        List<Part> inBody = new ArrayList<>();
        for (Object value : message.getOrderedParts(null)) {
            Part part = (Part) value;
            boolean listed = bodyParts == null || bodyParts.contains(part.getName());
            if (listed && !headerParts.contains(part.getName())) {
                inBody.add(part);
            }
        }
        if (inBody.size() > 1) {
            throw refuse(operation, "the " + direction + " of operation " + operation.getName() + " carries "
                    + inBody.size() + " parts in the SOAP Body (a Spring-WS endpoint receives one payload element)");
        }
        for (Part part : inBody) {
            if (part.getElementName() == null) {
                throw refuse(operation, "part " + part.getName() + " of the " + direction + " of operation "
                        + operation.getName() + " is declared by type, not by element (JAXB binds a document payload by its element)");
            }
        }
    }

    private static List<String> names(Collection<?> parts) {
        return parts.stream().map(String::valueOf).toList();
    }

    private BuildFailure refuse(BindingOperation operation, String what) {
        String place = BindingPlaces.operation(bundle, operation.getName());
        return BuildFailure.unsupported(what + (place == null ? "" : ", in " + place));
    }
}
