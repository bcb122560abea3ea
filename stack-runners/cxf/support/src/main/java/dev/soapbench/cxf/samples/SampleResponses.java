package dev.soapbench.cxf.samples;

import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import jakarta.jws.Oneway;
import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
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
 * types, once, so the generic implementation can answer from typed objects that CXF serialises.
 */
public final class SampleResponses {
    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

    /** Answer is what one method gives back: its return value and the values of its out holders. */
    public record Answer(Object returned, Map<Integer, Object> holders) {}

    private record Output(int slot, Type type, boolean header, QName name) {}

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
        List<Output> outputs = outputs(method);
        checkHeaders(method, entry, outputs);
        if (method.isAnnotationPresent(Oneway.class) || outputs.isEmpty()) {
            return new Answer(null, Map.of());
        }
        if (entry.response() == null) {
            throw new SampleException("operation " + entry.operation() + " returns a message but the samples have no response");
        }
        Path file = samplesDir.resolve(entry.response());
        Element envelope = parse(file).getDocumentElement();
        Element body = child(envelope, "Body");
        if (body == null) {
            throw new SampleException(file + ": no SOAP Body");
        }
        List<Element> payload = elements(body);
        if (!payload.isEmpty() && "Fault".equals(payload.get(0).getLocalName())) {
            throw new SampleException(file + ": the sample response is a SOAP fault; the generic implementation answers with messages only");
        }
        if (isRpc(serviceInterface, method)) {
            if (payload.size() != 1) {
                throw new SampleException(file + ": an rpc response has exactly one element in its Body");
            }
            payload = elements(payload.get(0));
        }
        Element header = child(envelope, "Header");

        Object returned = null;
        Map<Integer, Object> holders = new HashMap<>();
        List<Output> bodyOutputs = outputs.stream().filter(o -> !o.header()).toList();
        if (bodyOutputs.size() != payload.size()) {
            throw new SampleException(file + ": the Body has " + payload.size() + " part(s), operation "
                    + entry.operation() + " returns " + bodyOutputs.size());
        }
        for (Output output : outputs) {
            Element element = output.header() ? headerElement(header, output.name()) : payload.get(bodyOutputs.indexOf(output));
            if (element == null) {
                continue;
            }
            Object value = unmarshal(element, output.type());
            if (output.slot() < 0) {
                returned = value;
            } else {
                holders.put(output.slot(), value);
            }
        }
        return new Answer(returned, holders);
    }

    /**
     * checkHeaders refuses an operation whose sample header blocks the method does not map: CXF
     * would skip an unmapped request block unread and never write an unmapped response block, so
     * the header processing the samples ask for would silently not be measured.
     */
    private static void checkHeaders(Method method, SampleIndex.Entry entry, List<Output> outputs)
            throws SampleException {
        List<QName> inputs = new ArrayList<>();
        for (java.lang.reflect.Parameter parameter : method.getParameters()) {
            WebParam param = parameter.getAnnotation(WebParam.class);
            if (param != null && param.header() && param.mode() != WebParam.Mode.OUT) {
                inputs.add(new QName(param.targetNamespace(), param.name()));
            }
        }
        for (QName block : entry.headersIn()) {
            if (!inputs.contains(block)) {
                throw SampleException.unsupported(entry.operation(), "input SOAP header " + block + " of operation "
                        + entry.operation() + ": the generated method " + method.getName() + " has no header parameter for it");
            }
        }
        for (QName block : entry.headersOut()) {
            if (outputs.stream().noneMatch(o -> o.header() && block.equals(o.name()))) {
                throw SampleException.unsupported(entry.operation(), "output SOAP header " + block + " of operation "
                        + entry.operation() + ": the generated method " + method.getName() + " has no header holder for it");
            }
        }
    }

    private static List<Output> outputs(Method method) {
        List<Output> outputs = new ArrayList<>();
        if (method.getReturnType() != void.class) {
            WebResult result = method.getAnnotation(WebResult.class);
            boolean header = result != null && result.header();
            QName name = result == null ? null : new QName(result.targetNamespace(), result.name());
            outputs.add(new Output(-1, method.getGenericReturnType(), header, name));
        }
        Type[] parameters = method.getGenericParameterTypes();
        for (int i = 0; i < parameters.length; i++) {
            WebParam param = method.getParameters()[i].getAnnotation(WebParam.class);
            boolean out = param != null && param.mode() != WebParam.Mode.IN;
            if (out && parameters[i] instanceof ParameterizedType holder && holder.getRawType() == Holder.class) {
                outputs.add(new Output(i, holder.getActualTypeArguments()[0], param.header(),
                        new QName(param.targetNamespace(), param.name())));
            }
        }
        return outputs;
    }

    static boolean isRpc(Class<?> serviceInterface, Method method) {
        SOAPBinding binding = method.getAnnotation(SOAPBinding.class);
        if (binding == null) {
            binding = serviceInterface.getAnnotation(SOAPBinding.class);
        }
        return binding != null && binding.style() == SOAPBinding.Style.RPC;
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

    private static Element headerElement(Element header, QName name) {
        if (header == null || name == null) {
            return null;
        }
        for (Element element : elements(header)) {
            if (name.getLocalPart().equals(element.getLocalName())
                    && name.getNamespaceURI().equals(element.getNamespaceURI() == null ? "" : element.getNamespaceURI())) {
                return element;
            }
        }
        return null;
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
