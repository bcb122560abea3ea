package dev.soapbench.jaxws.samples;

import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.ws.Holder;
import java.lang.reflect.Method;
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
        boolean rpc = SampleResponses.isRpc(serviceInterface, method);
        Envelope envelope = Envelope.read(file, rpc, "request");
        Object[] arguments = new Object[method.getParameterCount()];
        List<Element> unbound = new ArrayList<>(envelope.body());
        for (MethodPart part : MethodPart.of(method)) {
            if (part.slot() < 0) {
                continue;
            }
            if (!part.input()) {
                arguments[part.slot()] = new Holder<>();
                continue;
            }
            Element element;
            if (part.isHeader()) {
                element = part.headerBlock(envelope.headers());
            } else {
                // By name, as the server binds its answers: the Body's order need not be the method's.
                element = part.bodyPart(rpc, unbound);
                if (element == null) {
                    throw new SampleException(file + ": the Body has no element for " + part.describe()
                            + " of method " + method.getName());
                }
                unbound.remove(element);
            }
            Object value = element == null ? null : binder.unmarshal(element, part);
            arguments[part.slot()] = part.holder() ? new Holder<>(value) : value;
        }
        return arguments;
    }
}
