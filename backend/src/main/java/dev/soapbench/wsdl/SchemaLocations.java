package dev.soapbench.wsdl;

import java.util.Locale;
import java.util.Map;
import javax.xml.namespace.QName;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** Finds where a global schema component is declared in a bundle, to say so in a refusal. */
final class SchemaLocations {

    private SchemaLocations() {}

    /** The refusal with the file and line of its component's declaration, when one is found. */
    static WsdlProblem locate(WsdlBundle bundle, SampleTooLarge tooLarge) {
        QName component = tooLarge.component();
        if (component != null) {
            String wanted = "type".equals(tooLarge.kind()) ? "Type" : "element";
            for (Map.Entry<String, byte[]> file : bundle.files().entrySet()) {
                String lower = file.getKey().toLowerCase(Locale.ROOT);
                if (!lower.endsWith(".wsdl") && !lower.endsWith(".xsd") && !lower.endsWith(".xml")) {
                    continue;
                }
                Element found =
                        find(SecureXml.parse(file.getKey(), file.getValue()).getDocumentElement(), component, wanted);
                if (found != null) {
                    return new WsdlProblem(
                            file.getKey(), SecureXml.line(found), SecureXml.column(found), tooLarge.reason());
                }
            }
        }
        return new WsdlProblem(null, null, null, tooLarge.reason());
    }

    private static Element find(Element element, QName component, String wanted) {
        if (Namespaces.XSD.equals(element.getNamespaceURI()) && "schema".equals(element.getLocalName())) {
            if (!component.getNamespaceURI().equals(element.getAttribute("targetNamespace"))) {
                return null;
            }
            for (Element child : WsdlLoader.children(element)) {
                if (Namespaces.XSD.equals(child.getNamespaceURI())
                        && child.getLocalName().endsWith(wanted)
                        && component.getLocalPart().equals(child.getAttribute("name"))) {
                    return child;
                }
            }
            return null;
        }
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element childElement) {
                Element found = find(childElement, component, wanted);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
