package dev.soapbench.metro.build;

import com.sun.tools.ws.wscompile.WsimportTool;
import dev.soapbench.jvmsupport.build.BindingPlaces;
import dev.soapbench.jvmsupport.build.BuildFailure;
import dev.soapbench.jvmsupport.build.JavaCompilation;
import dev.soapbench.jvmsupport.build.PortChoice;
import dev.soapbench.jvmsupport.build.WsdlPreflight;
import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import dev.soapbench.metro.EndpointDescription;
import dev.soapbench.metro.samples.SampleResponses;
import jakarta.xml.ws.WebEndpoint;
import jakarta.xml.ws.WebServiceClient;
import java.io.ByteArrayOutputStream;
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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.namespace.QName;

/**
 * Builder turns a build folder prepared by the runner (the bundle in {@code wsdl/}, the samples in
 * {@code samples/}) into a server: wsimport with wrapper style off, javac, the generic endpoint
 * class, and a check that every sample response binds. Everything runs in this one JVM, which
 * saves a JVM start and a cold JIT per step.
 *
 * <p>{@code Builder --out DIR --entry FILE [--catalog DIR]}
 */
public final class Builder {
    private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;.*");
    /** The customisation namespace of this JAX-WS line; prepare rewrites it for the javax line. */
    private static final String JAXWS_BINDINGS_NS = "https://jakarta.ee/xml/ns/jaxws";

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
        Builder builder = null;
        try {
            builder = parse(args);
            builder.build();
            System.exit(0);
        } catch (BuildFailure failure) {
            System.out.flush();
            // The reason names files as the user knows them, never by the worker's build folder.
            System.err.println(builder == null ? failure.line() : failure.line(builder.out.resolve("wsdl"), builder.out));
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
        Map<String, IgnoredOperations.Ignored> ignored = IgnoredOperations.read(generate(entryFile, generated, port));

        List<Path> sources = javaFiles(generated);
        List<Path> catalogSources = catalog == null ? List.of() : javaFiles(catalog);
        List<Path> all = new ArrayList<>(sources);
        all.addAll(catalogSources);
        Path classes = out.resolve("classes");
        String classpath = System.getProperty("java.class.path");
        JavaCompilation.compile(all, classes, classpath, log);

        String implementation;
        Class<?> serviceInterface;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, Builder.class.getClassLoader())) {
            try {
                serviceInterface = serviceInterface(loader, classNames(sources), port);
            } catch (BuildFailure noInterface) {
                // A port whose every operation wsimport skipped gets no interface at all.
                refuseIgnored(operations, ignored, Set.of(), entryFile);
                throw noInterface;
            }
            refuseIgnored(operations, ignored, SampleResponses.operations(serviceInterface).keySet(), entryFile);
            if (catalog != null) {
                implementation = implementation(loader, classNames(catalogSources), serviceInterface);
            } else {
                int answered = SampleResponses.bind(serviceInterface, samples).size();
                log.println("bound " + answered + " sample response(s) to " + serviceInterface.getName());
                implementation = null;
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
        boolean generic = implementation == null;
        if (generic) {
            implementation = writeGenericEndpoint(serviceInterface, port, classes, classpath);
        }
        try {
            new EndpointDescription(serviceInterface.getName(), port.service(), port.port(),
                    out.relativize(entryFile).toString(), port.soapVersion(), implementation, generic).write(out);
        } catch (IOException e) {
            throw BuildFailure.error("cannot write the build: " + e.getMessage());
        }
        log.println("endpoint: " + serviceInterface.getName() + " implemented by " + implementation);
    }

    /** The generic implementation is a real endpoint class, as Metro requires one, that answers from the samples. */
    private String writeGenericEndpoint(Class<?> serviceInterface, PortChoice port, Path classes, String classpath)
            throws BuildFailure {
        Path source = out.resolve("codegen/endpoint/" + GenericEndpointSource.CLASS_NAME.replace('.', '/') + ".java");
        try {
            Files.createDirectories(source.getParent());
            Files.writeString(source, GenericEndpointSource.of(serviceInterface, port.service(), port.port()),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw BuildFailure.error("cannot write " + source + ": " + e.getMessage());
        }
        JavaCompilation.compile(List.of(source), classes, classes + java.io.File.pathSeparator + classpath, log);
        return GenericEndpointSource.CLASS_NAME;
    }

    private List<SampleIndex.Entry> readSamples(Path samples) throws BuildFailure {
        try {
            return SampleIndex.read(samples);
        } catch (SampleException e) {
            throw BuildFailure.error(e.getMessage());
        }
    }

    /**
     * refuseIgnored refuses a sample operation wsimport left out of the service interface (whose
     * operations are {@code generated}), with wsimport's reason and the place it names (else the
     * binding operation's).
     */
    private void refuseIgnored(Set<String> operations, Map<String, IgnoredOperations.Ignored> ignored,
            Set<String> generated, Path entryFile) throws BuildFailure {
        for (String operation : operations) {
            IgnoredOperations.Ignored why = ignored.get(operation);
            if (why == null || generated.contains(operation)) {
                continue;
            }
            String place = why.place() != null ? relative(why.place(), entryFile)
                    : BindingPlaces.operation(out.resolve("wsdl"), operation);
            throw BuildFailure.unsupported("operation " + operation + ": wsimport leaves it out of the service interface ("
                    + why.reason() + ")" + (place == null ? "" : ", in " + place));
        }
    }

    /** generate runs wsimport and returns what it printed. */
    private String generate(Path entryFile, Path generated, PortChoice port) throws BuildFailure {
        Path bindings = out.resolve("codegen/jaxws-bindings.xml");
        Path scratch = out.resolve("codegen/wsimport-classes");
        Path input = wsimportInput(entryFile, port);
        try {
            Files.createDirectories(generated);
            Files.createDirectories(scratch);
            // Wrapper style off: each method takes the request element's type and returns the
            // response element's, so a whole sample response binds into one generated object.
            Files.writeString(bindings, """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <jaxws:bindings xmlns:jaxws="%s" wsdlLocation="%s">
                      <jaxws:enableWrapperStyle>false</jaxws:enableWrapperStyle>
                    </jaxws:bindings>
                    """.formatted(JAXWS_BINDINGS_NS, xmlAttribute(input.toUri().toASCIIString())), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw BuildFailure.error("cannot write to " + out + ": " + e.getMessage());
        }
        String[] arguments = {
            "-d", scratch.toString(),
            "-s", generated.toString(),
            "-Xnocompile",
            "-keep",
            "-extension",
            "-b", bindings.toUri().toString(),
            "-B-XautoNameResolution",
            // Header parts of messages other than the operation's own become header parameters
            // too, so every header the binding declares is parsed and written through JAXB.
            "-XadditionalHeaders",
            "-encoding", "UTF-8",
            "-verbose",
            input.toUri().toString()
        };
        log.println("wsimport " + String.join(" ", arguments));
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        boolean generatedOk;
        Exception thrown = null;
        try {
            generatedOk = new WsimportTool(output).run(arguments);
        } catch (Exception e) {
            // wsimport reports the WSDL's errors to its output and then may throw an exception
            // without a message (an AbortException): the reason is its first error.
            generatedOk = false;
            thrown = e;
        }
        // The copy's lines are the entry's, so its messages are the entry's.
        String copyName = entryFile.getFileName() + PublishedServiceCopy.SUFFIX;
        String text = output.toString(StandardCharsets.UTF_8).replace(copyName, entryFile.getFileName().toString());
        log.print(text);
        if (!generatedOk) {
            String message = relative(firstError(text, thrown), entryFile);
            if (message.contains("rpc/encoded")) {
                throw BuildFailure.unsupported("wsimport: " + message);
            }
            throw BuildFailure.error("wsimport: " + message);
        }
        return text;
    }

    /** wsimportInput is the WSDL wsimport reads: the entry, or its copy with only the published service. */
    private Path wsimportInput(Path entryFile, PortChoice port) throws BuildFailure {
        Path copy = PublishedServiceCopy.write(entryFile, port.service(), port.port());
        if (copy == null) {
            return entryFile;
        }
        log.println("wsimport reads " + copy.getFileName() + ": other services of " + entryFile.getFileName()
                + " bind port " + port.port().getLocalPart() + "'s port type through other bindings");
        return copy;
    }

    private static final Pattern ERROR_PLACE = Pattern.compile("^\\s*line (\\d+) of (\\S+)\\s*$");

    /**
     * firstError is wsimport's first {@code [ERROR]} with its place ({@code line N of URI} on the
     * next line) as {@code FILE:N}, else the thrown exception's message, else a pointer to the log.
     */
    static String firstError(String output, Exception thrown) {
        List<String> lines = output.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("[ERROR]")) {
                continue;
            }
            String message = lines.get(i).replaceFirst("^\\[ERROR\\]\\s*", "").trim();
            Matcher place = i + 1 < lines.size() ? ERROR_PLACE.matcher(lines.get(i + 1)) : null;
            if (place != null && place.matches()) {
                return message + ", in " + place.group(2) + ":" + place.group(1);
            }
            String detail = i + 1 < lines.size() && !lines.get(i + 1).startsWith("[") ? lines.get(i + 1).trim() : "";
            return message + (detail.isEmpty() ? "" : " (" + detail + ")");
        }
        if (thrown != null && thrown.getMessage() != null) {
            return thrown.getMessage();
        }
        return thrown == null ? "failed, see the build log" : thrown.getClass().getSimpleName() + " (see the build log)";
    }

    /** Says where in the bundle, as the user knows it, not where the build copied it. */
    private static String relative(String message, Path entryFile) {
        return message.replace(entryFile.getParent().toUri().toString(), "")
                .replace("file:" + entryFile.getParent() + "/", "")
                .replace(entryFile.getParent() + "/", "");
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
        throw BuildFailure.error("wsimport generated no service interface for port " + port.port());
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
