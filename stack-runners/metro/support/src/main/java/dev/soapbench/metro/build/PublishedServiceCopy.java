package dev.soapbench.metro.build;

import dev.soapbench.jaxws.build.WsdlDocuments;

import dev.soapbench.jvmsupport.build.BuildFailure;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import javax.wsdl.Binding;
import javax.wsdl.Definition;
import javax.wsdl.Port;
import javax.wsdl.Service;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.stream.XMLStreamException;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * PublishedServiceCopy is what wsimport reads when other services of the entry WSDL bind the
 * published port's port type through another binding (CXF's XML format binding beside a SOAP
 * one, say). wsimport models a port type's one service interface from the first port that binds
 * it, and in extension mode (which SOAP 1.2 needs) it models a non-SOAP port too, as if it were
 * SOAP without headers: the published SOAP port would then be served through an interface that
 * takes its header parts for body parts. The copy is the entry WSDL with every other service's
 * text blanked out, line breaks kept, so wsimport's messages name the user's lines; it lies
 * beside the entry (its relative imports resolve as the entry's do) under a name that is not
 * {@code .wsdl}, so the server, which publishes the bundle's own WSDL and its {@code .wsdl} and
 * {@code .xsd} files, never serves it. Only the entry WSDL's own services are left out.
 */
final class PublishedServiceCopy {
    static final String SUFFIX = ".wsimport";

    private PublishedServiceCopy() {}

    /**
     * write writes {@code <entry>.wsimport} beside the entry and returns it, or returns null when
     * wsimport can read the entry WSDL as it is.
     */
    static Path write(Path entryFile, QName service, QName port) throws BuildFailure {
        if (!needed(entryFile, service, port)) {
            return null;
        }
        try {
            byte[] bytes = Files.readAllBytes(entryFile);
            Charset charset = WsdlDocuments.charset(bytes);
            String text = new String(bytes, charset);
            boolean bom = text.startsWith("\uFEFF");
            String copy = blankOtherServices(bom ? text.substring(1) : text, service.getLocalPart());
            Path file = entryFile.resolveSibling(entryFile.getFileName() + SUFFIX);
            Files.write(file, ((bom ? "\uFEFF" : "") + copy).getBytes(charset));
            return file;
        } catch (IOException | XMLStreamException | SAXException | ParserConfigurationException | RuntimeException e) {
            throw BuildFailure.error("cannot write the WSDL copy for wsimport: " + e.getMessage());
        }
    }

    /**
     * blankOtherServices replaces each top-level {@code wsdl:service} not named {@code keep} by
     * its line breaks. SAX reports each tag where its markup ends; a start tag begins at the last
     * {@code <} before that, as a {@code <} cannot stand unescaped in an attribute value.
     */
    static String blankOtherServices(String text, String keep) throws IOException, SAXException, ParserConfigurationException {
        int[] lineStarts = WsdlDocuments.lineStarts(text);
        Deque<int[]> ranges = new ArrayDeque<>();
        DefaultHandler handler = new DefaultHandler() {
            private Locator locator;
            private int depth;
            private int start = -1;

            @Override
            public void setDocumentLocator(Locator locator) {
                this.locator = locator;
            }

            @Override
            public void startElement(String ns, String local, String qName, Attributes attributes) {
                depth++;
                if (depth == 2 && start < 0 && WSDL11.equals(ns) && "service".equals(local)
                        && !keep.equals(attributes.getValue("name"))) {
                    start = text.lastIndexOf('<', here() - 1);
                }
            }

            @Override
            public void endElement(String ns, String local, String qName) {
                if (depth == 2 && start >= 0) {
                    // Pushed to the front: blanked from the end backwards, earlier offsets stay valid.
                    ranges.push(new int[] {start, here()});
                    start = -1;
                }
                depth--;
            }

            private int here() {
                return lineStarts[locator.getLineNumber() - 1] + locator.getColumnNumber() - 1;
            }
        };
        SAXParserFactory factory = SAXParserFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.newSAXParser().parse(new InputSource(new StringReader(text)), handler);
        StringBuilder out = new StringBuilder(text);
        for (int[] range : ranges) {
            String removed = out.substring(range[0], range[1]);
            out.replace(range[0], range[1], removed.replaceAll("[^\\r\\n]", ""));
        }
        return out.toString();
    }

    /**
     * needed says whether another service of the entry WSDL binds the published port's port type
     * through a binding other than the published port's.
     */
    static boolean needed(Path entryFile, QName service, QName port) {
        Definition definition = WsdlDocuments.read(entryFile);
        if (definition == null) {
            return false;
        }
        Service published = definition.getService(service);
        Port publishedPort = published == null ? null : published.getPort(port.getLocalPart());
        if (publishedPort == null || publishedPort.getBinding() == null || publishedPort.getBinding().getPortType() == null) {
            return false;
        }
        Binding binding = publishedPort.getBinding();
        QName portType = binding.getPortType().getQName();
        for (Object value : definition.getServices().values()) {
            Service other = (Service) value;
            if (other.getQName().equals(service)) {
                continue;
            }
            for (Object item : other.getPorts().values()) {
                Binding otherBinding = ((Port) item).getBinding();
                if (otherBinding != null && otherBinding.getPortType() != null
                        && portType.equals(otherBinding.getPortType().getQName())
                        && !binding.getQName().equals(otherBinding.getQName())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final String WSDL11 = "http://schemas.xmlsoap.org/wsdl/";
}
