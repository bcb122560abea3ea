package dev.soapbench.axis2.samples;

import dev.soapbench.axis2.headers.SampleHeaders;
import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;

/**
 * SampleRequests parses the sample requests of a requests folder (the samples layout) into the
 * generated ADB request beans, once, for the native client, and pairs each with the method of the
 * generated client stub that sends it. The stub takes the operation's input header parts as
 * parameters after the Body's bean; each is parsed from the sample request's header block of its
 * element (the n-th parameter of an element from that element's n-th block).
 */
public final class SampleRequests {
    /**
     * Call is one sample request: the stub method and its arguments, the request bean (none for an
     * empty request Body) and then the header beans.
     */
    public record Call(String operation, Method stubMethod, List<Object> argumentList) {
        public Object[] arguments() {
            return argumentList.toArray();
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
            Method stubMethod = stubMethod(stub, skeletonMethod.getName(), requestTypes);
            List<Object> arguments = new ArrayList<>();
            if (requestTypes.length == 1) {
                arguments.add(SampleAnswers.parse(file, requestTypes[0], entry.operation()));
            }
            Class<?>[] stubTypes = stubMethod.getParameterTypes();
            List<QName> blocks = SampleHeaders.headerBlocks(file);
            Map<QName, Integer> used = new HashMap<>();
            for (int i = requestTypes.length; i < stubTypes.length; i++) {
                QName header = SampleAnswers.elementName(stubTypes[i]);
                int occurrence = used.merge(header, 1, Integer::sum) - 1;
                int index = nthIndex(blocks, header, occurrence);
                if (index < 0) {
                    throw new SampleException("sample " + file.getFileName() + " of operation " + entry.operation()
                            + " has no SOAP header block " + header + " for the stub's parameter " + stubTypes[i].getSimpleName());
                }
                arguments.add(SampleHeaders.parseBlock(file, index, SampleAnswers.factoryParse(stubTypes[i], entry.operation()),
                        entry.operation()));
            }
            calls.add(new Call(entry.operation(), stubMethod, arguments));
        }
        if (calls.isEmpty()) {
            throw new SampleException(requestsDir + "/index.json names no requests");
        }
        return calls;
    }

    /**
     * stubMethod finds the stub's method of the skeleton method's name that takes the request bean
     * (if any) and then only ADB element beans: the input header parts.
     */
    private static Method stubMethod(Class<?> stub, String name, Class<?>[] requestTypes) throws SampleException {
        for (Method method : stub.getMethods()) {
            Class<?>[] types = method.getParameterTypes();
            if (!method.getName().equals(name) || types.length < requestTypes.length
                    || !Arrays.equals(Arrays.copyOf(types, requestTypes.length), requestTypes)) {
                continue;
            }
            boolean headersOnly = true;
            for (int i = requestTypes.length; i < types.length; i++) {
                headersOnly &= SampleAnswers.elementName(types[i]) != null;
            }
            if (headersOnly) {
                return method;
            }
        }
        throw new SampleException("the generated stub " + stub.getSimpleName() + " has no method " + name + "("
                + (requestTypes.length == 0 ? "" : requestTypes[0].getSimpleName() + ", ") + "header beans...)");
    }

    private static int nthIndex(List<QName> blocks, QName element, int occurrence) {
        int seen = 0;
        for (int i = 0; i < blocks.size(); i++) {
            if (blocks.get(i).equals(element) && seen++ == occurrence) {
                return i;
            }
        }
        return -1;
    }
}
