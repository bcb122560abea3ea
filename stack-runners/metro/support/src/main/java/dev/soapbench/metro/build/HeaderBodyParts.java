package dev.soapbench.metro.build;

import dev.soapbench.jaxws.build.WsdlDocuments;

import dev.soapbench.jvmsupport.build.BindingPlaces;
import dev.soapbench.jvmsupport.build.BuildFailure;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.wsdl.Binding;
import javax.wsdl.BindingOperation;
import javax.wsdl.Definition;
import javax.wsdl.Message;
import javax.wsdl.Part;
import javax.wsdl.extensions.soap.SOAPBody;
import javax.wsdl.extensions.soap.SOAPHeader;
import javax.wsdl.extensions.soap12.SOAP12Body;
import javax.wsdl.extensions.soap12.SOAP12Header;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.stream.XMLStreamException;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * HeaderBodyParts states which parts a {@code soap:body} carries when {@code soap:header}s of the
 * same binding operation direction bind other parts of its own message, in the build's copy of
 * the bundle.
 *
 * <p>WSDL 1.1 leaves a {@code soap:body} without {@code parts} open to two readings. JAX-WS
 * (section 2.3.3), CXF and the backend's samples put the header-bound parts in the Header and the
 * rest in the Body; wsimport reads the absent attribute as "every part", so the header-bound part
 * is bound twice ("has multiple binding"), and an operation whose message then has two Body parts
 * is left out of the interface ("more than one part bound to body"). So every such
 * {@code soap:body} (input and output, SOAP 1.1 and 1.2, of every binding of the bundle) gets
 * {@code parts="<the message's other parts>"}, {@code parts=""} when the headers bind them all:
 * the wire contract the samples and the other stacks use. The attribute is inserted into the
 * start tag in place, so every line keeps its number and wsimport's messages name the user's
 * lines. The server publishes this copy too, so its runtime model is the one wsimport saw.
 */
final class HeaderBodyParts {
    private static final String WSDL11 = "http://schemas.xmlsoap.org/wsdl/";
    private static final Set<String> SOAP_BINDINGS =
            Set.of("http://schemas.xmlsoap.org/wsdl/soap/", "http://schemas.xmlsoap.org/wsdl/soap12/");

    /** Stated is one {@code soap:body} given a parts list: its document (relative to the bundle), line and the parts. */
    record Stated(String file, int line, List<String> parts) {}

    /** Body is a soap:body to state: the n-th operation of a binding, a direction, its parts. */
    private record Body(String binding, int operation, String name, String direction, List<String> parts, String why) {}

    private HeaderBodyParts() {}

    /**
     * write states the parts of every soap:body that needs it in the documents of the bundle the
     * entry reaches, and returns what it stated. A bundle WSDL4J cannot read is left as it is:
     * wsimport reports its problem with its own words.
     */
    static List<Stated> write(Path bundle, Path entryFile) throws BuildFailure {
        Definition entry = WsdlDocuments.read(entryFile);
        if (entry == null) {
            return List.of();
        }
        List<Stated> stated = new ArrayList<>();
        for (Definition definition : WsdlDocuments.documents(entry)) {
            List<Body> bodies = bodies(definition);
            Path file = WsdlDocuments.file(definition, bundle);
            if (bodies.isEmpty() || file == null) {
                continue;
            }
            stated.addAll(insert(file, bundle, bodies));
        }
        return stated;
    }

    /** bodies is every soap:body of the document's own bindings that needs its parts stated. */
    private static List<Body> bodies(Definition definition) {
        List<Body> bodies = new ArrayList<>();
        for (Object value : definition.getBindings().values()) {
            Binding binding = (Binding) value;
            if (binding.isUndefined()) {
                continue;
            }
            List<?> operations = binding.getBindingOperations();
            for (int i = 0; i < operations.size(); i++) {
                BindingOperation bound = (BindingOperation) operations.get(i);
                if (bound.getOperation() == null) {
                    continue;
                }
                String operation = bound.getName();
                if (bound.getBindingInput() != null && bound.getOperation().getInput() != null) {
                    add(bodies, binding, i, "input", operation, bound.getBindingInput().getExtensibilityElements(),
                            bound.getOperation().getInput().getMessage());
                }
                if (bound.getBindingOutput() != null && bound.getOperation().getOutput() != null) {
                    add(bodies, binding, i, "output", operation, bound.getBindingOutput().getExtensibilityElements(),
                            bound.getOperation().getOutput().getMessage());
                }
            }
        }
        return bodies;
    }

    private static void add(List<Body> bodies, Binding binding, int index, String direction, String operation,
            List<?> elements, Message message) {
        if (message == null || message.isUndefined()) {
            return;
        }
        boolean bodyWithoutParts = false;
        Set<String> inHeaders = new LinkedHashSet<>();
        for (Object element : elements) {
            if (element instanceof SOAPBody body) {
                bodyWithoutParts = body.getParts() == null;
            } else if (element instanceof SOAP12Body body) {
                bodyWithoutParts = body.getParts() == null;
            } else if (element instanceof SOAPHeader header && message.getQName().equals(header.getMessage())) {
                inHeaders.add(header.getPart());
            } else if (element instanceof SOAP12Header header && message.getQName().equals(header.getMessage())) {
                inHeaders.add(header.getPart());
            }
        }
        if (!bodyWithoutParts || inHeaders.isEmpty()) {
            return;
        }
        List<String> parts = new ArrayList<>();
        for (Object part : message.getOrderedParts(null)) {
            String name = ((Part) part).getName();
            if (!inHeaders.contains(name)) {
                parts.add(name);
            }
        }
        bodies.add(new Body(binding.getQName().getLocalPart(), index, operation, direction, parts,
                "header part " + String.join(", ", inHeaders) + " of the " + direction + " of operation " + operation));
    }

