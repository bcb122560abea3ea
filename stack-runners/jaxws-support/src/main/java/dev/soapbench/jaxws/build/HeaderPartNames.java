package dev.soapbench.jaxws.build;

import dev.soapbench.jvmsupport.build.BindingPlaces;
import dev.soapbench.jvmsupport.build.BuildFailure;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.wsdl.Binding;
import javax.wsdl.BindingOperation;
import javax.wsdl.Definition;
import javax.wsdl.Fault;
import javax.wsdl.Message;
import javax.wsdl.Operation;
import javax.wsdl.Part;
import javax.wsdl.PortType;
import javax.wsdl.extensions.soap.SOAPHeader;
import javax.wsdl.extensions.soap12.SOAP12Header;
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
import org.xml.sax.helpers.NamespaceSupport;

/**
 * HeaderPartNames renames, in the build's copy of the bundle, a SOAP header part of another
 * message than the operation's own whose name another part of the same operation already has.
 *
 * <p>Python zeep's {@code soap_header.wsdl} binds part {@code body} of message
 * {@code OptionalResponseHeader} as an output header of an operation whose own messages have a
 * part {@code body} too. Both JAX-WS tools name parameters and parts by part name: wsimport
 * stops ("duplicate parameter name"), and CXF generates the header holder but its runtime model
 * keeps one part per name, so every call fails ("wrong number of arguments"). A part name is on
 * the wire only as an rpc accessor or as the block of a header part declared by type, and the
 * samples carry neither for such a header (the backend leaves by-type header blocks out), so
 * the part is renamed ({@code body} becomes {@code bodyHeader}) in its message and in every
 * {@code soap:header} and {@code soap:headerfault} that names it. A message an operation also
 * uses as its input, output or fault is refused instead: there its part names are its own
 * contract. The attribute values are replaced in place, so every line keeps its number and the
 * tools' messages name the user's lines. The server publishes this copy, so its runtime model is
 * the one the generator saw.
 */
public final class HeaderPartNames {
    private static final String WSDL11 = "http://schemas.xmlsoap.org/wsdl/";
    private static final Set<String> SOAP_BINDINGS =
            Set.of("http://schemas.xmlsoap.org/wsdl/soap/", "http://schemas.xmlsoap.org/wsdl/soap12/");

    /** Renamed is one header part given another name: where its message declares it, old and new name. */
    public record Renamed(String file, int line, QName message, String part, String name, String operation) {}

    /** Clash is a header part to rename and the operations whose names it must avoid. */
    private record Clash(QName message, String part, String operation, Set<String> taken) {}

    private HeaderPartNames() {}

