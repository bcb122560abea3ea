package dev.soapbench.springws.build;

import dev.soapbench.jvmsupport.build.BindingPlaces;
import dev.soapbench.jvmsupport.build.BuildFailure;
import dev.soapbench.jvmsupport.build.BuilderArguments;
import dev.soapbench.jvmsupport.build.JavaCompilation;
import dev.soapbench.jvmsupport.build.PortChoice;
import dev.soapbench.jvmsupport.build.SampledPort;
import dev.soapbench.jvmsupport.build.SourceFiles;
import dev.soapbench.jvmsupport.build.WsdlPreflight;
import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.springws.BuildDescription;
import dev.soapbench.springws.samples.SampleBinding;
import dev.soapbench.springws.samples.SampleOperation;
import dev.soapbench.springws.server.DispatchKeys;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.ws.server.endpoint.annotation.Endpoint;

/**
 * Builder turns a build folder prepared by the runner (the bundle in {@code wsdl/}, the samples in
 * {@code samples/}) into a Spring-WS server, contract first: checks of the bundle and its binding,
 * XJC on the WSDL's schemas, javac, and a check that every sample binds to the generated types and
 * that Spring-WS can tell the operations apart. Everything runs in this one JVM, which saves a JVM
 * start and a cold JIT per step.
 *
 * <p>{@code Builder --out DIR --entry FILE [--catalog DIR]}
 */
public final class Builder {
    private static final String CATALOG_PACKAGE = "dev.soapbench.catalog";

    private final Path out;
    private final Path entry;
    private final Path catalog;
    private final PrintStream log = System.out;

    private Builder(BuilderArguments arguments) {
        this.out = arguments.out();
        this.entry = arguments.entry();
        this.catalog = arguments.catalog();
    }

    public static void main(String[] args) {
        BuilderArguments arguments = null;
        try {
            arguments = BuilderArguments.parse(args);
            new Builder(arguments).build();
            System.exit(0);
        } catch (BuildFailure failure) {
            System.out.flush();
            // The reason names files as the user knows them, never by the worker's build folder.
            System.err.println(arguments == null ? failure.line() : failure.line(arguments.bundle(), arguments.out()));
            System.exit(1);
        }
    }

    private void build() throws BuildFailure {
        Path bundle = out.resolve("wsdl");
        Path samples = out.resolve(BuildDescription.SAMPLES_FOLDER);
        WsdlPreflight.check(bundle, entry, "Spring-WS");
        Path entryFile = bundle.resolve(entry);
        SampledPort served = SampledPort.choose(entryFile, SampledPort.samples(samples));
        PortChoice port = served.port();
        Set<String> operations = served.operations();
        log.println("serving port " + port.port() + " of service " + port.service() + " (SOAP " + port.soapVersion() + ")");
        DocumentBinding.check(bundle, entryFile, port, operations);

        Path generated = out.resolve("codegen/src");
        List<String> packages = SchemaCompilation.compile(bundle, entryFile, generated, log);
        if (packages.isEmpty()) {
            throw BuildFailure.unsupported("a WSDL without schema elements (Spring-WS binds each payload by its schema element), in " + entry);
        }
        List<Path> sources = SourceFiles.javaFiles(generated);
        List<Path> catalogSources = catalog == null ? List.of() : SourceFiles.javaFiles(catalog);
        List<Path> all = new ArrayList<>(sources);
        all.addAll(catalogSources);
        Path classes = out.resolve("classes");
        JavaCompilation.compile(all, classes, System.getProperty("java.class.path"), log);

        String contextPath = String.join(":", packages);
        String catalogEndpoints = null;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, Builder.class.getClassLoader())) {
            if (catalog != null) {
                catalogEndpoints = catalogEndpoints(loader);
            } else {
                SampleBinding binding = new SampleBinding(SampleBinding.context(contextPath, loader));
                List<SampleOperation> bound = SampleOperation.readAll(samples, binding);
                DispatchKeys keys = DispatchKeys.of(bound);
                log.println("bound " + bound.size() + " sample operation(s); dispatch by payload root " + keys.byPayloadRoot().keySet()
                        + (keys.bySoapAction().isEmpty() ? "" : ", by SOAP action " + keys.bySoapAction().keySet()));
            }
        } catch (SampleException e) {
            if (e.unsupported()) {
                String place = BindingPlaces.operation(bundle, e.operation());
                throw BuildFailure.unsupported(e.getMessage() + (place == null ? "" : ", in " + place));
            }
            throw BuildFailure.error(e.getMessage());
        } catch (IOException e) {
            throw BuildFailure.error("cannot read the compiled classes: " + e.getMessage());
        }
        try {
            new BuildDescription(contextPath, port.soapVersion(), catalogEndpoints).write(out, port.port().toString());
        } catch (IOException e) {
            throw BuildFailure.error("cannot write the build: " + e.getMessage());
        }
        log.println("endpoints: " + (catalogEndpoints == null ? "the sample responses, one per operation" : catalogEndpoints)
                + "; JAXB context " + contextPath);
    }

    /**
     * The catalog service's {@code @Endpoint} classes, found as Spring's component scan finds them
     * (a catalog service's classes live under {@code dev.soapbench.catalog}); the server registers them.
     */
    private static String catalogEndpoints(ClassLoader loader) throws BuildFailure {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AnnotationTypeFilter(Endpoint.class));
        scanner.setResourceLoader(new DefaultResourceLoader(loader));
        List<String> endpoints = scanner.findCandidateComponents(CATALOG_PACKAGE).stream()
                .map(BeanDefinition::getBeanClassName).sorted().toList();
        if (endpoints.isEmpty()) {
            throw BuildFailure.error("the catalog service has no @Endpoint class under " + CATALOG_PACKAGE);
        }
        return String.join(",", endpoints);
    }

}
