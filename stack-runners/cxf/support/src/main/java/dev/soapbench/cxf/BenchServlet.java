package dev.soapbench.cxf;

import dev.soapbench.cxf.samples.SampleResponder;
import dev.soapbench.cxf.security.SecuritySettings;
import dev.soapbench.jaxws.ServedEndpoint;
import dev.soapbench.jvmsupport.samples.SampleException;
import jakarta.servlet.ServletConfig;
import java.io.IOException;
import java.security.GeneralSecurityException;
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
        try {
            publish(ServedEndpoint.of(config));
        } catch (IOException | GeneralSecurityException | ReflectiveOperationException | SampleException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private void publish(ServedEndpoint endpoint)
            throws IOException, GeneralSecurityException, ReflectiveOperationException {
        // CXF publishes any object implementing the interface, so the generic one is a proxy.
        Object implementation = endpoint.description().generic()
                ? SampleResponder.implement(endpoint.serviceInterface(), endpoint.answers())
                : endpoint.newImplementation();

        JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean();
        factory.setBus(getBus());
        factory.setServiceClass(endpoint.serviceInterface());
        factory.setServiceBean(implementation);
        factory.setWsdlLocation(endpoint.wsdl().toUri().toString());
        factory.setServiceName(endpoint.description().service());
        factory.setEndpointName(endpoint.description().port());
        factory.setAddress(ENDPOINT_ADDRESS);
        if (endpoint.mtom()) {
            // CXF's own switch: answers become XOP packages whose parts carry every base64Binary
            // value (no threshold), and XOP requests are read as such.
            factory.getProperties(true).put("mtom-enabled", Boolean.TRUE);
        }
        SecuritySettings security = SecuritySettings.read(endpoint.build());
        if (security != null) {
            // The mode's policy is in the build's WSDL copy; WSS4J enforces it with these keys,
            // passwords and timestamp TTLs.
            factory.getProperties(true).putAll(security.server());
        }
        factory.create();
    }
}
