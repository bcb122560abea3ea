package dev.soapbench.metro.samples;

import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import jakarta.jws.WebParam;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.ws.Holder;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.w3c.dom.Element;

/**
 * SampleRequests binds the sample requests of a requests folder (the samples layout) into the
 * arguments of the generated service interface's methods, for the native client: the request
 * objects are built once and sent, through the generated client, in the index's order.
 */
public final class SampleRequests {
    /** Call is one sample request: the method and its bound arguments. */
    public record Call(String operation, Method method, Object[] arguments) {
        /** arguments returns the arguments for one invocation: fresh holders, shared request objects. */
        public Object[] freshArguments() {
            Object[] copy = arguments.clone();
            for (int i = 0; i < copy.length; i++) {
                if (copy[i] instanceof Holder<?> holder) {
                    copy[i] = new Holder<>(holder.value);
                }
            }
            return copy;
        }
    }

    private SampleRequests() {}

    public static List<Call> bind(Class<?> serviceInterface, Path requestsDir) throws SampleException {
        Map<String, Method> methods = SampleResponses.operations(serviceInterface);
        SampleResponses binder = new SampleResponses();
        List<Call> calls = new ArrayList<>();
        for (SampleIndex.Entry entry : SampleIndex.read(requestsDir)) {
            Method method = methods.get(entry.operation());
            if (method == null) {
                throw new SampleException("operation " + entry.operation() + " of the requests is not in "
                        + serviceInterface.getName() + " (operations: " + methods.keySet() + ")");
            }
            Path file = requestsDir.resolve(entry.request());
            try {
                calls.add(new Call(entry.operation(), method, arguments(binder, serviceInterface, method, file)));
            } catch (JAXBException e) {
                throw new SampleException("sample request " + entry.request() + " of operation " + entry.operation()
                        + " does not bind to the generated types: " + SampleResponses.describe(e));
            }
        }
        if (calls.isEmpty()) {
            throw new SampleException(requestsDir + "/index.json names no requests");
        }
        return calls;
    }

    private static Object[] arguments(SampleResponses binder, Class<?> serviceInterface, Method method, Path file)
            throws SampleException, JAXBException {
        Element envelope = SampleResponses.parse(file).getDocumentElement();
        Element body = SampleResponses.child(envelope, "Body");
        if (body == null) {
            throw new SampleException(file + ": no SOAP Body");
        }
        List<Element> payload = SampleResponses.elements(body);
        if (SampleResponses.isRpc(serviceInterface, method)) {
            if (payload.size() != 1) {
                throw new SampleException(file + ": an rpc request has exactly one element in its Body");
            }
            payload = SampleResponses.elements(payload.get(0));
        }
        Element header = SampleResponses.child(envelope, "Header");
        List<Element> headers = header == null ? List.of() : SampleResponses.elements(header);
        Type[] types = method.getGenericParameterTypes();
        Object[] arguments = new Object[types.length];
        int bodyPart = 0;
        for (int i = 0; i < types.length; i++) {
            WebParam param = method.getParameters()[i].getAnnotation(WebParam.class);
            boolean holder = types[i] instanceof ParameterizedType p && p.getRawType() == Holder.class;
            Type valueType = holder ? ((ParameterizedType) types[i]).getActualTypeArguments()[0] : types[i];
            if (param != null && param.mode() == WebParam.Mode.OUT) {
                arguments[i] = new Holder<>();
                continue;
            }
            Element element = param != null && param.header() ? named(headers, param) : null;
            if (element == null && !(param != null && param.header())) {
                if (bodyPart >= payload.size()) {
                    throw new SampleException(file + ": the Body has " + payload.size() + " part(s), operation "
                            + method.getName() + " takes more");
                }
                element = payload.get(bodyPart++);
            }
            Object value = element == null ? null : binder.unmarshal(element, valueType);
            arguments[i] = holder ? new Holder<>(value) : value;
        }
        return arguments;
    }

    private static Element named(List<Element> elements, WebParam param) {
        for (Element element : elements) {
            String ns = element.getNamespaceURI() == null ? "" : element.getNamespaceURI();
            if (param.name().equals(element.getLocalName()) && param.targetNamespace().equals(ns)) {
                return element;
            }
        }
        return null;
    }
}
