package dev.soapbench.axis2.headers;

import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.jvmsupport.samples.SampleXml;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * SampleHeaders is the generic implementation's share of the SOAP headers the binding declares:
 * per operation, the request header blocks it must read (each with its ADB bean's
 * {@code Factory.parse}) and the response header blocks it answers with, parsed once from the
 * sample response into their ADB beans, which {@link HeaderReceiverInOut} serialises for every
 * request.
 */
public final class SampleHeaders {
    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    private static final XMLInputFactory XML = SampleXml.inputFactory();

    /** Incoming is a request header block: its element and the parse method of its bean's Factory. */
    public record Incoming(QName element, Method factoryParse) {}

    /** Outgoing is a response header block: its element and the bean bound from the sample response. */
    public record Outgoing(QName element, Object bean) {}

    /** Operation is one operation's header blocks, in the samples' order. */
    public record Operation(String name, List<Incoming> in, List<Outgoing> out) {
        public boolean isEmpty() {
            return in.isEmpty() && out.isEmpty();
        }
    }

    private static volatile Map<String, Operation> installed = Map.of();

    private SampleHeaders() {}

    /**
     * bind reads the samples' header blocks: the index's {@code headersIn} become the blocks a
     * request must carry, the sample response's blocks named by {@code headersOut} are parsed into
     * their beans. {@code beans} maps each header element to its ADB bean class.
     */
    public static Map<String, Operation> bind(Path samplesDir, Map<QName, Class<?>> beans) throws SampleException {
        Map<String, Operation> operations = new LinkedHashMap<>();
        for (SampleIndex.Entry entry : SampleIndex.read(samplesDir)) {
            List<Incoming> in = new ArrayList<>();
            for (QName element : entry.headersIn()) {
                in.add(new Incoming(element, factoryParse(beans, element, entry.operation())));
            }
            List<Outgoing> out = new ArrayList<>();
            if (!entry.headersOut().isEmpty()) {
                if (entry.response() == null) {
                    throw new SampleException("operation " + entry.operation() + " has response header blocks but no sample response");
                }
                Path response = samplesDir.resolve(entry.response());
                List<QName> blocks = headerBlocks(response);
                for (int i = 0; i < blocks.size(); i++) {
                    QName element = blocks.get(i);
                    if (entry.headersOut().contains(element)) {
                        Method parse = factoryParse(beans, element, entry.operation());
                        out.add(new Outgoing(element, parseBlock(response, i, parse, entry.operation())));
                    }
                }
                if (out.size() != entry.headersOut().size()) {
                    throw new SampleException("sample " + response.getFileName() + " of operation " + entry.operation() + " carries "
                            + out.size() + " of the " + entry.headersOut().size() + " header blocks its index entry names");
                }
            }
            operations.put(entry.operation(), new Operation(entry.operation(), List.copyOf(in), List.copyOf(out)));
        }
        return operations;
    }

    /**
     * load binds the header blocks of the build's samples to the bean classes of its
     * {@link HeaderBeanIndex}, loaded by {@code loader}; an empty map when the samples carry none.
     */
    public static Map<String, Operation> load(Path build, ClassLoader loader) throws SampleException {
        Map<QName, Class<?>> beans = new LinkedHashMap<>();
        try {
            for (Map.Entry<QName, String> bean : HeaderBeanIndex.read(build).entrySet()) {
                beans.put(bean.getKey(), Class.forName(bean.getValue(), true, loader));
            }
        } catch (IOException e) {
            throw new SampleException("cannot read " + HeaderBeanIndex.FILE + ": " + e.getMessage());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new SampleException("cannot load a header bean of " + HeaderBeanIndex.FILE + ": " + e);
        }
        return bind(build.resolve("samples"), beans);
    }

    public static void install(Map<String, Operation> operations) {
        installed = Map.copyOf(operations);
    }

    /** of answers the header blocks of the operation named {@code operation}, or null when it has none. */
    public static Operation of(String operation) {
        Operation headers = installed.get(operation);
        return headers == null || headers.isEmpty() ? null : headers;
    }

