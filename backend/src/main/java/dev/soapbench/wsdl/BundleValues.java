package dev.soapbench.wsdl;

import dev.soapbench.wsdl.ValueRules.Kind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import org.w3c.dom.Attr;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * Checks, in every XML file of a bundle (reached by the entry or not: a generator may be pointed
 * at any of them), each value a code generator or runner may write into source against its
 * {@link ValueRules} kind, and refuses every reference a stack might dereference: imports and
 * includes that leave the bundle, XInclude, and policy references that are not same-document
 * fragments. The first fault is thrown as a {@link WsdlProblem} naming file, line, the element
 * and attribute, and the value.
 */
final class BundleValues {

    private static final Set<String> SOAP = Set.of(Namespaces.SOAP11_BINDING, Namespaces.SOAP12_BINDING);
    private static final Set<String> WSDL = Set.of(Namespaces.WSDL);
    private static final Set<String> XSD = Set.of(Namespaces.XSD);
    private static final Set<String> ADDRESSING = Set.of(
            "http://www.w3.org/2005/08/addressing",
            "http://www.w3.org/2006/05/addressing/wsdl",
            "http://www.w3.org/2007/05/addressing/metadata",
            "http://schemas.xmlsoap.org/ws/2004/08/addressing");
    private static final Set<String> POLICY = Set.of(
            "http://schemas.xmlsoap.org/ws/2004/09/policy",
            "http://www.w3.org/ns/ws-policy",
            "http://www.w3.org/2006/07/ws-policy");
    private static final String WSU =
            "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";
    private static final Set<String> XINCLUDE =
            Set.of("http://www.w3.org/2001/XInclude", "http://www.w3.org/2003/XInclude");
    // Inline customisations tell wsimport, XJC and WSDLToJava which class names, Javadoc and
    // implementation classes to write: code chosen by the upload.
    private static final Set<String> CUSTOMISATIONS = Set.of(
            "http://java.sun.com/xml/ns/jaxb",
            "https://jakarta.ee/xml/ns/jaxb",
            "http://java.sun.com/xml/ns/jaxb/xjc",
            "http://java.sun.com/xml/ns/jaxws",
            "https://jakarta.ee/xml/ns/jaxws");
    private static final Set<String> FACETS = Set.of(
            "length",
            "minLength",
            "maxLength",
            "minInclusive",
            "maxInclusive",
            "minExclusive",
            "maxExclusive",
            "totalDigits",
            "fractionDigits",
            "whiteSpace");

    /** How an attribute's value is checked: one value of a kind, a list of them, or a reference. */
    private enum Check {
        ONE,
        LIST,
        BUNDLE_PATH,
        POLICY_FRAGMENTS
    }

    private record Rule(Set<String> namespaces, String element, String attribute, Kind kind, Check check) {}

