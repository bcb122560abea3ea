package dev.soapbench.metro.samples;

import dev.soapbench.jaxws.samples.SampleResponses;
import jakarta.xml.ws.WebServiceException;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;

/**
 * SampleResponder holds the answers of the generic implementation: each operation's sample
 * response, bound once into the generated types. The generated endpoint class calls
 * {@link #answer} from every method; the servlet installs the answers before it publishes.
 */
public final class SampleResponder {
    private static volatile Map<String, SampleResponses.Answer> answers = Map.of();

    private SampleResponder() {}

    /** install makes the bound answers of a service interface the ones the endpoint gives. */
    public static void install(Class<?> serviceInterface, Map<Method, SampleResponses.Answer> bound) {
        Map<String, SampleResponses.Answer> byOperation = new HashMap<>();
        SampleResponses.operations(serviceInterface).forEach((operation, method) -> {
            SampleResponses.Answer answer = bound.get(method);
            if (answer != null) {
                byOperation.put(operation, answer);
            }
        });
        answers = Map.copyOf(byOperation);
    }

    /** answer fills the operation's out holders and returns its return value. */
    public static Object answer(String operation, Object[] args) {
        SampleResponses.Answer answer = answers.get(operation);
        if (answer == null) {
            throw new WebServiceException("no sample response for operation " + operation);
        }
        return answer.give(args);
    }
}
