package dev.soapbench.jaxws.samples;

import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import jakarta.jws.Oneway;
import jakarta.jws.WebMethod;
import jakarta.jws.soap.SOAPBinding;
import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Unmarshaller;
import jakarta.xml.ws.Holder;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * SampleResponses binds every operation's sample response into the service interface's generated
 * types, once, so the generic implementation can answer from typed objects that the stack serialises.
 */
public final class SampleResponses {
    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

    /** Answer is what one method gives back: its return value and the values of its out holders. */
    public record Answer(Object returned, Map<Integer, Object> holders) {
        /** give fills the out holders among a call's arguments and returns the return value. */
        @SuppressWarnings("unchecked")
        public Object give(Object[] args) {
            holders.forEach((slot, value) -> ((Holder<Object>) args[slot]).value = value);
            return returned;
        }
    }

    private final Map<Class<?>, JAXBContext> contexts = new HashMap<>();

    SampleResponses() {}

    /** bind reads the samples folder and returns the answer of every operation it names. */
    public static Map<Method, Answer> bind(Class<?> serviceInterface, Path samplesDir) throws SampleException {
        Map<String, Method> methods = operations(serviceInterface);
        SampleResponses binder = new SampleResponses();
        Map<Method, Answer> answers = new LinkedHashMap<>();
        for (SampleIndex.Entry entry : SampleIndex.read(samplesDir)) {
            Method method = methods.get(entry.operation());
            if (method == null) {
                throw new SampleException("operation " + entry.operation() + " of the samples is not in "
                        + serviceInterface.getName() + " (operations: " + methods.keySet() + ")");
            }
            try {
                answers.put(method, binder.answer(serviceInterface, method, entry, samplesDir));
            } catch (JAXBException e) {
                throw new SampleException("sample response " + entry.response() + " of operation "
                        + entry.operation() + " does not bind to the generated types: " + describe(e));
            }
        }
        return answers;
    }

    /** operations maps each WSDL operation name to its method, as @WebMethod(operationName) says. */
    public static Map<String, Method> operations(Class<?> serviceInterface) {
        Map<String, Method> methods = new LinkedHashMap<>();
        for (Method method : serviceInterface.getMethods()) {
            WebMethod webMethod = method.getAnnotation(WebMethod.class);
            if (webMethod != null && webMethod.exclude()) {
                continue;
            }
            String name = webMethod != null && !webMethod.operationName().isEmpty()
                    ? webMethod.operationName() : method.getName();
            methods.put(name, method);
        }
        return methods;
    }

    private Answer answer(Class<?> serviceInterface, Method method, SampleIndex.Entry entry, Path samplesDir)
            throws SampleException, JAXBException {
        boolean rpc = isRpc(serviceInterface, method);
        List<MethodPart> parts = MethodPart.of(method);
        List<MethodPart> outputs = parts.stream().filter(MethodPart::output).toList();
        checkHeaders(method, entry, parts);
        checkLists(method, entry, parts);
        if (method.isAnnotationPresent(Oneway.class) || outputs.isEmpty()) {
            return new Answer(null, Map.of());
        }
        if (entry.response() == null) {
            throw new SampleException("operation " + entry.operation() + " returns a message but the samples have no response");
        }
        Path file = samplesDir.resolve(entry.response());
        Envelope envelope = Envelope.read(file, rpc, "response");
        if (!envelope.body().isEmpty() && isFault(envelope.body().get(0))) {
            throw new SampleException(file + ": the sample response is a SOAP fault; the generic implementation answers with messages only");
        }

        Object returned = null;
        Map<Integer, Object> holders = new HashMap<>();
        // Body parts are found by name, not by position: the return value need not be the
        // first part of the message, and a part the method does not declare must not be bound
        // into another part's type that happens to fit it.
        List<Element> unbound = new ArrayList<>(envelope.body());
        for (MethodPart output : outputs) {
            Element element;
            if (output.isHeader()) {
                element = output.headerBlock(envelope.headers());
                if (element == null) {
                    continue;
                }
            } else {
                element = output.bodyPart(rpc, unbound);
                if (element == null) {
                    throw new SampleException(file + ": the Body has no element for " + output.describe()
                            + " of operation " + entry.operation());
                }
                unbound.remove(element);
            }
            Object value = unmarshal(element, output);
            if (output.slot() < 0) {
                returned = value;
            } else {
                holders.put(output.slot(), value);
            }
        }
        if (!unbound.isEmpty()) {
            throw new SampleException(file + ": the Body's element " + qualifiedName(unbound.get(0))
                    + " is no output part of operation " + entry.operation() + " (method " + method.getName() + ")");
        }
        return new Answer(returned, holders);
    }

