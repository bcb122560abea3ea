package dev.soapbench.wsdl;

import dev.soapbench.wsdl.WsdlModel.Binding;
import dev.soapbench.wsdl.WsdlModel.BindingOperation;
import dev.soapbench.wsdl.WsdlModel.BodyBinding;
import dev.soapbench.wsdl.WsdlModel.HeaderBinding;
import dev.soapbench.wsdl.WsdlModel.Message;
import dev.soapbench.wsdl.WsdlModel.Part;
import dev.soapbench.wsdl.WsdlModel.Port;
import dev.soapbench.wsdl.WsdlModel.PortType;
import dev.soapbench.wsdl.WsdlModel.PortTypeOperation;
import dev.soapbench.wsdl.WsdlModel.Service;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.namespace.QName;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Reads a bundle's WSDL 1.1 documents, following wsdl:import, and hands their schemas to
 * {@link SchemaLoader}. Every file is parsed by {@link SecureXml} before anything else sees it.
 */
final class WsdlLoader {

    private final WsdlBundle bundle;
    private final Set<String> loadedWsdls = new HashSet<>();
    private final Map<QName, Message> messages = new LinkedHashMap<>();
    private final Map<QName, PortType> portTypes = new LinkedHashMap<>();
    private final Map<QName, Binding> bindings = new LinkedHashMap<>();
    private final List<Service> services = new ArrayList<>();
    private final SchemaLoader schemaLoader;
    private final List<String> warnings = new ArrayList<>();

    private WsdlLoader(WsdlBundle bundle) {
        this.bundle = bundle;
        this.schemaLoader = new SchemaLoader(bundle);
    }

    static WsdlModel load(WsdlBundle bundle) {
        WsdlLoader loader = new WsdlLoader(bundle);
        Element root = loader.loadWsdl(bundle.entry());
        return new WsdlModel(
                root.getAttribute("targetNamespace"),
                loader.messages,
                loader.portTypes,
                loader.bindings,
                loader.services,
                loader.schemaLoader.build(),
                loader.warnings);
    }

    private Element loadWsdl(String path) {
        loadedWsdls.add(path);
        Document document = SecureXml.parse(path, bundle.files().get(path));
        Element root = document.getDocumentElement();
        if (Namespaces.WSDL20.equals(root.getNamespaceURI())) {
            throw new WsdlProblem(
                    path, SecureXml.line(root), null, "WSDL 2.0 is not supported: upload a WSDL 1.1 document");
        }
        if (!isWsdl(root, "definitions")) {
            throw new WsdlProblem(
                    path,
                    SecureXml.line(root),
                    null,
                    "not a WSDL 1.1 document: the root element is " + describe(root) + ", expected wsdl:definitions");
        }
        String targetNamespace = root.getAttribute("targetNamespace");
        for (Element child : children(root)) {
            if (isWsdl(child, "import")) {
                importDocument(path, child);
            } else if (isWsdl(child, "types")) {
                for (Element schema : children(child)) {
                    if (Namespaces.XSD.equals(schema.getNamespaceURI()) && "schema".equals(schema.getLocalName())) {
                        schemaLoader.addInline(path, schema);
                    }
                }
            } else if (isWsdl(child, "message")) {
                readMessage(path, targetNamespace, child);
            } else if (isWsdl(child, "portType")) {
                readPortType(path, targetNamespace, child);
            } else if (isWsdl(child, "binding")) {
                readBinding(path, targetNamespace, child);
            } else if (isWsdl(child, "service")) {
                readService(path, targetNamespace, child);
            }
        }
        return root;
    }

    private void importDocument(String path, Element importElement) {
        String target = BundlePaths.resolve(
                bundle, path, SecureXml.line(importElement), importElement.getAttribute("location"));
        if (loadedWsdls.contains(target)) {
            return;
        }
        Document imported = SecureXml.parse(target, bundle.files().get(target));
        Element root = imported.getDocumentElement();
        if (Namespaces.XSD.equals(root.getNamespaceURI()) && "schema".equals(root.getLocalName())) {
            // Some WSDLs pull their schema in with wsdl:import instead of xsd:import.
            schemaLoader.addFile(target);
            return;
        }
        loadWsdl(target);
    }

