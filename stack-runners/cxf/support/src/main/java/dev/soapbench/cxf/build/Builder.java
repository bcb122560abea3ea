package dev.soapbench.cxf.build;

import dev.soapbench.cxf.EndpointDescription;
import dev.soapbench.cxf.samples.SampleResponses;
import dev.soapbench.jvmsupport.build.BindingPlaces;
import dev.soapbench.jvmsupport.build.BuildFailure;
import dev.soapbench.jvmsupport.build.JavaCompilation;
import dev.soapbench.jvmsupport.build.PortChoice;
import dev.soapbench.jvmsupport.build.WsdlPreflight;
import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import jakarta.xml.ws.WebEndpoint;
import jakarta.xml.ws.WebServiceClient;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.namespace.QName;
import org.apache.cxf.tools.common.ToolContext;
import org.apache.cxf.tools.wsdlto.WSDLToJava;

/**
 * Builder turns a build folder prepared by the runner (the bundle in {@code wsdl/}, the samples in
 * {@code samples/}) into a server: WSDLToJava with wrapper style off, javac, and a check that the
 * endpoint can be published. Everything runs in this one JVM, which saves a JVM start and a cold
 * JIT per step.
 *
 * <p>{@code Builder --out DIR --entry FILE [--catalog DIR]}
 */
