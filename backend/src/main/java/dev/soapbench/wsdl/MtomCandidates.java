package dev.soapbench.wsdl;

import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The elements MTOM could optimise: every element declaration of the bundle's schemas whose content
 * is {@code base64Binary} (of XML Schema, or xmime's type of that name), declared by {@code type} or
 * as simple content extending or restricting it. With the workload's {@code mtom}, the worker moves
 * these elements' content into MIME parts of an XOP package; the analysis lists them so a user sees
 * what MTOM changes, with the media types {@code xmime:expectedContentTypes} announces. A named type
 * derived from base64Binary is not followed: the stacks' generators do not treat it as binary either.
 */
public final class MtomCandidates {

    static final String XMIME = "http://www.w3.org/2005/05/xmlmime";
    private static final String XSD = XMLConstants.W3C_XML_SCHEMA_NS_URI;

    /**
     * One element whose content MTOM can carry as a MIME part.
     *
     * @param namespace the element's namespace as it appears in a message: the schema's target
     *     namespace for a global or qualified element, empty for an unqualified local one
     * @param expectedContentTypes {@code xmime:expectedContentTypes}, or null when not announced
     */
    public record Candidate(String file, Integer line, String namespace, String name, String expectedContentTypes) {

        /** {@code types.xsd:42}. */
        public String where() {
            return line == null ? file : file + ":" + line;
        }
    }

    private MtomCandidates() {}

    /** Every candidate in file order; a file that does not parse is left to the analysis. */
    public static List<Candidate> of(WsdlBundle bundle) {
        List<Candidate> found = new ArrayList<>();
        BundleRoots.each(bundle, (name, root) -> collect(name, root, found));
        return List.copyOf(found);
    }

    private static void collect(String file, Element element, List<Candidate> found) {
        if (XSD.equals(element.getNamespaceURI()) && element.getLocalName().equals("schema")) {
            collectSchema(file, element, found);
            return;
        }
        for (Element child : children(element)) {
            collect(file, child, found);
        }
    }

    private static void collectSchema(String file, Element schema, List<Candidate> found) {
        String targetNamespace = schema.getAttribute("targetNamespace");
        boolean qualifiedByDefault = "qualified".equals(schema.getAttribute("elementFormDefault"));
        walk(file, schema, schema, targetNamespace, qualifiedByDefault, found);
    }

    private static void walk(
            String file,
            Element schema,
            Element scope,
            String targetNamespace,
            boolean qualifiedByDefault,
            List<Candidate> found) {
        for (Element child : children(scope)) {
            if (isXsd(child, "element") && child.hasAttribute("name") && isBinary(child)) {
                boolean global = child.getParentNode() == schema;
                String form = child.getAttribute("form");
                boolean qualified = global || form.equals("qualified") || (form.isEmpty() && qualifiedByDefault);
                String expected = child.getAttributeNS(XMIME, "expectedContentTypes");
                found.add(new Candidate(
                        file,
                        SecureXml.line(child),
                        qualified ? targetNamespace : "",
                        child.getAttribute("name"),
                        expected.isEmpty() ? null : expected));
            }
            walk(file, schema, child, targetNamespace, qualifiedByDefault, found);
        }
    }

    private static boolean isBinary(Element element) {
        if (element.hasAttribute("type")) {
            return isBase64(element, element.getAttribute("type"));
        }
        for (Element type : children(element)) {
            if (isXsd(type, "complexType") || isXsd(type, "simpleType")) {
                return derivesDirectly(type);
            }
        }
        return false;
    }

    // <complexType><simpleContent><extension base="xs:base64Binary"> is xmime's own pattern for a
    // binary element with a contentType attribute; <simpleType><restriction base=...> is the other.
    private static boolean derivesDirectly(Element type) {
        for (Element content : children(type)) {
            if (isXsd(content, "restriction") && isBase64(content, content.getAttribute("base"))) {
                return true;
            }
            if (isXsd(content, "simpleContent")) {
                for (Element derivation : children(content)) {
                    if ((isXsd(derivation, "extension") || isXsd(derivation, "restriction"))
                            && isBase64(derivation, derivation.getAttribute("base"))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean isBase64(Element scope, String qname) {
        QName named = QNameValues.resolve(scope, qname);
        return named.getLocalPart().equals("base64Binary")
                && (XSD.equals(named.getNamespaceURI()) || XMIME.equals(named.getNamespaceURI()));
    }

    private static boolean isXsd(Element element, String localName) {
        return XSD.equals(element.getNamespaceURI()) && localName.equals(element.getLocalName());
    }

    private static List<Element> children(Element parent) {
        List<Element> elements = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element) {
                elements.add(element);
            }
        }
        return elements;
    }
}