    private void readMessage(String path, String targetNamespace, Element element) {
        List<Part> parts = new ArrayList<>();
        for (Element part : children(element)) {
            if (isWsdl(part, "part")) {
                parts.add(new Part(
                        part.getAttribute("name"),
                        qnameAttribute(path, part, "element"),
                        qnameAttribute(path, part, "type")));
            }
        }
        QName name = new QName(targetNamespace, element.getAttribute("name"));
        messages.put(name, new Message(name, parts));
    }

    private void readPortType(String path, String targetNamespace, Element element) {
        Map<String, PortTypeOperation> operations = new LinkedHashMap<>();
        for (Element operation : children(element)) {
            if (!isWsdl(operation, "operation")) {
                continue;
            }
            Element input = firstChild(operation, Namespaces.WSDL, "input");
            Element output = firstChild(operation, Namespaces.WSDL, "output");
            String name = operation.getAttribute("name");
            operations.put(
                    name,
                    new PortTypeOperation(
                            name,
                            input == null ? null : qnameAttribute(path, input, "message"),
                            output == null ? null : qnameAttribute(path, output, "message")));
        }
        QName name = new QName(targetNamespace, element.getAttribute("name"));
        portTypes.put(name, new PortType(name, operations));
    }

    private void readBinding(String path, String targetNamespace, Element element) {
        QName name = new QName(targetNamespace, element.getAttribute("name"));
        String soapNamespace = null;
        String defaultStyle = "document";
        for (Element child : children(element)) {
            if ("binding".equals(child.getLocalName()) && isSoapBindingNamespace(child.getNamespaceURI())) {
                soapNamespace = child.getNamespaceURI();
                if (!child.getAttribute("style").isEmpty()) {
                    defaultStyle = child.getAttribute("style");
                }
            }
        }
        List<BindingOperation> operations = new ArrayList<>();
        if (soapNamespace != null) {
            for (Element operation : children(element)) {
                if (isWsdl(operation, "operation")) {
                    operations.add(readBindingOperation(path, soapNamespace, defaultStyle, operation));
                }
            }
        }
        String soapVersion =
                soapNamespace == null ? null : Namespaces.SOAP12_BINDING.equals(soapNamespace) ? "1.2" : "1.1";
        bindings.put(name, new Binding(name, qnameAttribute(path, element, "type"), soapVersion, operations));
    }

    private BindingOperation readBindingOperation(
            String path, String soapNamespace, String defaultStyle, Element operation) {
        String name = operation.getAttribute("name");
        Element soapOperation = firstChild(operation, soapNamespace, "operation");
        String soapAction = soapOperation == null ? "" : soapOperation.getAttribute("soapAction");
        String style =
                soapOperation == null || soapOperation.getAttribute("style").isEmpty()
                        ? defaultStyle
                        : soapOperation.getAttribute("style");
        return new BindingOperation(
                name,
                soapAction,
                style,
                readBody(path, soapNamespace, name, firstChild(operation, Namespaces.WSDL, "input")),
                readBody(path, soapNamespace, name, firstChild(operation, Namespaces.WSDL, "output")),
                path + (SecureXml.line(operation) == null ? "" : ":" + SecureXml.line(operation)));
    }