    /**
     * checkHeaders refuses an operation whose sample header blocks the method does not map: the
     * stack would skip an unmapped request block unread and never write an unmapped response block, so
     * the header processing the samples ask for would silently not be measured.
     */
    private static void checkHeaders(Method method, SampleIndex.Entry entry, List<MethodPart> parts)
            throws SampleException {
        for (QName block : entry.headersIn()) {
            if (parts.stream().noneMatch(p -> p.input() && p.isHeader() && block.equals(p.name()))) {
                throw SampleException.unsupported(entry.operation(), "input SOAP header " + block + " of operation "
                        + entry.operation() + ": the generated method " + method.getName() + " has no header parameter for it");
            }
        }
        for (QName block : entry.headersOut()) {
            if (parts.stream().noneMatch(p -> p.output() && p.isHeader() && block.equals(p.name()))) {
                throw SampleException.unsupported(entry.operation(), "output SOAP header " + block + " of operation "
                        + entry.operation() + ": the generated method " + method.getName() + " has no header holder for it");
            }
        }
    }

    /**
     * checkLists refuses an operation with an {@code xs:list} part the generated method declares
     * as an array or List without {@code @XmlList} (CXF's WSDLToJava leaves the annotation off an
     * in-out part's holder): the stack would write such a list as repeated child elements, not as one
     * whitespace-separated text, and read it so too.
     */
    private static void checkLists(Method method, SampleIndex.Entry entry, List<MethodPart> parts) throws SampleException {
        for (MethodPart part : parts) {
            if (!part.xmlList() && ListParts.isList(part.type())) {
                throw SampleException.unsupported(entry.operation(), "xs:list " + part.describe() + " of operation "
                        + entry.operation() + ": the generated method " + method.getName() + " declares it as "
                        + part.type().getTypeName() + " without @XmlList, so its value would travel as repeated elements"
                        + " rather than one list");
            }
        }
    }

    private static String qualifiedName(Element element) {
        return new QName(MethodPart.namespace(element), element.getLocalName()).toString();
    }

    static boolean isRpc(Class<?> serviceInterface, Method method) {
        SOAPBinding binding = method.getAnnotation(SOAPBinding.class);
        if (binding == null) {
            binding = serviceInterface.getAnnotation(SOAPBinding.class);
        }
        return binding != null && binding.style() == SOAPBinding.Style.RPC;
    }

    /** unmarshal binds one part's element into its value: an {@code xs:list} item by item. */
    Object unmarshal(Element element, MethodPart part) throws JAXBException {
        return part.xmlList() ? unmarshalList(element, part.type()) : unmarshal(element, part.type());
    }

    Object unmarshal(Element element, Type type) throws JAXBException {
        Class<?> raw = type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
        JAXBContext context = contexts.get(raw);
        if (context == null) {
            context = JAXBContext.newInstance(raw);
            contexts.put(raw, context);
        }
        Unmarshaller unmarshaller = context.createUnmarshaller();
        // Any element or value the types cannot hold would silently vanish from the answer.
        unmarshaller.setEventHandler(event -> false);
        return unmarshaller.unmarshal(element, raw).getValue();
    }

    /**
     * unmarshalList binds an {@code @XmlList} part ({@code String[]}, {@code List<Integer>}, ...):
     * JAXB cannot bind such a bare list by its Java type, so each whitespace-separated item is
     * bound on its own into the item type, in a copy of the element that keeps the element's
     * namespace declarations in scope (for QName items).
     */
    Object unmarshalList(Element element, Type type) throws JAXBException {
        Class<?> item;
        try {
            item = ListParts.itemType(type);
        } catch (IllegalArgumentException e) {
            throw new JAXBException(e.getMessage());
        }
        List<Object> values = new ArrayList<>();
        for (String token : ListParts.items(element.getTextContent())) {
            Element copy = (Element) element.cloneNode(false);
            copy.setTextContent(token);
            element.getParentNode().insertBefore(copy, element);
            try {
                values.add(unmarshal(copy, ListParts.boxed(item)));
            } finally {
                element.getParentNode().removeChild(copy);
            }
        }
        return ListParts.collect(type, item, values);
    }

    static Element child(Element parent, String localName) {
        for (Element element : elements(parent)) {
            String ns = element.getNamespaceURI();
            if (localName.equals(element.getLocalName()) && (SOAP11.equals(ns) || SOAP12.equals(ns))) {
                return element;
            }
        }
        return null;
    }

    /** isFault says whether a Body element is a SOAP fault, not a part that happens to be named Fault. */
    static boolean isFault(Element element) {
        String ns = element.getNamespaceURI();
        return "Fault".equals(element.getLocalName()) && (SOAP11.equals(ns) || SOAP12.equals(ns));
    }

    static List<Element> elements(Element parent) {
        List<Element> elements = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element) {
                elements.add(element);
            }
        }
        return elements;
    }

    static Document parse(Path file) throws SampleException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(null);
            return builder.parse(file.toFile());
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new SampleException(file + ": not a well-formed SOAP envelope: " + describe(e));
        }
    }

    static String describe(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        if (message == null && root instanceof jakarta.xml.bind.JAXBException jaxb && jaxb.getLinkedException() != null) {
            message = jaxb.getLinkedException().getMessage();
        }
        return (message == null ? root.getClass().getSimpleName() : message).replaceAll("\\s+", " ").trim();
    }
}
