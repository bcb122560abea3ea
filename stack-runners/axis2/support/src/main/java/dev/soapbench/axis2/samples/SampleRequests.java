package dev.soapbench.axis2.samples;

import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;

/**
 * SampleRequests parses the sample requests of a requests folder (the samples layout) into the
 * generated ADB request beans, once, for the native client, and pairs each with the method of the
 * generated client stub that sends it.
 */
public final class SampleRequests {
    /** Call is one sample request: the stub method and its request bean (none for an empty request Body). */
    public record Call(String operation, Method stubMethod, Object request) {
        public Object[] arguments() {
            return stubMethod.getParameterCount() == 0 ? new Object[0] : new Object[] {request};
        }
    }

    private SampleRequests() {}

    public static List<Call> bind(Class<?> skeletonInterface, Class<?> stub, Path requestsDir) throws SampleException {
        List<Call> calls = new ArrayList<>();
        for (SampleIndex.Entry entry : SampleIndex.read(requestsDir)) {
            Path file = requestsDir.resolve(entry.request());
            QName element = SampleAnswers.firstBodyElement(file);
            Method skeletonMethod = SampleAnswers.method(skeletonInterface, entry.operation(), element);
            if (skeletonMethod.getParameterCount() > 1) {
                throw new SampleException("operation " + entry.operation() + " does not take one request bean");
            }
            // An input message without parts: the stub's method takes nothing and sends an empty Body.
            Class<?>[] requestTypes = skeletonMethod.getParameterTypes();
            Method stubMethod;
            try {
                stubMethod = stub.getMethod(skeletonMethod.getName(), requestTypes);
            } catch (NoSuchMethodException e) {
                throw new SampleException("the generated stub " + stub.getSimpleName() + " has no method "
                        + skeletonMethod.getName() + "(" + (requestTypes.length == 0 ? "" : requestTypes[0].getSimpleName()) + ")");
            }
            Object request = requestTypes.length == 0 ? null : SampleAnswers.parse(file, requestTypes[0], entry.operation());
            calls.add(new Call(entry.operation(), stubMethod, request));
        }
        if (calls.isEmpty()) {
            throw new SampleException(requestsDir + "/index.json names no requests");
        }
        return calls;
    }
}