    private BodyBinding readBody(String path, String soapNamespace, String operation, Element direction) {
        if (direction == null) {
            return null;
        }
        Element body = null;
        String attachments = null;
        List<HeaderBinding> headers = new ArrayList<>();
        for (Element child : children(direction)) {
            if (soapNamespace.equals(child.getNamespaceURI()) && "body".equals(child.getLocalName())) {
                body = child;
            } else if (soapNamespace.equals(child.getNamespaceURI()) && "header".equals(child.getLocalName())) {
                headers.add(readHeader(path, child));
            } else if (Namespaces.MIME_BINDING.equals(child.getNamespaceURI())) {
                Integer line = SecureXml.line(child);
                attachments = path + (line == null ? "" : ":" + line);
                body = findSoapBody(child, soapNamespace);
            }
        }
        if (body == null) {
            return new BodyBinding("literal", "", null, List.copyOf(headers), attachments);
        }
        String use = body.getAttribute("use").isEmpty() ? "literal" : body.getAttribute("use");
        List<String> parts = body.hasAttribute("parts")
                ? Arrays.stream(body.getAttribute("parts").trim().split("\\s+"))
                        .filter(p -> !p.isEmpty())
                        .toList()
                : null;
        return new BodyBinding(use, body.getAttribute("namespace"), parts, List.copyOf(headers), attachments);
    }

    private static HeaderBinding readHeader(String path, Element header) {
        Integer line = SecureXml.line(header);
        return new HeaderBinding(
                qnameAttribute(path, header, "message"),
                header.getAttribute("part"),
                header.getAttribute("use").isEmpty() ? "literal" : header.getAttribute("use"),
                path + (line == null ? "" : ":" + line));
    }

    private static Element findSoapBody(Element element, String soapNamespace) {
        for (Element child : children(element)) {
            if (soapNamespace.equals(child.getNamespaceURI()) && "body".equals(child.getLocalName())) {
                return child;
            }
            Element nested = findSoapBody(child, soapNamespace);
            if (nested != null) {
                return nested;
            }
        }
        return null;
    }

    private void readService(String path, String targetNamespace, Element element) {
        List<Port> ports = new ArrayList<>();
        for (Element port : children(element)) {
            if (isWsdl(port, "port")) {
                ports.add(new Port(port.getAttribute("name"), qnameAttribute(path, port, "binding")));
            }
        }
        services.add(new Service(new QName(targetNamespace, element.getAttribute("name")), ports));
    }

    private void warn(String path, Element element, String message) {
        Integer line = SecureXml.line(element);
        warnings.add(path + (line == null ? "" : ":" + line) + ": " + message);
    }

    static boolean isSoapBindingNamespace(String namespace) {
        return Namespaces.SOAP11_BINDING.equals(namespace) || Namespaces.SOAP12_BINDING.equals(namespace);
    }

    /** Resolves a prefixed name in an attribute against the namespaces in scope where it appears. */
    static QName qnameAttribute(String path, Element element, String attribute) {
        if (!element.hasAttribute(attribute)) {
            return null;
        }
        String value = element.getAttribute(attribute).trim();
        int colon = value.indexOf(':');
        String prefix = colon < 0 ? null : value.substring(0, colon);
        String namespace = element.lookupNamespaceURI(prefix);
        if (prefix != null && namespace == null) {
            throw new WsdlProblem(
                    path,
                    SecureXml.line(element),
                    SecureXml.column(element),
                    attribute + "=\"" + value + "\" uses the undeclared prefix '" + prefix + "'");
        }
        return new QName(namespace == null ? "" : namespace, value.substring(colon + 1));
    }

    static List<Element> children(Element parent) {
        List<Element> result = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element) {
                result.add(element);
            }
        }
        return result;
    }

    static Element firstChild(Element parent, String namespace, String localName) {
        for (Element child : children(parent)) {
            if (namespace.equals(child.getNamespaceURI()) && localName.equals(child.getLocalName())) {
                return child;
            }
        }
        return null;
    }

    private static boolean isWsdl(Element element, String localName) {
        return Namespaces.WSDL.equals(element.getNamespaceURI()) && localName.equals(element.getLocalName());
    }

    private static String describe(Element element) {
        String namespace = element.getNamespaceURI();
        return namespace == null ? element.getLocalName() : "{" + namespace + "}" + element.getLocalName();
    }
}
