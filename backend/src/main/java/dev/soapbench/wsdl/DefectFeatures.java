package dev.soapbench.wsdl;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The test-case features of a WSDL bundle that stack manifests name in their {@code knownDefects}
 * (testdata/wsdl/{@code *}/case.json uses the same words), so the analysis can warn that a stack
 * will likely fail verification before a run is spent on it. Only features a schema shows are
 * detected: {@code date-without-zone} (an {@code xsd:date} in any element, attribute or
 * restriction), {@code soap-headers} (a binding operation that binds a SOAP header, which the
 * samples then carry) and {@code header-part-by-type} (a SOAP header binding a part declared by
 * type, of a message in the same file). Features that depend on the values sent, such as
 * {@code number-limits}, are not.
 */
public final class DefectFeatures {

    public static final String DATE_WITHOUT_ZONE = "date-without-zone";
    public static final String SOAP_HEADERS = "soap-headers";
    public static final String HEADER_PART_BY_TYPE = "header-part-by-type";
    private static final String WSDL_NAMESPACE = "http://schemas.xmlsoap.org/wsdl/";

    private static final Set<String> SOAP_BINDING_NAMESPACES =
            Set.of("http://schemas.xmlsoap.org/wsdl/soap/", "http://schemas.xmlsoap.org/wsdl/soap12/");

    private DefectFeatures() {}

    /** The features found in any file of the bundle; a file that does not parse is left to the analysis. */
    public static Set<String> of(WsdlBundle bundle) {
        Set<String> features = new TreeSet<>();
        BundleRoots.each(bundle, (name, root) -> {
            if (usesXsdDate(root)) {
                features.add(DATE_WITHOUT_ZONE);
            }
            if (bindsSoapHeader(root)) {
                features.add(SOAP_HEADERS);
                if (bindsHeaderPartByType(root)) {
                    features.add(HEADER_PART_BY_TYPE);
                }
            }
        });
        return features;
    }

    private static boolean bindsSoapHeader(Element element) {
        if ("header".equals(element.getLocalName()) && SOAP_BINDING_NAMESPACES.contains(element.getNamespaceURI())) {
            return true;
        }
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element nested && bindsSoapHeader(nested)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a {@code soap:header} of this file names a part that a message of this file declares by type. */
    private static boolean bindsHeaderPartByType(Element definitions) {
        Set<String> partsByType = new TreeSet<>(); // "message part"
        for (Element message : children(definitions, WSDL_NAMESPACE, "message")) {
            for (Element part : children(message, WSDL_NAMESPACE, "part")) {
                if (part.hasAttribute("type")) {
                    partsByType.add(message.getAttribute("name") + " " + part.getAttribute("name"));
                }
            }
        }
        return !partsByType.isEmpty() && namesPartByType(definitions, partsByType);
    }

    private static boolean namesPartByType(Element element, Set<String> partsByType) {
        if ("header".equals(element.getLocalName()) && SOAP_BINDING_NAMESPACES.contains(element.getNamespaceURI())) {
            QName message = QNameValues.resolve(element, element.getAttribute("message"));
            return message != null && partsByType.contains(message.getLocalPart() + " " + element.getAttribute("part"));
        }
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element nested && namesPartByType(nested, partsByType)) {
                return true;
            }
        }
        return false;
    }

    private static List<Element> children(Element parent, String namespace, String localName) {
        List<Element> out = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element e
                    && namespace.equals(e.getNamespaceURI())
                    && localName.equals(e.getLocalName())) {
                out.add(e);
            }
        }
        return out;
    }

    private static boolean usesXsdDate(Element element) {
        if (XMLConstants.W3C_XML_SCHEMA_NS_URI.equals(element.getNamespaceURI())
                && (isXsdDate(element, element.getAttribute("type"))
                        || isXsdDate(element, element.getAttribute("base")))) {
            return true;
        }
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element nested && usesXsdDate(nested)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isXsdDate(Element scope, String qname) {
        return new QName(XMLConstants.W3C_XML_SCHEMA_NS_URI, "date").equals(QNameValues.resolve(scope, qname));
    }
}
