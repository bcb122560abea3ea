package dev.soapbench.springws.samples;

import dev.soapbench.jvmsupport.samples.SampleException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * SampleEnvelope is a sample envelope of the samples folder: its Body payload (the one element
 * a document/literal message carries, or none for a message without parts) and its Header blocks.
 */
public record SampleEnvelope(Element payload, List<Element> headers) {

    /** The payload's element name, or null for an empty Body. */
    public QName payloadName() {
        return payload == null ? null : new QName(namespace(payload), payload.getLocalName());
    }

    public static SampleEnvelope read(Path file) throws SampleException {
        Element envelope = parse(file).getDocumentElement();
        Element body = child(envelope, "Body");
        if (body == null) {
            throw new SampleException(file.getFileName() + ": no SOAP Body");
        }
        List<Element> payload = elements(body);
        if (payload.size() > 1) {
            throw new SampleException(file.getFileName() + ": the Body holds " + payload.size()
                    + " elements; a document/literal message carries one");
        }
        Element header = child(envelope, "Header");
        return new SampleEnvelope(payload.isEmpty() ? null : payload.get(0),
                header == null ? List.of() : elements(header));
    }

    /** The name of an element, for matching header blocks against the index. */
    public static QName name(Element element) {
        return new QName(namespace(element), element.getLocalName());
    }

    private static String namespace(Element element) {
        return element.getNamespaceURI() == null ? "" : element.getNamespaceURI();
    }

    private static org.w3c.dom.Document parse(Path file) throws SampleException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            return factory.newDocumentBuilder().parse(file.toFile());
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new SampleException(file.getFileName() + ": " + e.getMessage());
        }
    }

    private static Element child(Element parent, String localName) {
        for (Element element : elements(parent)) {
            if (localName.equals(element.getLocalName())) {
                return element;
            }
        }
        return null;
    }

    private static List<Element> elements(Element parent) {
        List<Element> children = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element) {
                children.add(element);
            }
        }
        return children;
    }
}