    /** insert writes the parts attributes into the document's soap:body start tags, from the end backwards. */
    private static List<Stated> insert(Path file, Path bundle, List<Body> bodies) throws BuildFailure {
        String name = bundle.toAbsolutePath().normalize().relativize(file).toString();
        try {
            byte[] bytes = Files.readAllBytes(file);
            Charset charset = WsdlDocuments.charset(bytes);
            String text = new String(bytes, charset);
            boolean bom = text.startsWith("\uFEFF");
            String content = bom ? text.substring(1) : text;
            Set<Body> found = new LinkedHashSet<>();
            Map<Integer, Stated> places = places(content, bodies, name, found);
            for (Body body : bodies) {
                if (!found.contains(body)) {
                    // Unreachable for a document SAX and WSDL4J both read; refused rather than
                    // letting wsimport bind the header part to the Body as well.
                    String place = BindingPlaces.operation(bundle, body.name());
                    throw BuildFailure.unsupported("soap:body without parts beside " + body.why()
                            + " (its start tag was not found to state the body's parts for wsimport), in "
                            + (place == null ? name : place));
                }
            }
            StringBuilder out = new StringBuilder(content);
            List<Integer> offsets = new ArrayList<>(places.keySet());
            offsets.sort(null);
            for (int i = offsets.size() - 1; i >= 0; i--) {
                int offset = offsets.get(i);
                out.insert(offset, " parts=\"" + escape(String.join(" ", places.get(offset).parts())) + "\"");
            }
            Files.write(file, ((bom ? "\uFEFF" : "") + out).getBytes(charset));
            return offsets.stream().map(places::get).toList();
        } catch (IOException | XMLStreamException | SAXException | ParserConfigurationException | RuntimeException e) {
            throw BuildFailure.error("cannot state the soap:body parts in " + name + " for wsimport: " + e.getMessage());
        }
    }

    /**
     * places finds each body's start tag: {@code wsdl:binding} (by name), its n-th
     * {@code wsdl:operation}, the direction, then the SOAP body element directly in it; the offset
     * is where the attribute goes, before the tag's {@code >} or {@code />}. SAX reports a start tag
     * where its markup ends.
     */
    private static Map<Integer, Stated> places(String text, List<Body> bodies, String file, Set<Body> found)
            throws IOException, SAXException, ParserConfigurationException {
        int[] lineStarts = WsdlDocuments.lineStarts(text);
        Map<Integer, Stated> places = new LinkedHashMap<>();
        DefaultHandler handler = new DefaultHandler() {
            private Locator locator;
            private int depth;
            private String binding;
            private int operation = -1;
            private String direction;

            @Override
            public void setDocumentLocator(Locator locator) {
                this.locator = locator;
            }

            @Override
            public void startElement(String ns, String local, String qName, Attributes attributes) {
                depth++;
                if (depth == 2) {
                    binding = WSDL11.equals(ns) && "binding".equals(local) ? attributes.getValue("name") : null;
                    operation = -1;
                } else if (depth == 3 && binding != null && WSDL11.equals(ns) && "operation".equals(local)) {
                    operation++;
                    direction = null;
                } else if (depth == 4 && binding != null && WSDL11.equals(ns)) {
                    direction = local;
                } else if (depth == 5 && direction != null && SOAP_BINDINGS.contains(ns) && "body".equals(local)
                        && attributes.getValue("parts") == null) {
                    for (Body body : bodies) {
                        if (body.binding().equals(binding) && body.operation() == operation
                                && body.direction().equals(direction)) {
                            int end = lineStarts[locator.getLineNumber() - 1] + locator.getColumnNumber() - 1;
                            int at = end >= 2 && text.charAt(end - 1) == '>' ? end - (text.charAt(end - 2) == '/' ? 2 : 1) : -1;
                            if (at > 0 && text.lastIndexOf('<', at) >= 0 && text.startsWith("<" + qName, text.lastIndexOf('<', at))) {
                                places.putIfAbsent(at, new Stated(file, locator.getLineNumber(), body.parts()));
                                found.add(body);
                            }
                        }
                    }
                    direction = null;
                }
            }

            @Override
            public void endElement(String ns, String local, String qName) {
                if (depth == 4) {
                    direction = null;
                }
                depth--;
            }
        };
        SAXParserFactory factory = SAXParserFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.newSAXParser().parse(new InputSource(new StringReader(text)), handler);
        return places;
    }

    /** Part names are NCNames; escaped anyway, as they come from the user's WSDL. */
    private static String escape(String value) {
        return value.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;").replace(">", "&gt;");
    }
}
