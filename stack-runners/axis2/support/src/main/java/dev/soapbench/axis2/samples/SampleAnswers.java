package dev.soapbench.axis2.samples;

import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.jvmsupport.samples.SampleXml;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * SampleAnswers is the generic implementation of a generated ADB skeleton interface: every
 * operation returns its sample response, parsed once into the generated ADB bean with the bean's
 * own {@code Factory.parse}, and serialised by Axis2 from that bean for every request.
 */
public final class SampleAnswers {
    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    private static final XMLInputFactory XML = SampleXml.inputFactory();

    private static volatile Object implementation;

    private SampleAnswers() {}

    /** bind parses every sample response of the samples folder into its method's return type. */
    public static Map<Method, Object> bind(Class<?> skeletonInterface, Path samplesDir) throws SampleException {
        Map<Method, Object> answers = new LinkedHashMap<>();
        for (SampleIndex.Entry entry : SampleIndex.read(samplesDir)) {
            // null for an empty Body: an input message without parts
            QName requestElement = firstBodyElement(samplesDir.resolve(entry.request()));
            Method method = method(skeletonInterface, entry.operation(), requestElement);
            if (method.getReturnType() == void.class) {
                answers.put(method, null);
                continue;
            }
            if (entry.response() == null) {
                throw new SampleException("operation " + entry.operation() + " returns a message but the samples have no response");
            }
            answers.put(method, parse(samplesDir.resolve(entry.response()), method.getReturnType(), entry.operation()));
        }
        return answers;
    }

    /** install makes an object implementing the skeleton interface from the bound answers. */
    public static void install(Class<?> skeletonInterface, Map<Method, Object> answers) {
        Map<Method, Object> frozen = Collections.unmodifiableMap(new HashMap<>(answers));
        InvocationHandler handler = (proxy, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> "sample answers for " + skeletonInterface.getName();
                };
            }
            if (!frozen.containsKey(method)) {
                throw new UnsupportedOperationException("no sample response for " + method.getName());
            }
            return frozen.get(method);
        };
        implementation = Proxy.newProxyInstance(skeletonInterface.getClassLoader(), new Class<?>[] {skeletonInterface}, handler);
    }

    /** implementation is the object the service object supplier hands to Axis2's message receivers. */
    public static Object implementation() {
        Object current = implementation;
        if (current == null) {
            throw new IllegalStateException("the sample answers are not installed");
        }
        return current;
    }

    /**
     * method finds the skeleton method of an operation: by its request element, else by name. A
     * request with an empty Body (an input message without parts) has no element: WSDL2Java gives
     * its operation a method without parameters, found by name.
     */
    static Method method(Class<?> skeletonInterface, String operation, QName requestElement) throws SampleException {
        List<Method> byName = new ArrayList<>();
        for (Method method : skeletonInterface.getMethods()) {
            if (requestElement != null && method.getParameterCount() == 1
                    && requestElement.equals(elementName(method.getParameterTypes()[0]))) {
                return method;
            }
            if (normalised(method.getName()).equals(normalised(operation))
                    && (requestElement != null || method.getParameterCount() == 0)) {
                byName.add(method);
            }
        }
        if (byName.size() == 1) {
            return byName.get(0);
        }
        throw new SampleException("operation " + operation + " of the samples ("
                + (requestElement == null ? "an empty request Body" : "request element " + requestElement)
                + ") is not in " + skeletonInterface.getSimpleName());
    }

    private static String normalised(String name) {
        return name.replaceAll("[^A-Za-z0-9]", "").toLowerCase(Locale.ROOT);
    }

    /** elementName is an ADB element bean's element ({@code MY_QNAME}), or null for any other class. */
    static QName elementName(Class<?> bean) {
        try {
            Field field = bean.getField("MY_QNAME");
            return field.get(null) instanceof QName name ? name : null;
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    /** factoryParse is the {@code parse(XMLStreamReader)} method of an ADB bean's generated Factory. */
    static Method factoryParse(Class<?> bean, String operation) throws SampleException {
        try {
            Class<?> factory = Class.forName(bean.getName() + "$Factory", true, bean.getClassLoader());
            return factory.getMethod("parse", XMLStreamReader.class);
        } catch (ReflectiveOperationException e) {
            throw new SampleException("operation " + operation + " uses " + bean.getName() + ", which is not an ADB bean");
        }
    }

    static Object parse(Path file, Class<?> bean, String operation) throws SampleException {
        Method factoryParse = factoryParse(bean, operation);
        try (InputStream in = Files.newInputStream(file)) {
            XMLStreamReader reader = XML.createXMLStreamReader(in);
            if (!moveToPayload(reader, file)) {
                throw new SampleException("sample " + file.getFileName() + " of operation " + operation
                        + " has an empty SOAP Body, but the operation's message is " + bean.getSimpleName());
            }
            return factoryParse.invoke(null, reader);
        } catch (InvocationTargetException e) {
            throw new SampleException("sample " + file.getFileName() + " of operation " + operation
                    + " does not bind to " + bean.getSimpleName() + ": " + SampleXml.rootCause(e.getCause()));
        } catch (IOException | XMLStreamException | IllegalAccessException e) {
            throw new SampleException(file.getFileName() + ": not a well-formed SOAP envelope: " + SampleXml.rootCause(e));
        }
    }

    /** firstBodyElement is the name of the SOAP Body's payload, or null when the Body is empty. */
    static QName firstBodyElement(Path file) throws SampleException {
        try (InputStream in = Files.newInputStream(file)) {
            XMLStreamReader reader = XML.createXMLStreamReader(in);
            return moveToPayload(reader, file) ? reader.getName() : null;
        } catch (IOException | XMLStreamException e) {
            throw new SampleException(file.getFileName() + ": not a well-formed SOAP envelope: " + SampleXml.rootCause(e));
        }
    }

    /**
     * moveToPayload leaves the reader on the first element inside the SOAP Body and answers true,
     * or answers false for an empty Body (a message without parts).
     */
    private static boolean moveToPayload(XMLStreamReader reader, Path file) throws XMLStreamException, SampleException {
        boolean inBody = false;
        while (reader.hasNext()) {
            int event = reader.next();
            if (event == XMLStreamReader.START_ELEMENT) {
                String ns = reader.getNamespaceURI();
                boolean soap = SOAP11.equals(ns) || SOAP12.equals(ns);
                if (inBody) {
                    if (soap && "Fault".equals(reader.getLocalName())) {
                        throw new SampleException(file.getFileName() + ": the sample is a SOAP fault; the generic implementation answers with messages only");
                    }
                    return true;
                }
                inBody = soap && "Body".equals(reader.getLocalName());
            } else if (event == XMLStreamReader.END_ELEMENT && inBody) {
                return false;
            }
        }
        throw new SampleException(file.getFileName() + ": no SOAP Body");
    }
}