    /**
     * write renames every clashing header part in the documents of the bundle the entry reaches
     * and returns what it renamed. A bundle WSDL4J cannot read is left as it is: the code
     * generator reports its problem with its own words.
     */
    public static List<Renamed> write(Path bundle, Path entryFile) throws BuildFailure {
        Definition entry = WsdlDocuments.read(entryFile);
        if (entry == null) {
            return List.of();
        }
        List<Definition> documents = WsdlDocuments.documents(entry);
        Map<List<Object>, Clash> clashes = clashes(documents);
        if (clashes.isEmpty()) {
            return List.of();
        }
        Set<QName> operationMessages = operationMessages(documents);
        Map<List<Object>, String> names = new LinkedHashMap<>();
        Set<String> assigned = new HashSet<>();
        for (Map.Entry<List<Object>, Clash> entryClash : clashes.entrySet()) {
            Clash clash = entryClash.getValue();
            if (operationMessages.contains(clash.message())) {
                String place = BindingPlaces.operation(bundle, clash.operation());
                throw BuildFailure.unsupported("SOAP header part " + clash.part() + " of message "
                        + clash.message().getLocalPart() + " has the name of another part of operation "
                        + clash.operation() + " (JAX-WS maps both to one parameter), and the message is an operation's"
                        + " message too, so the part cannot be renamed" + (place == null ? "" : ", in " + place));
            }
            String name = clash.part() + "Header";
            for (int n = 2; clash.taken().contains(name) || assigned.contains(name); n++) {
                name = clash.part() + "Header" + n;
            }
            assigned.add(name);
            names.put(entryClash.getKey(), name);
        }
        // Every document's edits are found before any is written: a header renamed without its
        // part (a message no document of the bundle declares) would break the copy.
        Map<Path, Edited> edited = new LinkedHashMap<>();
        List<Renamed> renamed = new ArrayList<>();
        for (Definition definition : documents) {
            Path file = WsdlDocuments.file(definition, bundle);
            if (file != null && !edited.containsKey(file)) {
                edited.put(file, edits(file, bundle, names, clashes, renamed));
            }
        }
        for (List<Object> key : names.keySet()) {
            if (renamed.stream().noneMatch(r -> r.message().equals(key.get(0)) && r.part().equals(key.get(1)))) {
                Clash clash = clashes.get(key);
                String place = BindingPlaces.operation(bundle, clash.operation());
                throw BuildFailure.unsupported("SOAP header part " + clash.part() + " of message "
                        + clash.message().getLocalPart() + " has the name of another part of operation "
                        + clash.operation() + " (JAX-WS maps both to one parameter), and its declaration was not found"
                        + " to rename it" + (place == null ? "" : ", in " + place));
            }
        }
        for (Map.Entry<Path, Edited> file : edited.entrySet()) {
            file.getValue().write(file.getKey());
        }
        return renamed;
    }

    /**
     * clashes is every header part, keyed by message and part name, of another message than the
     * operation's own that takes a name the operation's messages or earlier headers already have.
     * The names of every operation that binds it are gathered, so its new name avoids them all.
     */
    private static Map<List<Object>, Clash> clashes(List<Definition> documents) {
        Map<List<Object>, Clash> clashes = new LinkedHashMap<>();
        Map<List<Object>, Set<String>> takenBy = new LinkedHashMap<>();
        for (Definition definition : documents) {
            for (Object value : definition.getBindings().values()) {
                Binding binding = (Binding) value;
                if (binding.isUndefined()) {
                    continue;
                }
                for (Object item : binding.getBindingOperations()) {
                    BindingOperation bound = (BindingOperation) item;
                    Operation operation = bound.getOperation();
                    if (operation == null) {
                        continue;
                    }
                    Message input = operation.getInput() == null ? null : operation.getInput().getMessage();
                    Message output = operation.getOutput() == null ? null : operation.getOutput().getMessage();
                    Set<String> taken = new HashSet<>();
                    partNames(input, taken);
                    partNames(output, taken);
                    Set<List<Object>> headers = new LinkedHashSet<>();
                    Set<QName> own = new HashSet<>();
                    if (input != null) {
                        own.add(input.getQName());
                    }
                    if (output != null) {
                        own.add(output.getQName());
                    }
                    if (bound.getBindingInput() != null) {
                        headers(bound.getBindingInput().getExtensibilityElements(), own, headers);
                    }
                    if (bound.getBindingOutput() != null) {
                        headers(bound.getBindingOutput().getExtensibilityElements(), own, headers);
                    }
                    for (List<Object> header : headers) {
                        String part = (String) header.get(1);
                        if (!taken.add(part)) {
                            clashes.putIfAbsent(header, new Clash((QName) header.get(0), part, bound.getName(), new HashSet<>()));
                        }
                    }
                    for (List<Object> header : headers) {
                        takenBy.computeIfAbsent(header, k -> new HashSet<>()).addAll(taken);
                    }
                }
            }
        }
        for (Map.Entry<List<Object>, Clash> clash : clashes.entrySet()) {
            clash.getValue().taken().addAll(takenBy.get(clash.getKey()));
        }
        return clashes;
    }

