package dev.soapbench.wsdl;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.Text;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.ext.Locator2;
import org.xml.sax.helpers.DefaultHandler;

/**
 * The one way user XML is parsed: no DTDs, no external entities, bounded size and depth. The
 * resulting DOM remembers the line and column of every element, so later checks (imports,
 * references) can say where the fault is.
 */
final class SecureXml {

    static final int MAX_ELEMENT_DEPTH = 100;
    static final int MAX_BYTES = (int) WsdlBundles.MAX_TOTAL_BYTES;
    private static final String LINE = "soapbench.line";
    private static final String COLUMN = "soapbench.column";
    private static final String ENCODING = "soapbench.encoding";
    private static final String XMLNS = XMLConstants.XMLNS_ATTRIBUTE_NS_URI;

    private SecureXml() {}

    static Document parse(String file, byte[] content) {
        if (content.length > MAX_BYTES) {
            throw new WsdlProblem(file, null, null, "file is larger than " + MAX_BYTES + " bytes");
        }
        DomBuilder builder = new DomBuilder(file, newDocument());
        try {
            SAXParser parser = newParserFactory().newSAXParser();
            parser.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            parser.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            parser.setProperty("http://www.oracle.com/xml/jaxp/properties/entityExpansionLimit", "1000");
            parser.getXMLReader().setEntityResolver((publicId, systemId) -> {
                throw new SAXException("external entities are not allowed: " + systemId);
            });
            parser.parse(new InputSource(new ByteArrayInputStream(content)), builder);
        } catch (SAXParseException e) {
            throw new WsdlProblem(file, positive(e.getLineNumber()), positive(e.getColumnNumber()), explain(e));
        } catch (SAXException e) {
            throw new WsdlProblem(file, builder.line(), builder.column(), explain(e));
        } catch (IOException e) {
            throw new WsdlProblem(file, null, null, "cannot read: " + e.getMessage());
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK XML parser lacks a required security feature", e);
        }
        return builder.document;
    }

    /** The line of an element's start tag in its file, or null for nodes not built here. */
    static Integer line(Node node) {
        return node == null ? null : (Integer) node.getUserData(LINE);
    }

    static Integer column(Node node) {
        return node == null ? null : (Integer) node.getUserData(COLUMN);
    }

    /** The encoding the parser read a document's bytes in (declared, from a byte-order mark, or UTF-8). */
    static String encoding(Document document) {
        Object encoding = document.getUserData(ENCODING);
        return encoding == null ? "UTF-8" : (String) encoding;
    }

    static Document newDocument() {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK XML parser lacks a required security feature", e);
        }
    }

    private static SAXParserFactory newParserFactory() throws ParserConfigurationException, SAXException {
        // The JDK's own parser, never whatever else the classpath brings, so the features below hold.
        SAXParserFactory factory = SAXParserFactory.newDefaultInstance();
        factory.setNamespaceAware(true);
        factory.setValidating(false);
        factory.setXIncludeAware(false);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
        factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return factory;
    }

    private static String explain(SAXException e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        if (message.contains("DOCTYPE")) {
            return "DOCTYPE is not allowed (DTDs and entities are refused)";
        }
        return message.replaceAll("\\s+", " ").trim();
    }

    private static Integer positive(int value) {
        return value > 0 ? value : null;
    }

    private static final class DomBuilder extends DefaultHandler {
        private final String file;
        private final Document document;
        private final List<String[]> pendingPrefixes = new ArrayList<>();
        private Node current;
        private Locator locator;
        private int depth;

        DomBuilder(String file, Document document) {
            this.file = file;
            this.document = document;
            this.current = document;
        }

        Integer line() {
            return locator == null ? null : positive(locator.getLineNumber());
        }

        Integer column() {
            return locator == null ? null : positive(locator.getColumnNumber());
        }

        @Override
        public void setDocumentLocator(Locator locator) {
            this.locator = locator;
        }

        @Override
        public void startPrefixMapping(String prefix, String uri) {
            pendingPrefixes.add(new String[] {prefix, uri});
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes attributes) {
            if (++depth > MAX_ELEMENT_DEPTH) {
                throw new WsdlProblem(
                        file, line(), column(), "elements nested deeper than " + MAX_ELEMENT_DEPTH + " levels");
            }
            if (current == document && locator instanceof Locator2 withEncoding && withEncoding.getEncoding() != null) {
                // Read at the root, once the XML declaration has been taken into account.
                document.setUserData(ENCODING, withEncoding.getEncoding(), null);
            }
            Element element = document.createElementNS(uri.isEmpty() ? null : uri, qName);
            for (String[] mapping : pendingPrefixes) {
                String name = mapping[0].isEmpty() ? "xmlns" : "xmlns:" + mapping[0];
                element.setAttributeNS(XMLNS, name, mapping[1]);
            }
            pendingPrefixes.clear();
            for (int i = 0; i < attributes.getLength(); i++) {
                String attributeUri = attributes.getURI(i);
                element.setAttributeNS(
                        attributeUri.isEmpty() ? null : attributeUri, attributes.getQName(i), attributes.getValue(i));
            }
            element.setUserData(LINE, line(), null);
            element.setUserData(COLUMN, column(), null);
            current.appendChild(element);
            current = element;
        }

        @Override
        public void endElement(String uri, String localName, String qName) {
            depth--;
            current = current.getParentNode();
        }

        @Override
        public void characters(char[] ch, int start, int length) {
            if (current == document) {
                return;
            }
            Node last = current.getLastChild();
            if (last instanceof Text text) {
                text.appendData(new String(ch, start, length));
            } else {
                current.appendChild(document.createTextNode(new String(ch, start, length)));
            }
        }

        @Override
        public void ignorableWhitespace(char[] ch, int start, int length) {
            characters(ch, start, length);
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
            throw e;
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
            throw e;
        }
    }
}
