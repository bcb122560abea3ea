package dev.soapbench.springws.server;

import dev.soapbench.springws.BuildDescription;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.springframework.web.context.ConfigurableWebApplicationContext;
import org.springframework.web.context.support.AnnotationConfigWebApplicationContext;
import org.springframework.ws.transport.http.MessageDispatcherServlet;

/**
 * BenchServlet is Spring-WS's MessageDispatcherServlet serving one build (init parameter
 * {@code build}), wired in code rather than by Spring Boot or XML: {@link ServerConfiguration},
 * either the catalog service's {@code @Endpoint} classes or the generic {@link SampleEndpoints},
 * and for a secured build {@link SecurityConfiguration}.
 */
public class BenchServlet extends MessageDispatcherServlet {

    public BenchServlet() {
        setContextClass(AnnotationConfigWebApplicationContext.class);
    }

    @Override
    protected void postProcessWebApplicationContext(ConfigurableWebApplicationContext context) {
        Path folder = Path.of(getServletConfig().getInitParameter("build"));
        BuildDescription description;
        try {
            description = BuildDescription.read(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the build: " + e.getMessage(), e);
        }
        BuildFolder build = new BuildFolder(folder, description);
        context.addBeanFactoryPostProcessor(factory -> factory.registerSingleton("buildFolder", build));
        AnnotationConfigWebApplicationContext annotated = (AnnotationConfigWebApplicationContext) context;
        annotated.register(ServerConfiguration.class);
        if (description.secured()) {
            annotated.register(SecurityConfiguration.class);
        }
        if (description.generic()) {
            annotated.register(SampleEndpoints.class);
        } else {
            for (String endpoint : description.catalogEndpoints().split(",")) {
                annotated.register(endpointClass(endpoint));
            }
        }
    }

    private static Class<?> endpointClass(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the build's catalog endpoint " + name + " is not on the classpath", e);
        }
    }
}
