package dev.soapbench.wsdl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.Source;
import javax.xml.transform.dom.DOMSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.w3c.dom.bootstrap.DOMImplementationRegistry;
import org.w3c.dom.ls.DOMImplementationLS;
import org.w3c.dom.ls.LSInput;

/**
 * Validates the SOAP Body payload (and header blocks) of a sample against the schemas of its bundle with the JDK's
 * own validator, independently of the model the generator used.
 */
final class BodyValidator {

    private final Schema schema;

    BodyValidator(WsdlBundle bundle) throws Exception {
        List<Source> sources = new ArrayList<>();
        for (Map.Entry<String, byte[]> file : bundle.files().entrySet()) {
            if (!file.getKey().endsWith(".wsdl")) {
                continue;
            }
            Document wsdl = parse(file.getValue());
            NodeList schemas = wsdl.getElementsByTagNameNS(XMLConstants.W3C_XML_SCHEMA_NS_URI, "schema");
            for (int i = 0; i < schemas.getLength(); i++) {
                sources.add(new DOMSource(detach((Element) schemas.item(i)), "bundle:/" + file.getKey()));
            }
        }
        SchemaFactory factory = SchemaFactory.newDefaultInstance();
        DOMImplementationLS ls =
                (DOMImplementationLS) DOMImplementationRegistry.newInstance().getDOMImplementation("LS");
        factory.setResourceResolver((type, namespace, publicId, systemId, baseUri) -> {
            if (systemId == null) {
                return null;
            }
            String path = URI.create(baseUri).resolve(systemId).getPath().substring(1);
            LSInput input = ls.createLSInput();
            input.setByteStream(new ByteArrayInputStream(bundle.files().get(path)));
            input.setSystemId("bundle:/" + path);
            return input;
        });
        schema = factory.newSchema(sources.toArray(Source[]::new));
    }

    /** Validates every element of the Body and returns them. */
    List<Element> validate(String envelope) throws Exception {
        List<Element> payload = validateChildren(envelope, "Body");
        assertEquals(false, payload.isEmpty(), "the Body is empty");
        return payload;
    }

    /** Validates every header block of the envelope and returns them (none without a Header). */
    List<Element> validateHeader(String envelope) throws Exception {
        return validateChildren(envelope, "Header");
    }

    private List<Element> validateChildren(String envelope, String section) throws Exception {
        Document document = parse(envelope.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Element parent = null;
        for (Node n = document.getDocumentElement().getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && section.equals(e.getLocalName())) {
                parent = e;
            }
        }
        List<Element> children = new ArrayList<>();
        for (Node n = parent == null ? null : parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                children.add(e);
                Validator validator = schema.newValidator();
                validator.validate(new DOMSource(detach(e)));
            }
        }
        return children;
    }

    static Document parse(byte[] xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        DocumentBuilder builder = factory.newDocumentBuilder();
        return builder.parse(new ByteArrayInputStream(xml));
    }

    private static Element detach(Element element) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
        factory.setNamespaceAware(true);
        Document document = factory.newDocumentBuilder().newDocument();
        Element copy = (Element) document.importNode(element, true);
        document.appendChild(copy);
        for (Node ancestor = element.getParentNode();
                ancestor instanceof Element a;
                ancestor = ancestor.getParentNode()) {
            NamedNodeMap attributes = a.getAttributes();
            for (int i = 0; i < attributes.getLength(); i++) {
                Attr attribute = (Attr) attributes.item(i);
                if (XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(attribute.getNamespaceURI())
                        && !copy.hasAttribute(attribute.getName())) {
                    copy.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, attribute.getName(), attribute.getValue());
                }
            }
        }
        return copy;
    }
}