    private static void partNames(Message message, Set<String> names) {
        if (message != null) {
            for (Object part : message.getParts().keySet()) {
                names.add((String) part);
            }
        }
    }

    /**
     * headers adds the (message, part) of each soap:header of a message other than the operation's
     * own ({@code own}: its input and output), whose parts are already among its names.
     */
    private static void headers(List<?> elements, Set<QName> own, Set<List<Object>> headers) {
        for (Object element : elements) {
            QName message = null;
            String part = null;
            if (element instanceof SOAPHeader header) {
                message = header.getMessage();
                part = header.getPart();
            } else if (element instanceof SOAP12Header header) {
                message = header.getMessage();
                part = header.getPart();
            }
            if (message != null && part != null && !own.contains(message)) {
                headers.add(List.of(message, part));
            }
        }
    }

    /** operationMessages is every message a port type operation uses as input, output or fault. */
    private static Set<QName> operationMessages(List<Definition> documents) {
        Set<QName> messages = new HashSet<>();
        for (Definition definition : documents) {
            for (Object value : definition.getPortTypes().values()) {
                for (Object item : ((PortType) value).getOperations()) {
                    Operation operation = (Operation) item;
                    if (operation.getInput() != null && operation.getInput().getMessage() != null) {
                        messages.add(operation.getInput().getMessage().getQName());
                    }
                    if (operation.getOutput() != null && operation.getOutput().getMessage() != null) {
                        messages.add(operation.getOutput().getMessage().getQName());
                    }
                    for (Object fault : operation.getFaults().values()) {
                        if (((Fault) fault).getMessage() != null) {
                            messages.add(((Fault) fault).getMessage().getQName());
                        }
                    }
                }
            }
        }
        return messages;
    }

    /** Edited is one document's text and its edits: offset, old and new attribute value. */
    private record Edited(String content, boolean bom, Charset charset, TreeMap<Integer, String[]> edits) {
        void write(Path file) throws BuildFailure {
            if (edits.isEmpty()) {
                return;
            }
            StringBuilder out = new StringBuilder(content);
            for (Map.Entry<Integer, String[]> edit : edits.descendingMap().entrySet()) {
                int start = edit.getKey();
                out.replace(start, start + edit.getValue()[0].length(), edit.getValue()[1]);
            }
            try {
                Files.write(file, ((bom ? "\uFEFF" : "") + out).getBytes(charset));
            } catch (IOException e) {
                throw BuildFailure.error("cannot write " + file.getFileName() + ": " + e.getMessage());
            }
        }
    }

    /** edits finds the part names to replace in one document. */
    private static Edited edits(Path file, Path bundle, Map<List<Object>, String> names,
            Map<List<Object>, Clash> clashes, List<Renamed> renamed) throws BuildFailure {
        String name = bundle.toAbsolutePath().normalize().relativize(file).toString();
        try {
            byte[] bytes = Files.readAllBytes(file);
            Charset charset = WsdlDocuments.charset(bytes);
            String text = new String(bytes, charset);
            boolean bom = text.startsWith("\uFEFF");
            String content = bom ? text.substring(1) : text;
            TreeMap<Integer, String[]> edits = new TreeMap<>();
            places(content, names, edits, (key, line) -> renamed.add(new Renamed(name, line, (QName) key.get(0),
                    (String) key.get(1), names.get(key), clashes.get(key).operation())));
            return new Edited(content, bom, charset, edits);
        } catch (IOException | XMLStreamException | SAXException | ParserConfigurationException | RuntimeException e) {
            throw BuildFailure.error("cannot rename SOAP header parts in " + name + ": " + e.getMessage());
        }
    }

    private interface Found {
        void at(List<Object> key, int line);
    }

