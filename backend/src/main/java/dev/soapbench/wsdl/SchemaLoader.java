package dev.soapbench.wsdl;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.xml.XMLConstants;
import org.apache.ws.commons.schema.XmlSchemaCollection;
import org.apache.ws.commons.schema.resolver.URIResolver;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;

/**
 * Builds the XML Schema model of a bundle (inline schemas of wsdl:types plus the schema files
 * they import or include) with Apache XmlSchema. Imports are checked and parsed securely here
 * first, so the location of a bad import is reported with its line; XmlSchema itself only ever
 * reads from the bundle.
 */
final class SchemaLoader {

    private static final String SYSTEM_ID_PREFIX = "bundle:/";

    private record InlineSchema(String path, Element element) {}

    private final WsdlBundle bundle;
    private final List<InlineSchema> inlineSchemas = new ArrayList<>();
    private final Set<String> directFiles = new LinkedHashSet<>();
    private final Set<String> checkedFiles = new LinkedHashSet<>();

    SchemaLoader(WsdlBundle bundle) {
        this.bundle = bundle;
    }

    void addInline(String path, Element schema) {
        inlineSchemas.add(new InlineSchema(path, schema));
        checkReferences(path, schema);
    }

    void addFile(String path) {
        directFiles.add(path);
        checkFile(path);
    }

    XmlSchemaCollection build() {
        XmlSchemaCollection collection = new XmlSchemaCollection();
        collection.setSchemaResolver(new BundleResolver());
        int index = 0;
        for (InlineSchema inline : inlineSchemas) {
            String systemId = SYSTEM_ID_PREFIX + inline.path() + "#types" + (++index);
            read(inline.path(), () -> collection.read(withNamespacesInScope(inline.element()), systemId));
        }
        for (String path : directFiles) {
            String systemId = SYSTEM_ID_PREFIX + path;
            if (collection.getXmlSchema(systemId).length == 0) {
                Document document = SecureXml.parse(path, bundle.files().get(path));
                read(path, () -> collection.read(document, systemId));
            }
        }
        return collection;
    }

    private void read(String path, Runnable reading) {
        try {
            reading.run();
        } catch (WsdlProblem problem) {
            throw problem;
        } catch (RuntimeException e) {
            for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
                if (cause instanceof WsdlProblem problem) {
                    throw problem;
                }
            }
            throw new WsdlProblem(path, null, null, "invalid XML Schema: " + e.getMessage());
        }
    }

    private void checkFile(String path) {
        if (!checkedFiles.add(path)) {
            return;
        }
        Element root = SecureXml.parse(path, bundle.files().get(path)).getDocumentElement();
        if (!Namespaces.XSD.equals(root.getNamespaceURI()) || !"schema".equals(root.getLocalName())) {
            throw new WsdlProblem(
                    path,
                    SecureXml.line(root),
                    null,
                    "imported file is not an XML Schema (root element " + root.getLocalName() + ")");
        }
        checkReferences(path, root);
    }

    private void checkReferences(String path, Element schema) {
        for (Element child : WsdlLoader.children(schema)) {
            if (!Namespaces.XSD.equals(child.getNamespaceURI())) {
                continue;
            }
            String kind = child.getLocalName();
            boolean reference = kind.equals("import") || kind.equals("include") || kind.equals("redefine");
            if (reference && child.hasAttribute("schemaLocation")) {
                checkFile(
                        BundlePaths.resolve(bundle, path, SecureXml.line(child), child.getAttribute("schemaLocation")));
            } else if (kind.equals("include") || kind.equals("redefine")) {
                throw new WsdlProblem(path, SecureXml.line(child), null, "xsd:" + kind + " without a schemaLocation");
            }
        }
    }

    /**
     * An inline schema relies on prefixes declared on wsdl:definitions; a detached copy must
     * carry them itself.
     */
    private static Element withNamespacesInScope(Element schema) {
        Document document = SecureXml.newDocument();
        Element copy = (Element) document.importNode(schema, true);
        document.appendChild(copy);
        for (Node ancestor = schema.getParentNode();
                ancestor instanceof Element element;
                ancestor = ancestor.getParentNode()) {
            NamedNodeMap attributes = element.getAttributes();
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

    private final class BundleResolver implements URIResolver {
        @Override
        public InputSource resolveEntity(String targetNamespace, String schemaLocation, String baseUri) {
            String base = baseUri == null
                    ? bundle.entry()
                    : baseUri.replaceFirst("^" + SYSTEM_ID_PREFIX, "").replaceFirst("#.*$", "");
            String path = BundlePaths.resolve(bundle, base, null, schemaLocation);
            byte[] content = bundle.files().get(path);
            SecureXml.parse(path, content);
            InputSource source = new InputSource(new ByteArrayInputStream(content));
            source.setSystemId(SYSTEM_ID_PREFIX + path);
            return source;
        }
    }
}
