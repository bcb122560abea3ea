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
    /** Call is one sample request: the stub method and its request bean. */
    public record Call(String operation, Method stubMethod, Object request) {}

    private SampleRequests() {}

    public static List<Call> bind(Class<?> skeletonInterface, Class<?> stub, Path requestsDir) throws SampleException {
        List<Call> calls = new ArrayList<>();
        for (SampleIndex.Entry entry : SampleIndex.read(requestsDir)) {
            Path file = requestsDir.resolve(entry.request());
            QName element = SampleAnswers.firstBodyElement(file);
            Method skeletonMethod = SampleAnswers.method(skeletonInterface, entry.operation(), element);
            if (skeletonMethod.getParameterCount() != 1) {
                throw new SampleException("operation " + entry.operation() + " does not take one request bean");
            }
            Class<?> requestType = skeletonMethod.getParameterTypes()[0];
            Method stubMethod;
            try {
                stubMethod = stub.getMethod(skeletonMethod.getName(), requestType);
            } catch (NoSuchMethodException e) {
                throw new SampleException("the generated stub " + stub.getName() + " has no method "
                        + skeletonMethod.getName() + "(" + requestType.getSimpleName() + ")");
            }
            calls.add(new Call(entry.operation(), stubMethod, SampleAnswers.parse(file, requestType, entry.operation())));
        }
        if (calls.isEmpty()) {
            throw new SampleException(requestsDir + "/index.json names no requests");
        }
        return calls;
    }
}
