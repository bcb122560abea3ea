package dev.soapbench.wsdl;

import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.apache.ws.commons.schema.XmlSchemaCollection;

/** The parts of a WSDL 1.1 bundle that analysis and sample generation read, imports merged. */
record WsdlModel(
        String targetNamespace,
        Map<QName, Message> messages,
        Map<QName, PortType> portTypes,
        Map<QName, Binding> bindings,
        List<Service> services,
        XmlSchemaCollection schemas,
        List<String> warnings) {

    record Part(String name, QName element, QName type) {}

    record Message(QName name, List<Part> parts) {}

    record PortTypeOperation(String name, QName input, QName output) {}

    record PortType(QName name, Map<String, PortTypeOperation> operations) {}

    /**
     * How one direction of a bound operation is put in the SOAP envelope: the body, and the
     * parts bound as SOAP headers.
     */
    /**
     * @param attachments file:line of a mime:multipartRelated that binds this direction as SOAP with
     *     Attachments, else null
     */
    record BodyBinding(
            String use, String namespace, List<String> parts, List<HeaderBinding> headers, String attachments) {}

    /**
     * A soap:header (or soap12:header) of a binding operation's input or output: a part of
     * {@code message}, which need not be the operation's own. {@code where} is file:line, for
     * warnings.
     */
    record HeaderBinding(QName message, String part, String use, String where) {}

    /** {@code where} is the file:line of the binding's wsdl:operation. */
    record BindingOperation(
            String name, String soapAction, String style, BodyBinding input, BodyBinding output, String where) {}

    /** A binding; soapVersion is null for bindings that are not SOAP (HTTP, ...). */
    record Binding(QName name, QName portType, String soapVersion, List<BindingOperation> operations) {}

    record Port(String name, QName binding) {}

    record Service(QName name, List<Port> ports) {}
}