    /**
     * places finds the attributes to rewrite: {@code name} of a {@code wsdl:part} of a renamed
     * message (in the document whose target namespace is the message's) and {@code part} of a
     * SOAP header or header fault naming it; each edit is the attribute's offset, old and new text.
     */
    private static void places(String text, Map<List<Object>, String> names, Map<Integer, String[]> edits, Found found)
            throws IOException, SAXException, ParserConfigurationException {
        int[] lineStarts = WsdlDocuments.lineStarts(text);
        DefaultHandler handler = new DefaultHandler() {
            private final NamespaceSupport namespaces = new NamespaceSupport();
            private boolean contextPushed;
            private Locator locator;
            private int depth;
            private String targetNamespace = "";
            private QName message;

            @Override
            public void setDocumentLocator(Locator locator) {
                this.locator = locator;
            }

            @Override
            public void startPrefixMapping(String prefix, String uri) {
                if (!contextPushed) {
                    namespaces.pushContext();
                    contextPushed = true;
                }
                namespaces.declarePrefix(prefix, uri);
            }

            @Override
            public void startElement(String ns, String local, String qName, Attributes attributes) throws SAXException {
                if (!contextPushed) {
                    namespaces.pushContext();
                }
                contextPushed = false;
                depth++;
                if (depth == 1 && WSDL11.equals(ns)) {
                    targetNamespace = attributes.getValue("targetNamespace") == null ? "" : attributes.getValue("targetNamespace");
                } else if (depth == 2) {
                    message = WSDL11.equals(ns) && "message".equals(local) && attributes.getValue("name") != null
                            ? new QName(targetNamespace, attributes.getValue("name")) : null;
                } else if (depth == 3 && message != null && WSDL11.equals(ns) && "part".equals(local)) {
                    List<Object> key = List.of(message, String.valueOf(attributes.getValue("name")));
                    if (names.containsKey(key)) {
                        edit("name", key, qName);
                    }
                } else if (SOAP_BINDINGS.contains(ns) && ("header".equals(local) || "headerfault".equals(local))) {
                    QName named = resolve(attributes.getValue("message"));
                    List<Object> key = named == null ? null : List.of(named, String.valueOf(attributes.getValue("part")));
                    if (key != null && names.containsKey(key)) {
                        edit("part", key, qName);
                    }
                }
            }

            @Override
            public void endElement(String ns, String local, String qName) {
                namespaces.popContext();
                depth--;
            }

            private QName resolve(String value) {
                if (value == null) {
                    return null;
                }
                int colon = value.indexOf(':');
                String prefix = colon < 0 ? "" : value.substring(0, colon);
                String uri = namespaces.getURI(prefix);
                return new QName(uri == null ? "" : uri, value.substring(colon + 1));
            }

            /** edit rewrites the attribute's value in the start tag SAX just reported, which ends here. */
            private void edit(String attribute, List<Object> key, String qName) throws SAXException {
                int end = lineStarts[locator.getLineNumber() - 1] + locator.getColumnNumber() - 1;
                int start = text.lastIndexOf("<" + qName, end);
                Matcher value = Pattern.compile("\\s" + attribute + "\\s*=\\s*([\"'])([^\"']*)\\1")
                        .matcher(text).region(Math.max(start, 0), Math.min(end, text.length()));
                if (start < 0 || !value.find() || !value.group(2).strip().equals(key.get(1))) {
                    throw new SAXException("the " + attribute + " attribute naming part " + key.get(1) + " was not found");
                }
                edits.put(value.start(2), new String[] {value.group(2), escape(names.get(key))});
                if ("name".equals(attribute)) {
                    found.at(key, locator.getLineNumber());
                }
            }
        };
        SAXParserFactory factory = SAXParserFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.newSAXParser().parse(new InputSource(new StringReader(text)), handler);
    }

    /** Part names are NCNames; escaped anyway, as they come from the user's WSDL. */
    private static String escape(String value) {
        return value.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;").replace("'", "&apos;")
                .replace(">", "&gt;");
    }
}
