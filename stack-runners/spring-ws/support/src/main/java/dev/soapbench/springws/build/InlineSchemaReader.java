package dev.soapbench.springws.build;

import com.sun.tools.xjc.api.SchemaCompiler;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Enumeration;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.ContentHandler;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;
import org.xml.sax.helpers.NamespaceSupport;

/**
 * InlineSchemaReader hands each {@code wsdl:types} schema of a WSDL file to XJC as SAX events read
 * from the file itself, with the parser's locator, so XJC's messages name the WSDL's own lines
 * (a DOM element handed to {@code parseSchema} carries none: every message said line 0). Each
 * schema gets the namespace declarations in scope at its start, as the WSDL's root often declares
 * the prefixes its schemas use.
 */
final class InlineSchemaReader extends DefaultHandler {
    private static final String WSDL11 = "http://schemas.xmlsoap.org/wsdl/";
    private static final String XSD = XMLConstants.W3C_XML_SCHEMA_NS_URI;

    private final SchemaCompiler compiler;
    private final String systemId;
    private final NamespaceSupport namespaces = new NamespaceSupport();
    private final Deque<String> path = new ArrayDeque<>();   // expanded names of the open elements
    private final List<String> inherited = new ArrayList<>();   // prefixes the open schema was given
    private Locator locator;
    private ContentHandler schema;   // the handler of the schema being read, else null
    private int schemaDepth;
    private int schemas;
    private boolean contextPushed;

    private InlineSchemaReader(SchemaCompiler compiler, String systemId) {
        this.compiler = compiler;
        this.systemId = systemId;
    }

    /** Reads the file's wsdl:types schemas into the compiler, each as {@code <uri>#typesN}; returns N. */
    static int read(SchemaCompiler compiler, Path wsdl) throws SAXException, IOException {
        InlineSchemaReader reader = new InlineSchemaReader(compiler, wsdl.toUri().toString());
        try {
            SAXParserFactory factory = SAXParserFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.newSAXParser().parse(wsdl.toFile(), reader);
        } catch (ParserConfigurationException e) {
            throw new SAXException(e);
        }
        return reader.schemas;
    }

    @Override
    public void setDocumentLocator(Locator locator) {
        this.locator = locator;
    }

    @Override
    public void startPrefixMapping(String prefix, String uri) throws SAXException {
        if (!contextPushed) {
            namespaces.pushContext();
            contextPushed = true;
        }
        namespaces.declarePrefix(prefix, uri);
        if (schema != null) {
            schema.startPrefixMapping(prefix, uri);
        }
    }

    @Override
    public void endPrefixMapping(String prefix) throws SAXException {
        if (schema != null) {
            schema.endPrefixMapping(prefix);
        }
    }

    @Override
    public void startElement(String uri, String localName, String qName, Attributes attributes) throws SAXException {
        if (!contextPushed) {
            namespaces.pushContext();
        }
        contextPushed = false;
        if (schema == null && XSD.equals(uri) && "schema".equals(localName) && insideTypes()) {
            schema = compiler.getParserHandler(systemId + "#types" + (++schemas));
            schemaDepth = 0;
            schema.setDocumentLocator(locator);
            schema.startDocument();
            inherited.clear();
            for (Enumeration<?> prefixes = namespaces.getPrefixes(); prefixes.hasMoreElements(); ) {
                String prefix = (String) prefixes.nextElement();
                if (!XMLConstants.XML_NS_PREFIX.equals(prefix)) {   // bound by XML itself, never declared
                    inherited.add(prefix);
                }
            }
            String defaultNamespace = namespaces.getURI("");
            if (defaultNamespace != null && !defaultNamespace.isEmpty()) {
                inherited.add("");
            }
            for (String prefix : inherited) {
                schema.startPrefixMapping(prefix, namespaces.getURI(prefix));
            }
        }
        path.push("{" + uri + "}" + localName);
        if (schema != null) {
            schemaDepth++;
            schema.startElement(uri, localName, qName, attributes);
        }
    }

    @Override
    public void endElement(String uri, String localName, String qName) throws SAXException {
        path.pop();
        namespaces.popContext();
        if (schema == null) {
            return;
        }
        schema.endElement(uri, localName, qName);
        if (--schemaDepth == 0) {
            for (String prefix : inherited) {
                schema.endPrefixMapping(prefix);
            }
            schema.endDocument();
            schema = null;
        }
    }

    @Override
    public void characters(char[] ch, int start, int length) throws SAXException {
        if (schema != null) {
            schema.characters(ch, start, length);
        }
    }

    @Override
    public void ignorableWhitespace(char[] ch, int start, int length) throws SAXException {
        if (schema != null) {
            schema.ignorableWhitespace(ch, start, length);
        }
    }

    @Override
    public void processingInstruction(String target, String data) throws SAXException {
        if (schema != null) {
            schema.processingInstruction(target, data);
        }
    }

    /** Whether the open elements are exactly wsdl:definitions, wsdl:types. */
    private boolean insideTypes() {
        return path.size() == 2 && ("{" + WSDL11 + "}types").equals(path.peekFirst())
                && ("{" + WSDL11 + "}definitions").equals(path.peekLast());
    }
}