    private static final List<Rule> RULES = List.of(
            new Rule(WSDL, "definitions", "name", Kind.NAME, Check.ONE),
            new Rule(WSDL, "definitions", "targetNamespace", Kind.URI, Check.ONE),
            new Rule(WSDL, "import", "namespace", Kind.URI, Check.ONE),
            new Rule(WSDL, "import", "location", Kind.URI, Check.BUNDLE_PATH),
            new Rule(WSDL, "message", "name", Kind.NAME, Check.ONE),
            new Rule(WSDL, "part", "name", Kind.NAME, Check.ONE),
            new Rule(WSDL, "part", "element", Kind.QNAME, Check.ONE),
            new Rule(WSDL, "part", "type", Kind.QNAME, Check.ONE),
            new Rule(WSDL, "portType", "name", Kind.NAME, Check.ONE),
            new Rule(WSDL, "operation", "name", Kind.NAME, Check.ONE),
            new Rule(WSDL, "operation", "parameterOrder", Kind.NAME, Check.LIST),
            new Rule(WSDL, "input", "name", Kind.NAME, Check.ONE),
            new Rule(WSDL, "input", "message", Kind.QNAME, Check.ONE),
            new Rule(WSDL, "output", "name", Kind.NAME, Check.ONE),
            new Rule(WSDL, "output", "message", Kind.QNAME, Check.ONE),
            new Rule(WSDL, "fault", "name", Kind.NAME, Check.ONE),
            new Rule(WSDL, "fault", "message", Kind.QNAME, Check.ONE),
            new Rule(WSDL, "binding", "name", Kind.NAME, Check.ONE),
            new Rule(WSDL, "binding", "type", Kind.QNAME, Check.ONE),
            new Rule(WSDL, "service", "name", Kind.NAME, Check.ONE),
            new Rule(WSDL, "port", "name", Kind.NAME, Check.ONE),
            new Rule(WSDL, "port", "binding", Kind.QNAME, Check.ONE),
            new Rule(SOAP, "binding", "transport", Kind.URI, Check.ONE),
            new Rule(SOAP, "operation", "soapAction", Kind.URI, Check.ONE),
            new Rule(SOAP, "operation", "soapActionRequired", Kind.TOKEN, Check.ONE),
            new Rule(SOAP, "operation", "style", Kind.TOKEN, Check.ONE),
            new Rule(SOAP, "binding", "style", Kind.TOKEN, Check.ONE),
            new Rule(SOAP, "body", "use", Kind.TOKEN, Check.ONE),
            new Rule(SOAP, "header", "use", Kind.TOKEN, Check.ONE),
            new Rule(SOAP, "fault", "use", Kind.TOKEN, Check.ONE),
            new Rule(SOAP, "body", "namespace", Kind.URI, Check.ONE),
            new Rule(SOAP, "body", "parts", Kind.NAME, Check.LIST),
            new Rule(SOAP, "body", "encodingStyle", Kind.URI, Check.LIST),
            new Rule(SOAP, "header", "message", Kind.QNAME, Check.ONE),
            new Rule(SOAP, "header", "part", Kind.NAME, Check.ONE),
            new Rule(SOAP, "header", "namespace", Kind.URI, Check.ONE),
            new Rule(SOAP, "header", "encodingStyle", Kind.URI, Check.LIST),
            new Rule(SOAP, "headerfault", "message", Kind.QNAME, Check.ONE),
            new Rule(SOAP, "headerfault", "part", Kind.NAME, Check.ONE),
            new Rule(SOAP, "headerfault", "namespace", Kind.URI, Check.ONE),
            new Rule(SOAP, "headerfault", "encodingStyle", Kind.URI, Check.LIST),
            new Rule(SOAP, "fault", "name", Kind.NAME, Check.ONE),
            new Rule(SOAP, "fault", "namespace", Kind.URI, Check.ONE),
            new Rule(SOAP, "fault", "encodingStyle", Kind.URI, Check.LIST),
            new Rule(SOAP, "address", "location", Kind.URI, Check.ONE),
            new Rule(XSD, "schema", "targetNamespace", Kind.URI, Check.ONE),
            new Rule(XSD, "schema", "elementFormDefault", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "schema", "attributeFormDefault", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "import", "namespace", Kind.URI, Check.ONE),
            new Rule(XSD, "import", "schemaLocation", Kind.URI, Check.BUNDLE_PATH),
            new Rule(XSD, "include", "schemaLocation", Kind.URI, Check.BUNDLE_PATH),
            new Rule(XSD, "redefine", "schemaLocation", Kind.URI, Check.BUNDLE_PATH),
            new Rule(XSD, "override", "schemaLocation", Kind.URI, Check.BUNDLE_PATH),
            new Rule(XSD, "element", "name", Kind.NAME, Check.ONE),
            new Rule(XSD, "element", "type", Kind.QNAME, Check.ONE),
            new Rule(XSD, "element", "ref", Kind.QNAME, Check.ONE),
            new Rule(XSD, "element", "substitutionGroup", Kind.QNAME, Check.LIST),
            new Rule(XSD, "element", "default", Kind.LITERAL, Check.ONE),
            new Rule(XSD, "element", "fixed", Kind.LITERAL, Check.ONE),
            new Rule(XSD, "element", "minOccurs", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "element", "maxOccurs", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "element", "nillable", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "element", "form", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "attribute", "use", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "attribute", "form", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "sequence", "minOccurs", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "sequence", "maxOccurs", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "choice", "minOccurs", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "choice", "maxOccurs", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "all", "minOccurs", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "group", "minOccurs", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "group", "maxOccurs", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "any", "minOccurs", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "any", "maxOccurs", Kind.TOKEN, Check.ONE),
            new Rule(XSD, "attribute", "name", Kind.NAME, Check.ONE),
            new Rule(XSD, "attribute", "type", Kind.QNAME, Check.ONE),
            new Rule(XSD, "attribute", "ref", Kind.QNAME, Check.ONE),
            new Rule(XSD, "attribute", "default", Kind.LITERAL, Check.ONE),
            new Rule(XSD, "attribute", "fixed", Kind.LITERAL, Check.ONE),
            new Rule(XSD, "complexType", "name", Kind.NAME, Check.ONE),
            new Rule(XSD, "simpleType", "name", Kind.NAME, Check.ONE),
            new Rule(XSD, "group", "name", Kind.NAME, Check.ONE),
            new Rule(XSD, "group", "ref", Kind.QNAME, Check.ONE),
            new Rule(XSD, "attributeGroup", "name", Kind.NAME, Check.ONE),
            new Rule(XSD, "attributeGroup", "ref", Kind.QNAME, Check.ONE),
            new Rule(XSD, "notation", "name", Kind.NAME, Check.ONE),
            new Rule(XSD, "notation", "system", Kind.URI, Check.ONE),
            new Rule(XSD, "key", "name", Kind.NAME, Check.ONE),
            new Rule(XSD, "keyref", "name", Kind.NAME, Check.ONE),
            new Rule(XSD, "keyref", "refer", Kind.QNAME, Check.ONE),
            new Rule(XSD, "unique", "name", Kind.NAME, Check.ONE),
            new Rule(XSD, "restriction", "base", Kind.QNAME, Check.ONE),
            new Rule(XSD, "extension", "base", Kind.QNAME, Check.ONE),
            new Rule(XSD, "list", "itemType", Kind.QNAME, Check.ONE),
            new Rule(XSD, "union", "memberTypes", Kind.QNAME, Check.LIST),
            new Rule(XSD, "any", "namespace", Kind.URI, Check.LIST),
            new Rule(XSD, "anyAttribute", "namespace", Kind.URI, Check.LIST),
            new Rule(XSD, "enumeration", "value", Kind.LITERAL, Check.ONE),
            new Rule(XSD, "pattern", "value", Kind.PATTERN, Check.ONE),
            new Rule(XSD, "documentation", "source", Kind.URI, Check.ONE),
            new Rule(XSD, "appinfo", "source", Kind.URI, Check.ONE),
            new Rule(POLICY, "PolicyReference", "URI", Kind.URI, Check.POLICY_FRAGMENTS),
            new Rule(POLICY, "Policy", "Name", Kind.URI, Check.ONE));