public final class Builder {
    private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;.*");

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
        try {
            parse(args).build();
            System.exit(0);
        } catch (BuildFailure failure) {
            System.out.flush();
            System.err.println(failure.line());
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
        Path samples = out.resolve(EndpointDescription.SAMPLES_FOLDER);
        WsdlPreflight.check(bundle, entry, "JAX-WS");
        List<SampleIndex.Entry> sampleEntries = readSamples(samples);

        Set<String> operations = new LinkedHashSet<>();
        sampleEntries.forEach(e -> operations.add(e.operation()));
        String soapVersion = sampleEntries.isEmpty() ? "1.1" : sampleEntries.get(0).soapVersion();
        Path entryFile = bundle.resolve(entry);
        PortChoice port = PortChoice.choose(entryFile.toUri().toString(), operations, soapVersion);
        log.println("publishing port " + port.port() + " of service " + port.service() + " (SOAP " + port.soapVersion() + ")");

        Path generated = out.resolve("codegen/src");
        generate(entryFile, generated, port);

        List<Path> sources = javaFiles(generated);
        List<Path> catalogSources = catalog == null ? List.of() : javaFiles(catalog);
        List<Path> all = new ArrayList<>(sources);
        all.addAll(catalogSources);
        Path classes = out.resolve("classes");
        JavaCompilation.compile(all, classes, System.getProperty("java.class.path"), log);

        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, Builder.class.getClassLoader())) {
            Class<?> serviceInterface = serviceInterface(loader, classNames(sources), port);
            String implementation = null;
            if (catalog != null) {
                implementation = implementation(loader, classNames(catalogSources), serviceInterface);
            } else {
                int answered = SampleResponses.bind(serviceInterface, samples).size();
                log.println("bound " + answered + " sample response(s) to " + serviceInterface.getName());
            }
            new EndpointDescription(serviceInterface.getName(), port.service(), port.port(),
                    out.relativize(entryFile).toString(), port.soapVersion(), implementation).write(out);
            log.println("endpoint: " + serviceInterface.getName() + " implemented by "
                    + (implementation == null ? "the sample responses" : implementation));
        } catch (SampleException e) {
            if (e.unsupported()) {
                String place = BindingPlaces.operation(bundle, e.operation());
                throw BuildFailure.unsupported(e.getMessage() + (place == null ? "" : ", in " + place));
            }
            throw BuildFailure.error(e.getMessage());
        } catch (IOException e) {
            throw BuildFailure.error("cannot write the build: " + e.getMessage());
        }
    }

    private List<SampleIndex.Entry> readSamples(Path samples) throws BuildFailure {
        try {
            return SampleIndex.read(samples);
        } catch (SampleException e) {
            throw BuildFailure.error(e.getMessage());
        }
    }

    private void generate(Path entryFile, Path generated, PortChoice port) throws BuildFailure {
        Path bindings = out.resolve("codegen/jaxws-bindings.xml");
        try {
            Files.createDirectories(generated);
            // Wrapper style off: each method takes the request element's type and returns the
            // response element's, so a whole sample response binds into one generated object.
            Files.writeString(bindings, """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <jaxws:bindings xmlns:jaxws="https://jakarta.ee/xml/ns/jaxws" wsdlLocation="%s">
                      <jaxws:enableWrapperStyle>false</jaxws:enableWrapperStyle>
                    </jaxws:bindings>
                    """.formatted(xmlAttribute(entryFile.toUri().toASCIIString())), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw BuildFailure.error("cannot write to " + out + ": " + e.getMessage());
        }
        List<String> arguments = new ArrayList<>(List.of(
            "-d", generated.toString(),
            "-b", bindings.toUri().toString(),
            "-fe", "jaxws",
            "-db", "jaxb",
            "-autoNameResolution",
            "-suppress-generated-date",
            // Header parts of messages other than the operation's own become header parameters
            // too, so every header the binding declares is parsed and written through JAXB.
            "-exsh", "true",
            "-verbose"));
        if (ServiceSelection.canSelect(entryFile, port.service())) {
            arguments.addAll(List.of("-sn", port.service().getLocalPart()));
        }
        arguments.add(entryFile.toUri().toString());
        log.println("WSDLToJava " + String.join(" ", arguments));
        try {
            new WSDLToJava(arguments.toArray(String[]::new)).run(new ToolContext(), log);
        } catch (Exception e) {
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            if (e.getCause() != null && e.getCause().getMessage() != null && !message.contains(e.getCause().getMessage())) {
                message += ": " + e.getCause().getMessage();
            }
            // Say where in the bundle, as the user knows it, not where the build copied it.
            message = message.replace(entryFile.getParent().toUri().toString(), "")
                    .replace("file:" + entryFile.getParent() + "/", "");
            if (message.contains("rpc/encoded")) {
                throw BuildFailure.unsupported("WSDLToJava: " + message);
            }
            throw BuildFailure.error("WSDLToJava: " + message);
        }
    }

    /** The bundle's path, though checked, is escaped where it becomes XML. */
    private static String xmlAttribute(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&apos;");
    }

    private static Class<?> serviceInterface(ClassLoader loader, List<String> generatedClasses, PortChoice port)
            throws BuildFailure {
        for (String name : generatedClasses) {
            Class<?> type = load(loader, name);
            WebServiceClient client = type.getAnnotation(WebServiceClient.class);
            if (client == null || !port.service().equals(new QName(client.targetNamespace(), client.name()))) {
                continue;
            }
            for (Method method : type.getMethods()) {
                WebEndpoint endpoint = method.getAnnotation(WebEndpoint.class);
                if (endpoint != null && endpoint.name().equals(port.port().getLocalPart()) && method.getParameterCount() == 0) {
                    return method.getReturnType();
                }
            }
        }
        throw BuildFailure.error("WSDLToJava generated no service interface for port " + port.port());
    }

    private static String implementation(ClassLoader loader, List<String> catalogClasses, Class<?> serviceInterface)
            throws BuildFailure {
        for (String name : catalogClasses) {
            Class<?> type = load(loader, name);
            if (serviceInterface.isAssignableFrom(type) && !type.isInterface() && !Modifier.isAbstract(type.getModifiers())) {
                return name;
            }
        }
        throw BuildFailure.error("the catalog service has no class implementing " + serviceInterface.getName());
    }

    private static Class<?> load(ClassLoader loader, String name) throws BuildFailure {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw BuildFailure.error("cannot load compiled class " + name + ": " + e.getMessage());
        }
    }

    private static List<Path> javaFiles(Path root) throws BuildFailure {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw BuildFailure.error("cannot list sources in " + root + ": " + e.getMessage());
        }
    }

    private static List<String> classNames(List<Path> sources) throws BuildFailure {
        List<String> names = new ArrayList<>();
        for (Path source : sources) {
            String simpleName = source.getFileName().toString().replaceFirst("\\.java$", "");
            names.add(packageOf(source).map(p -> p + "." + simpleName).orElse(simpleName));
        }
        return names;
    }

    private static Optional<String> packageOf(Path source) throws BuildFailure {
        try (Stream<String> lines = Files.lines(source, StandardCharsets.UTF_8)) {
            return lines.map(PACKAGE::matcher).filter(Matcher::matches).map(m -> m.group(1)).findFirst();
        } catch (IOException | UncheckedIOException e) {
            throw BuildFailure.error("cannot read " + source + ": " + e.getMessage());
        }
    }
}
