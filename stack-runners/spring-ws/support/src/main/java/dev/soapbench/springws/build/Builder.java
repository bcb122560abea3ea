package dev.soapbench.springws.build;

import dev.soapbench.jvmsupport.build.BindingPlaces;
import dev.soapbench.jvmsupport.build.BuildFailure;
import dev.soapbench.jvmsupport.build.JavaCompilation;
import dev.soapbench.jvmsupport.build.PortChoice;
import dev.soapbench.jvmsupport.build.WsdlPreflight;
import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import dev.soapbench.springws.BuildDescription;
import dev.soapbench.springws.samples.SampleBinding;
import dev.soapbench.springws.samples.SampleOperation;
import dev.soapbench.springws.server.DispatchKeys;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
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

    private Builder(Path out, Path entry, Path catalog) {
        this.out = out.toAbsolutePath();
        this.entry = entry;
        this.catalog = catalog == null ? null : catalog.toAbsolutePath();
    }

    public static void main(String[] args) {
        Path bundle = null;
        Path out = null;
        try {
            Builder builder = parse(args);
            out = builder.out;
            bundle = out.resolve("wsdl");
            builder.build();
            System.exit(0);
        } catch (BuildFailure failure) {
            System.out.flush();
            System.err.println(failure.line(bundle, out));
            System.exit(1);
        }
    }

    private static Builder parse(String[] args) throws BuildFailure {
        Path out = null;
        Path entry = null;
        Path catalog = null;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--out" -> out = Path.of(args[i + 1]);
                case "--entry" -> entry = Path.of(args[i + 1]);
                case "--catalog" -> catalog = Path.of(args[i + 1]);
                default -> throw BuildFailure.error("builder: unknown argument " + args[i]);
            }
        }
        if (out == null || entry == null || args.length % 2 != 0) {
            throw BuildFailure.error("builder: usage: --out DIR --entry FILE [--catalog DIR]");
        }
        return new Builder(out, entry, catalog);
    }

    private void build() throws BuildFailure {
        Path bundle = out.resolve("wsdl");
        Path samples = out.resolve(BuildDescription.SAMPLES_FOLDER);
        WsdlPreflight.check(bundle, entry, "Spring-WS");
        List<SampleIndex.Entry> sampleEntries = readIndex(samples);

        Set<String> operations = new LinkedHashSet<>();
        sampleEntries.forEach(e -> operations.add(e.operation()));
        String soapVersion = sampleEntries.isEmpty() ? "1.1" : sampleEntries.get(0).soapVersion();
        Path entryFile = bundle.resolve(entry);
        PortChoice port = PortChoice.choose(entryFile.toUri().toString(), operations, soapVersion);
        log.println("serving port " + port.port() + " of service " + port.service() + " (SOAP " + port.soapVersion() + ")");
        DocumentBinding.check(bundle, entryFile, port, operations);

        Path generated = out.resolve("codegen/src");
        List<String> packages = SchemaCompilation.compile(bundle, entryFile, generated, log);
        if (packages.isEmpty()) {
            throw BuildFailure.unsupported("a WSDL without schema elements (Spring-WS binds each payload by its schema element), in " + entry);
        }
        List<Path> sources = javaFiles(generated);
        List<Path> catalogSources = catalog == null ? List.of() : javaFiles(catalog);
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

    private static List<SampleIndex.Entry> readIndex(Path samples) throws BuildFailure {
        try {
            return SampleIndex.read(samples);
        } catch (SampleException e) {
            throw BuildFailure.error(e.getMessage());
        }
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

    private static List<Path> javaFiles(Path root) throws BuildFailure {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw BuildFailure.error("cannot list sources in " + root + ": " + e.getMessage());
        }
    }
}