    private static final Map<String, List<Rule>> RULES_BY_ELEMENT = new HashMap<>();

    static {
        for (Rule rule : RULES) {
            for (String namespace : rule.namespaces()) {
                RULES_BY_ELEMENT
                        .computeIfAbsent(namespace + " " + rule.element(), key -> new ArrayList<>())
                        .add(rule);
            }
        }
        for (String facet : FACETS) {
            RULES_BY_ELEMENT
                    .computeIfAbsent(Namespaces.XSD + " " + facet, key -> new ArrayList<>())
                    .add(new Rule(XSD, facet, "value", Kind.TOKEN, Check.ONE));
        }
    }

    private final WsdlBundle bundle;
    private String file;

    private BundleValues(WsdlBundle bundle) {
        this.bundle = bundle;
    }

    /** Throws a {@link WsdlProblem} at the first value or reference of the bundle that is refused. */
    static void check(WsdlBundle bundle) {
        BundleValues values = new BundleValues(bundle);
        for (Map.Entry<String, byte[]> entry : bundle.files().entrySet()) {
            if (isXml(entry.getKey(), entry.getValue())) {
                values.file = entry.getKey();
                values.walk(SecureXml.parse(entry.getKey(), entry.getValue()).getDocumentElement());
            }
        }
    }

