package dev.soapbench.metro;

import com.sun.xml.ws.api.BindingID;
import com.sun.xml.ws.api.WSBinding;
import com.sun.xml.ws.api.server.InstanceResolver;
import com.sun.xml.ws.api.server.SDDocumentSource;
import com.sun.xml.ws.api.server.WSEndpoint;
import com.sun.xml.ws.transport.http.servlet.ServletAdapterList;
import com.sun.xml.ws.transport.http.servlet.WSServletDelegate;
import dev.soapbench.jaxws.EndpointDescription;
import dev.soapbench.jaxws.ServedEndpoint;
import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.metro.samples.SampleResponder;
import dev.soapbench.metro.security.WsitHome;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.xml.ws.soap.MTOMFeature;
import java.io.IOException;
import java.net.MalformedURLException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * BenchServlet serves the build's one endpoint at {@code /ws} through the JAX-WS RI's own servlet
 * machinery (the adapter list and delegate behind Metro's {@code WSServlet}), without a
 * {@code sun-jaxws.xml}: the endpoint is created from the build's WSDL copy, so the binding, SOAP
 * version and SOAP actions are the WSDL's. Its init parameter {@code build} is the build folder;
 * the endpoint and, for the generic implementation, every sample response are bound in init.
 */
public final class BenchServlet extends HttpServlet {
    public static final String ENDPOINT_ADDRESS = "/ws";

    private transient WSServletDelegate delegate;

    @Override
    public void init(ServletConfig config) throws ServletException {
        super.init(config);
        try {
            WSEndpoint<?> endpoint = endpoint(ServedEndpoint.of(config));
            ServletAdapterList adapters = new ServletAdapterList(config.getServletContext());
            adapters.createAdapter("endpoint", ENDPOINT_ADDRESS, endpoint);
            delegate = new WSServletDelegate(adapters, config.getServletContext());
        } catch (IOException | ReflectiveOperationException | SampleException e) {
            throw new ServletException(e.getMessage(), e);
        }
    }

    private static WSEndpoint<?> endpoint(ServedEndpoint served) throws IOException, ReflectiveOperationException {
        EndpointDescription endpoint = served.description();
        if (endpoint.generic()) {
            // The generated endpoint class hands every call to SampleResponder.
            SampleResponder.install(served.serviceInterface(), served.answers());
        }
        // A secured build's policy names its key stores under $WSIT_HOME (the build folder).
        WsitHome.use(served.build());
        Object implementation = served.newImplementation();
        Path wsdl = served.wsdl();
        // Typed as BindingID: in Metro 2.3 the constants' own classes are not public.
        BindingID bindingId = "1.2".equals(endpoint.soapVersion()) ? BindingID.SOAP12_HTTP : BindingID.SOAP11_HTTP;
        // MTOMFeature's threshold is 0: every base64Binary value travels as a part.
        WSBinding binding = served.mtom()
                ? bindingId.createBinding(new MTOMFeature(true))
                : bindingId.createBinding();
        return create(implementation.getClass(), implementation, endpoint, binding, wsdl, metadata(served.build().resolve("wsdl"), wsdl));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static WSEndpoint<?> create(Class type, Object implementation, EndpointDescription endpoint,
            WSBinding binding, Path wsdl, List<SDDocumentSource> metadata) throws MalformedURLException {
        return WSEndpoint.create(type, false, InstanceResolver.createSingleton(implementation).createInvoker(),
                endpoint.service(), endpoint.port(), null, binding,
                SDDocumentSource.create(wsdl.toUri().toURL()), metadata, null, true);
    }

    /** Every other WSDL and schema of the bundle, so imports resolve and {@code ?wsdl} serves them. */
    private static List<SDDocumentSource> metadata(Path bundle, Path primary) throws IOException {
        List<SDDocumentSource> documents = new ArrayList<>();
        try (Stream<Path> files = Files.walk(bundle)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = file.getFileName().toString().toLowerCase();
                if (!file.equals(primary) && (name.endsWith(".wsdl") || name.endsWith(".xsd"))) {
                    documents.add(SDDocumentSource.create(file.toUri().toURL()));
                }
            }
        }
        return documents;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException {
        delegate.doPost(request, response, getServletContext());
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException {
        delegate.doGet(request, response, getServletContext());
    }

    @Override
    public void destroy() {
        if (delegate != null) {
            delegate.destroy();
        }
    }
}
