package dev.soapbench.jaxws;

import dev.soapbench.jaxws.samples.SampleResponses;
import dev.soapbench.jvmsupport.samples.SampleException;
import jakarta.servlet.ServletConfig;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Map;

/**
 * ServedEndpoint is what a stack's servlet publishes, read from the build folder its init parameter
 * {@code build} names: the endpoint description, the loaded service interface and, for the generic
 * implementation, every sample response bound into the generated types. All of it is read and bound
 * in the servlet's init, so a broken build stops {@code serve} before the host reports READY.
 */
public record ServedEndpoint(
        Path build, EndpointDescription description, boolean mtom, Class<?> serviceInterface,
        Map<Method, SampleResponses.Answer> answers) {

    /** of reads the build the servlet's init parameter names; answers is empty unless the implementation is generic. */
    public static ServedEndpoint of(ServletConfig config) throws IOException, ReflectiveOperationException, SampleException {
        String buildParameter = config.getInitParameter("build");
        if (buildParameter == null) {
            throw new IOException("init parameter build (the build folder) is missing");
        }
        Path build = Path.of(buildParameter).toAbsolutePath();
        EndpointDescription description = EndpointDescription.read(build);
        Class<?> serviceInterface = Class.forName(description.serviceInterface());
        Map<Method, SampleResponses.Answer> answers = description.generic()
                ? SampleResponses.bind(serviceInterface, build.resolve(EndpointDescription.SAMPLES_FOLDER))
                : Map.of();
        return new ServedEndpoint(build, description, EndpointDescription.mtom(build), serviceInterface, answers);
    }

    /** newImplementation creates the class the build named (a catalog service's, or the generated generic one). */
    public Object newImplementation() throws ReflectiveOperationException {
        if (description.implementation() == null) {
            throw new ClassNotFoundException("the build names no implementation class for " + description.serviceInterface());
        }
        return Class.forName(description.implementation()).getDeclaredConstructor().newInstance();
    }

    /** wsdl is the build's copy of the entry WSDL. */
    public Path wsdl() {
        return build.resolve(description.wsdl());
    }
}