    private void walk(Element element) {
        String namespace = element.getNamespaceURI() == null ? "" : element.getNamespaceURI();
        String local = element.getLocalName();
        if (XINCLUDE.contains(namespace)) {
            throw refuse(
                    element,
                    "<" + element.getTagName() + ">",
                    "XInclude is not accepted: nothing outside the "
                            + "uploaded files is read, and inclusion inside them is done with imports");
        }
        if (CUSTOMISATIONS.contains(namespace)) {
            throw refuse(
                    element,
                    "<" + element.getTagName() + ">",
                    "inline JAXB/JAX-WS customisations are not"
                            + " accepted: they choose the class names, Javadoc and code that generators write");
        }
        checkAttributes(element, namespace, local);
        if ("documentation".equals(local) && (Namespaces.WSDL.equals(namespace) || Namespaces.XSD.equals(namespace))) {
            String text = element.getTextContent();
            String why = ValueRules.violation(Kind.DOCUMENTATION, text);
            if (why != null) {
                throw refuse(element, element.getTagName() + " text " + ValueRules.shown(text), why);
            }
            return;
        }
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element childElement) {
                walk(childElement);
            }
        }
    }

    private void checkAttributes(Element element, String namespace, String local) {
        List<Rule> rules = RULES_BY_ELEMENT.getOrDefault(namespace + " " + local, List.of());
        NamedNodeMap attributes = element.getAttributes();
        for (int i = 0; i < attributes.getLength(); i++) {
            Attr attribute = (Attr) attributes.item(i);
            String attributeNamespace = attribute.getNamespaceURI() == null ? "" : attribute.getNamespaceURI();
            String name = attribute.getLocalName() == null ? attribute.getName() : attribute.getLocalName();
            String value = attribute.getValue();
            if (XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(attributeNamespace)) {
                check(element, attribute, Kind.URI, Check.ONE, value);
            } else if (attributeNamespace.isEmpty()) {
                for (Rule rule : rules) {
                    if (rule.attribute().equals(name)) {
                        check(element, attribute, rule.kind(), rule.check(), value);
                    }
                }
            } else if (ADDRESSING.contains(attributeNamespace) && "Action".equals(name)) {
                check(element, attribute, Kind.URI, Check.ONE, value);
            } else if (POLICY.contains(attributeNamespace) && "PolicyURIs".equals(name)) {
                check(element, attribute, Kind.URI, Check.POLICY_FRAGMENTS, value);
            } else if (WSU.equals(attributeNamespace) && "Id".equals(name)) {
                check(element, attribute, Kind.NAME, Check.ONE, value);
            } else if (Namespaces.XSI.equals(attributeNamespace)
                    && ("schemaLocation".equals(name) || "noNamespaceSchemaLocation".equals(name))) {
                checkSchemaLocationHint(element, attribute, value);
            } else if (CUSTOMISATIONS.contains(attributeNamespace) && !"version".equals(name)) {
                throw refuse(
                        element,
                        "@" + attribute.getName(),
                        "inline JAXB/JAX-WS customisations are not accepted: they choose the code that generators write");
            }
        }
    }

    private void check(Element element, Attr attribute, Kind kind, Check check, String value) {
        switch (check) {
            case ONE -> one(element, attribute, kind, value);
            case LIST -> {
                for (String item : value.trim().split("\\s+")) {
                    if (!item.isEmpty()) {
                        one(element, attribute, kind, item);
                    }
                }
            }
            case BUNDLE_PATH -> {
                one(element, attribute, kind, value);
                String outside = BundlePaths.whyOutside(file, value);
                if (outside != null) {
                    throw refuse(element, where(element, attribute) + " " + ValueRules.shown(value), outside);
                }
            }
            case POLICY_FRAGMENTS -> {
                for (String item : value.trim().split("\\s+")) {
                    if (!item.startsWith("#") || !ValueRules.isNcName(item.substring(1))) {
                        throw refuse(
                                element,
                                where(element, attribute) + " " + ValueRules.shown(item),
                                "refused: a policy may only be referenced inside its own document ('#id'); no URL is"
                                        + " ever fetched");
                    }
                }
            }
        }
    }

    private void checkSchemaLocationHint(Element element, Attr attribute, String value) {
        String[] items = value.trim().split("\\s+");
        boolean pairs = "schemaLocation".equals(attribute.getLocalName());
        for (int i = pairs ? 1 : 0; i < items.length; i += pairs ? 2 : 1) {
            check(element, attribute, Kind.URI, Check.BUNDLE_PATH, items[i]);
        }
    }

    private void one(Element element, Attr attribute, Kind kind, String value) {
        String why = ValueRules.violation(kind, value);
        if (why != null) {
            throw refuse(element, where(element, attribute) + " " + ValueRules.shown(value), why);
        }
    }

    private static String where(Element element, Attr attribute) {
        return element.getTagName() + "/@" + attribute.getName();
    }

    private WsdlProblem refuse(Element element, String what, String why) {
        return new WsdlProblem(file, SecureXml.line(element), SecureXml.column(element), what + " " + why);
    }

    static boolean isXml(String path, byte[] content) {
        String lower = path.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".wsdl") || lower.endsWith(".xsd") || lower.endsWith(".xml")) {
            return true;
        }
        for (byte b : content) {
            if (b == '<') {
                return true;
            }
            // whitespace, a UTF-8 byte order mark, or UTF-16's zero bytes may come first
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n' && b != 0 && (b & 0x80) == 0) {
                return false;
            }
        }
        return false;
    }
}
