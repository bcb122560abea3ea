package dev.soapbench.cxf;

import dev.soapbench.cxf.samples.SampleResponder;
import dev.soapbench.cxf.samples.SampleResponses;
import dev.soapbench.jvmsupport.samples.SampleException;
import jakarta.servlet.ServletConfig;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.apache.cxf.transport.servlet.CXFNonSpringServlet;

/**
 * BenchServlet is CXF's servlet with the build's one endpoint published at {@code /ws}. Its init
 * parameter {@code build} is the build folder; the endpoint and, for the generic implementation,
 * every sample response are bound before the host reports READY.
 */
public final class BenchServlet extends CXFNonSpringServlet {
    public static final String ENDPOINT_ADDRESS = "/ws";

    @Override
    protected void loadBus(ServletConfig config) {
        super.loadBus(config);
        String buildParameter = config.getInitParameter("build");
        if (buildParameter == null) {
            throw new IllegalStateException("init parameter build (the build folder) is missing");
        }
        Path build = Path.of(buildParameter).toAbsolutePath();
        try {
            publish(build, EndpointDescription.read(build), EndpointDescription.mtom(build));
        } catch (IOException | ReflectiveOperationException | SampleException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private void publish(Path build, EndpointDescription endpoint, boolean mtom)
            throws ReflectiveOperationException, SampleException {
        Class<?> serviceInterface = Class.forName(endpoint.serviceInterface());
        Object implementation = endpoint.generic()
                ? SampleResponder.implement(serviceInterface,
                        SampleResponses.bind(serviceInterface, build.resolve(EndpointDescription.SAMPLES_FOLDER)))
                : Class.forName(endpoint.implementation()).getDeclaredConstructor().newInstance();

        JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean();
        factory.setBus(getBus());
        factory.setServiceClass(serviceInterface);
        factory.setServiceBean(implementation);
        factory.setWsdlLocation(build.resolve(endpoint.wsdl()).toUri().toString());
        factory.setServiceName(endpoint.service());
        factory.setEndpointName(endpoint.port());
        factory.setAddress(ENDPOINT_ADDRESS);
        if (mtom) {
            // CXF's own switch: answers become XOP packages whose parts carry every base64Binary
            // value (no threshold), and XOP requests are read as such.
            factory.getProperties(true).put("mtom-enabled", Boolean.TRUE);
        }
        factory.create();
    }
}
