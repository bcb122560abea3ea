package dev.soapbench.cxf.samples;

import dev.soapbench.jaxws.samples.SampleResponses;
import jakarta.xml.ws.WebServiceException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;

/**
 * SampleResponder is the generic implementation of a generated service interface: every
 * operation returns its sample response, bound once into the generated types.
 */
public final class SampleResponder implements InvocationHandler {
    private final Class<?> serviceInterface;
    private final Map<Method, SampleResponses.Answer> answers;

    private SampleResponder(Class<?> serviceInterface, Map<Method, SampleResponses.Answer> answers) {
        this.serviceInterface = serviceInterface;
        this.answers = answers;
    }

    /** implement returns an object implementing the interface that answers from the samples. */
    public static Object implement(Class<?> serviceInterface, Map<Method, SampleResponses.Answer> answers) {
        return Proxy.newProxyInstance(serviceInterface.getClassLoader(), new Class<?>[] {serviceInterface},
                new SampleResponder(serviceInterface, answers));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                default -> "sample responder for " + serviceInterface.getName();
            };
        }
        SampleResponses.Answer answer = answers.get(method);
        if (answer == null) {
            throw new WebServiceException("no sample response for " + method.getName());
        }
        return answer.give(args);
    }
}