    private static Method factoryParse(Map<QName, Class<?>> beans, QName element, String operation) throws SampleException {
        Class<?> bean = beans.get(element);
        if (bean == null) {
            throw new SampleException("header block " + element + " of operation " + operation + " has no ADB bean");
        }
        try {
            Class<?> factory = Class.forName(bean.getName() + "$Factory", true, bean.getClassLoader());
            return factory.getMethod("parse", XMLStreamReader.class);
        } catch (ReflectiveOperationException e) {
            throw new SampleException("header block " + element + " of operation " + operation + ": " + bean.getName()
                    + " is not an ADB bean");
        }
    }

    /** headerBlocks names the child elements of the envelope's Header, in order (none without a Header). */
    public static List<QName> headerBlocks(Path file) throws SampleException {
        List<QName> blocks = new ArrayList<>();
        // A fresh reader for each block: moveToHeaderChild counts from the envelope's start.
        for (QName block = headerBlock(file, 0); block != null; block = headerBlock(file, blocks.size())) {
            blocks.add(block);
        }
        return blocks;
    }

    private static QName headerBlock(Path file, int index) throws SampleException {
        try (InputStream in = Files.newInputStream(file)) {
            XMLStreamReader reader = XML.createXMLStreamReader(in);
            return moveToHeaderChild(reader, index, file) ? reader.getName() : null;
        } catch (IOException | XMLStreamException e) {
            throw new SampleException(file.getFileName() + ": not a well-formed SOAP envelope: " + SampleXml.rootCause(e));
        }
    }

    /** parseBlock parses the {@code index}th child element of the envelope's Header with the bean's parse method. */
    public static Object parseBlock(Path file, int index, Method factoryParse, String operation) throws SampleException {
        try (InputStream in = Files.newInputStream(file)) {
            XMLStreamReader reader = XML.createXMLStreamReader(in);
            if (!moveToHeaderChild(reader, index, file)) {
                throw new SampleException(file.getFileName() + ": no header block " + index);
            }
            QName element = reader.getName();
            try {
                return factoryParse.invoke(null, reader);
            } catch (InvocationTargetException e) {
                throw new SampleException("header block " + element + " of sample " + file.getFileName() + " (operation "
                        + operation + ") does not bind to " + factoryParse.getDeclaringClass().getName().replaceFirst("\\$Factory$", "")
                        + ": " + SampleXml.rootCause(e.getCause()));
            } catch (IllegalAccessException e) {
                throw new SampleException("cannot call " + factoryParse + ": " + SampleXml.rootCause(e));
            }
        } catch (IOException | XMLStreamException e) {
            throw new SampleException(file.getFileName() + ": not a well-formed SOAP envelope: " + SampleXml.rootCause(e));
        }
    }

    /**
     * moveToHeaderChild leaves the reader on the {@code index}th child element of the SOAP Header
     * (a fresh reader, counted from 0) and answers true, or false when the Header has fewer
     * children or the envelope has no Header.
     */
    private static boolean moveToHeaderChild(XMLStreamReader reader, int index, Path file) throws XMLStreamException, SampleException {
        int depth = 0;
        int headerDepth = -1;
        int seen = 0;
        while (reader.hasNext()) {
            int event = reader.next();
            if (event == XMLStreamReader.START_ELEMENT) {
                depth++;
                String ns = reader.getNamespaceURI();
                boolean soap = SOAP11.equals(ns) || SOAP12.equals(ns);
                if (headerDepth < 0 && depth == 2 && soap && "Header".equals(reader.getLocalName())) {
                    headerDepth = depth;
                } else if (headerDepth > 0 && depth == headerDepth + 1) {
                    if (seen++ == index) {
                        return true;
                    }
                } else if (depth == 2 && soap && "Body".equals(reader.getLocalName())) {
                    return false;
                }
            } else if (event == XMLStreamReader.END_ELEMENT) {
                if (depth == headerDepth) {
                    return false;
                }
                depth--;
            }
        }
        throw new SampleException(file.getFileName() + ": no SOAP Body");
    }
}
