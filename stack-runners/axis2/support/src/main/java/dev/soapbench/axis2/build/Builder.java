package dev.soapbench.axis2.build;

import dev.soapbench.axis2.SystemPropertiesFile;
import dev.soapbench.axis2.headers.HeaderBeanIndex;
import dev.soapbench.jvmsupport.build.BindingPlaces;
import dev.soapbench.jvmsupport.build.BuildFailure;
import dev.soapbench.jvmsupport.build.BuilderArguments;
import dev.soapbench.jvmsupport.build.JavaCompilation;
import dev.soapbench.jvmsupport.build.PortChoice;
import dev.soapbench.jvmsupport.build.SampledPort;
import dev.soapbench.jvmsupport.build.SourceFiles;
import dev.soapbench.jvmsupport.build.WsdlPreflight;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.namespace.QName;

/**
 * Builder turns a build folder prepared by the runner (the bundle in {@code wsdl/}, the samples in
 * {@code samples/}) into an Axis2 repository: WSDL2Java (ADB, server side, skeleton interface),
 * javac against the server's runtime, a check that every sample response parses into the
 * generated ADB beans, and {@code repository/} with {@code axis2.xml} and the service's
 * {@code services.xml}. Everything runs in this one JVM, whose classpath holds the code generator;
 * the runtime line is reached through its own class loader, so the two Axis2 versions never meet.
 *
 * <p>{@code Builder --out DIR --entry FILE --runtime-classpath CP [--catalog DIR]}
 */
public final class Builder {
    private static final Pattern DEPLOYABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]{0,254}");
    private static final String SUPPLIER = "dev.soapbench.axis2.SampleServiceSupplier";
    private static final String ADB_CONVERTER = "adb.converterutil";
    private static final String AXIS2_DEFAULTS = "org/apache/axis2/deployment/axis2_default.xml";
    /**
     * The package of the generic implementation's service classes (skeleton, stub, message
     * receiver, fault exceptions), apart from the ADB beans. WSDL2Java names a fault's exception
     * class after its message and puts it in the service's package, which by default is the
     * beans' package too; it checks only for an element of exactly the message's name, so a
     * message {@code insufficientFunds} carrying element {@code InsufficientFunds} wrote both
     * classes to one file. Beans go to packages derived from their namespaces, which WSDL2Java
     * always lowercases (URLProcessor.makePackageName), so a package with a capital letter can
     * never be one of them.
     */
    static final String SERVICE_PACKAGE = "SoapbenchGenerated.service";
    /** The classpath of the Axis2 line the server runs on, which the builder JVM does not hold. */
    private static final String RUNTIME_CLASSPATH = "--runtime-classpath";

    private final Path out;
    private final Path entry;
    private final String runtimeClasspath;
    private final Path catalog;
    private final PrintStream log = System.out;

    private Builder(BuilderArguments arguments) {
        this.out = arguments.out();
        this.entry = arguments.entry();
        this.runtimeClasspath = arguments.option(RUNTIME_CLASSPATH);
        this.catalog = arguments.catalog();
    }

    public static void main(String[] args) {
        BuilderArguments arguments = null;
        try {
            arguments = BuilderArguments.parse(args, RUNTIME_CLASSPATH + " CP");
            new Builder(arguments).build();
            System.exit(0);
        } catch (BuildFailure failure) {
            System.out.flush();
            // The reason names files as the user knows them, never by the worker's build folder.
            System.err.println(arguments == null ? failure.line() : failure.line(arguments.bundle(), arguments.out()));
            System.exit(1);
        }
    }

    /**
     * A catalog implementation implements the generated skeleton interface, whose methods take and
     * return no header parts; only the generic implementation reads and writes header blocks
     * (HeaderReceiverInOut). No catalog service declares headers.
     */
    private static void refuseCatalogHeaders(Path bundle, List<SampleIndex.Entry> entries) throws BuildFailure {
        for (SampleIndex.Entry entry : entries) {
            boolean in = !entry.headersIn().isEmpty();
            if (in || !entry.headersOut().isEmpty()) {
                String place = BindingPlaces.operation(bundle, entry.operation());
                throw BuildFailure.unsupported((in ? "input" : "output") + " SOAP header "
                        + (in ? entry.headersIn() : entry.headersOut()).get(0) + " of operation " + entry.operation()
                        + " (a catalog implementation implements the ADB skeleton interface, which takes no header parts)"
                        + (place == null ? "" : ", in " + place));
            }
        }
    }

    /**
     * headerBeans finds the ADB bean of every header block the samples carry; a block whose element
     * WSDL2Java generated no bean for cannot be read or written through ADB, so it is refused.
     */
    private static Map<QName, String> headerBeans(ClassLoader runtime, List<String> generatedClasses, Path bundle,
            List<SampleIndex.Entry> entries) throws BuildFailure {
        Set<QName> elements = new LinkedHashSet<>();
        for (SampleIndex.Entry entry : entries) {
            elements.addAll(entry.headersIn());
            elements.addAll(entry.headersOut());
        }
        Map<QName, String> beans = HeaderBeans.find(runtime, generatedClasses, elements);
        for (SampleIndex.Entry entry : entries) {
            for (boolean in : new boolean[] {true, false}) {
                for (QName element : in ? entry.headersIn() : entry.headersOut()) {
                    if (!beans.containsKey(element)) {
                        String place = BindingPlaces.operation(bundle, entry.operation());
                        throw BuildFailure.unsupported((in ? "input" : "output") + " SOAP header " + element
                                + " of operation " + entry.operation() + " (WSDL2Java generated no ADB bean for the element)"
                                + (place == null ? "" : ", in " + place));
                    }
                }
            }
        }
        return beans;
    }

    /**
     * Axis2 finds a request's operation by its SOAP action or by the Body's element: a request with
     * neither (an input message without parts, bound without a soapAction) reaches no operation
     * ("The endpoint reference (EPR) for the Operation not found"), so the build refuses it.
     */
    private static void refuseUndispatchable(Path bundle, Path samples, List<SampleIndex.Entry> entries)
            throws BuildFailure {
        for (SampleIndex.Entry entry : entries) {
            if (!entry.soapAction().isEmpty() || entry.request() == null) {
                continue;
            }
            if (EmptyBody.of(samples.resolve(entry.request()))) {
                String place = BindingPlaces.operation(bundle, entry.operation());
                throw BuildFailure.unsupported("operation " + entry.operation() + ": its request has an empty SOAP"
                        + " Body and no SOAP action, and Axis2 dispatches a request by one of them"
                        + (place == null ? "" : ", in " + place));
            }
        }
    }

    private void build() throws BuildFailure {
        Path bundle = out.resolve("wsdl");
        Path samples = out.resolve("samples");
        // ADB refuses mixed content with a bare exception; the preflight names the type and line.
        WsdlPreflight.check(bundle, entry, "Axis2 ADB", Set.of(WsdlPreflight.Refused.MIXED_CONTENT));
        List<SampleIndex.Entry> sampleEntries = SampledPort.samples(samples);
        if (catalog != null) {
            refuseCatalogHeaders(bundle, sampleEntries);
        }
        refuseUndispatchable(bundle, samples, sampleEntries);
        Path entryFile = bundle.resolve(entry);
        SampledPort served = SampledPort.choose(entryFile, sampleEntries);
        DeclaredHeaders.of(bundle).refuseUncarried(bundle, served.operations());
        PortChoice port = served.port();
        log.println("serving port " + port.port() + " of service " + port.service() + " (SOAP " + port.soapVersion() + ")");
        String serviceName = port.service().getLocalPart();
        if (!DEPLOYABLE_NAME.matcher(serviceName).matches()) {
            // The name becomes a folder of the repository, a services.xml value and the endpoint's path.
            throw BuildFailure.unsupported("service name " + serviceName.replaceAll("[^\\x20-\\x7e]", "?")
                    + " (Axis2 deploys a service under repository/services/NAME: ASCII letters, digits, _ . - only)");
        }

        Path codegen = out.resolve("codegen");
        generate(entryFile, codegen, port);

        List<Path> sources = SourceFiles.javaFiles(codegen.resolve("src"));
        List<Path> catalogSources = catalog == null ? List.of() : SourceFiles.javaFiles(catalog);
        List<Path> all = new ArrayList<>(sources);
        all.addAll(catalogSources);
        Path classes = out.resolve("classes");
        // Catalog implementations are written against the 1.8.2 generator's output, so they get
        // the same adaptation to the runtime line as the generated code.
        adaptToRuntime(all);
        JavaCompilation.compile(all, classes, runtimeClasspath, log);

        String skeletonInterface = SourceFiles.classNames(sources).stream().filter(n -> n.endsWith("SkeletonInterface")).findFirst()
                .orElseThrow(() -> BuildFailure.error("WSDL2Java generated no skeleton interface for port " + port.port()));
        String implementation = null;
        Map<QName, String> headers = Map.of();
        try (URLClassLoader runtime = runtimeLoader(classes)) {
            if (catalog != null) {
                implementation = implementation(runtime, SourceFiles.classNames(catalogSources), skeletonInterface);
            } else {
                headers = headerBeans(runtime, SourceFiles.classNames(sources), bundle, sampleEntries);
                if (!headers.isEmpty()) {
                    HeaderBeanIndex.write(out, headers);
                    log.println("SOAP header blocks bound to ADB beans: " + headers);
                }
                int answered = check(runtime, skeletonInterface, out);
                log.println("bound " + answered + " sample response(s) to " + skeletonInterface);
            }
            writeRepository(runtime, codegen.resolve("resources"), port, implementation, !headers.isEmpty());
            writeSystemProperties(runtime);
            Properties endpoint = new Properties();
            endpoint.setProperty("skeletonInterface", skeletonInterface);
            endpoint.setProperty("service", port.service().getLocalPart());
            endpoint.setProperty("soapVersion", port.soapVersion());
            endpoint.setProperty("generic", Boolean.toString(implementation == null));
            if (implementation != null) {
                endpoint.setProperty("implementation", implementation);
            }
            try (var writer = Files.newBufferedWriter(out.resolve("endpoint.properties"), StandardCharsets.UTF_8)) {
                endpoint.store(writer, "the Axis2 service the server deploys from repository/");
            }
        } catch (IOException e) {
            throw BuildFailure.error("cannot write the build: " + e.getMessage());
        }
        log.println("service " + port.service().getLocalPart() + ": " + skeletonInterface + " implemented by "
                + (implementation == null ? "the sample responses" : implementation));
    }

    private void generate(Path entryFile, Path codegen, PortChoice port) throws BuildFailure {
        List<String> options = new ArrayList<>(List.of(
            "-uri", entryFile.toString(),
            // -g: classes for every type, derived ones too (ADB skips types only reached through
            // xsi:type otherwise), and the client stub.
            "-ss", "-sd", "-ssi", "-g",
            "-d", "adb",
            "-o", codegen.toString(),
            "-S", "src",
            "-R", "resources",
            "-sn", port.service().getLocalPart(),
            "-pn", port.port().getLocalPart(),
            "--noBuildXML"));
        if (catalog == null) {
            // Catalog implementations import the service classes from WSDL2Java's default package;
            // the catalog's WSDLs have no fault message named like an element.
            options.addAll(List.of("-p", SERVICE_PACKAGE));
        }
        String[] arguments = options.toArray(String[]::new);
        log.println("WSDL2Java " + String.join(" ", arguments));
        try {
            // Reflection keeps this class free of the generator's types: it is compiled against
            // the runtime line, which has no code generator.
            Class<?> parserType = Class.forName("org.apache.axis2.util.CommandLineOptionParser");
            Object parser = parserType.getConstructor(String[].class).newInstance((Object) arguments);
            Class<?> configurationType = Class.forName("org.apache.axis2.wsdl.codegen.CodeGenConfiguration");
            Object configuration = configurationType.getConstructor().newInstance();
            Class.forName("org.apache.axis2.wsdl.codegen.CodegenConfigLoader")
                    .getMethod("loadConfig", configurationType, java.util.Map.class)
                    .invoke(null, configuration, parserType.getMethod("getAllOptions").invoke(parser));
            Class<?> engineType = Class.forName("org.apache.axis2.wsdl.codegen.CodeGenerationEngine");
            Object engine = engineType.getConstructor(configurationType).newInstance(configuration);
            engineType.getMethod("generate").invoke(engine);
        } catch (InvocationTargetException e) {
            String message = rootMessage(e.getCause());
            message = message.replace(entryFile.getParent() + "/", "");
            if (message.toLowerCase().contains("encoded")) {
                throw BuildFailure.unsupported("WSDL2Java: " + message);
            }
            if (message.contains("mix content not supported")) {
                // Only where the preflight did not see it (a schema it does not read); ADB names no type.
                throw BuildFailure.unsupported("mixed content (Axis2 ADB does not bind mixed content), in a schema of "
                        + bundleName(entryFile));
            }
            // What WSDL2Java can never model is named with its place; anything else keeps the tool's words.
            Optional<BuildFailure> refusal = Wsdl2JavaRefusals.of(message, out.resolve("wsdl"));
            if (refusal.isPresent()) {
                throw refusal.get();
            }
            throw BuildFailure.error("WSDL2Java: " + message);
        } catch (ReflectiveOperationException | LinkageError e) {
            throw BuildFailure.error("the Axis2 code generator is not on the builder's classpath: " + e);
        }
    }

    /**
     * The 1.8.2 generator writes {@code javax.activation.DataHandler} for base64Binary and calls
     * Axiom 1.4's DataHandler helpers; the 2.0.0 runtime has Jakarta Activation and Axiom 2.0,
     * which reads and writes base64 content as Blobs. The rest of the generated ADB code runs
     * unchanged.
     */
    private void adaptToRuntime(List<Path> sources) throws BuildFailure {
        try (URLClassLoader runtime = runtimeLoader(out.resolve("classes"))) {
            if (runtime.getResource("org/apache/axiom/util/activation/DataHandlerUtils.class") == null
                    || runtime.getResource("javax/activation/DataHandler.class") != null) {
                return;
            }
            int rewritten = 0;
            for (Path source : sources) {
                String java = Files.readString(source, StandardCharsets.UTF_8);
                String adapted = Axiom2Adapter.adapt(java);
                if (!adapted.equals(java)) {
                    Files.writeString(source, adapted, StandardCharsets.UTF_8);
                    rewritten++;
                }
            }
            if (rewritten > 0) {
                log.println("adapted " + rewritten + " generated source(s) to Jakarta Activation and Axiom 2");
            }
        } catch (IOException e) {
            throw BuildFailure.error("cannot adapt the generated sources: " + e.getMessage());
        }
    }

    private String bundleName(Path file) {
        return out.resolve("wsdl").relativize(file).toString();
    }

    private URLClassLoader runtimeLoader(Path classes) throws BuildFailure {
        List<URL> urls = new ArrayList<>();
        try {
            urls.add(classes.toUri().toURL());
            for (String element : runtimeClasspath.split(File.pathSeparator)) {
                if (!element.isEmpty()) {
                    urls.add(Path.of(element).toUri().toURL());
                }
            }
        } catch (IOException e) {
            throw BuildFailure.error("bad runtime classpath: " + e.getMessage());
        }
        return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    /**
     * check binds every sample response, and the samples' header blocks, as the server will at
     * start-up, so a bad sample fails the build.
     */
    private static int check(ClassLoader runtime, String skeletonInterface, Path build) throws BuildFailure {
        try {
            Class<?> answers = Class.forName("dev.soapbench.axis2.samples.SampleAnswers", true, runtime);
            Class<?> skeleton = Class.forName(skeletonInterface, false, runtime);
            Object bound = answers.getMethod("bind", Class.class, Path.class).invoke(null, skeleton, build.resolve("samples"));
            Class.forName("dev.soapbench.axis2.headers.SampleHeaders", true, runtime)
                    .getMethod("load", Path.class, ClassLoader.class).invoke(null, build, runtime);
            return ((java.util.Map<?, ?>) bound).size();
        } catch (InvocationTargetException e) {
            throw BuildFailure.error(rootMessage(e.getCause()));
        } catch (ReflectiveOperationException | LinkageError e) {
            throw BuildFailure.error("cannot load the compiled service: " + e);
        }
    }

    private void writeRepository(ClassLoader runtime, Path resources, PortChoice port, String implementation,
            boolean carriesHeaders) throws IOException, BuildFailure {
        Path repository = out.resolve("repository");
        Path metaInf = repository.resolve("services/" + port.service().getLocalPart() + "/META-INF");
        Files.createDirectories(metaInf);
        try (Stream<Path> files = Files.walk(resources)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path target = metaInf.resolve(resources.relativize(file).toString());
                Files.createDirectories(target.getParent());
                Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path servicesXml = metaInf.resolve("services.xml");
        if (!Files.isRegularFile(servicesXml)) {
            throw BuildFailure.error("WSDL2Java wrote no services.xml");
        }
        String services = Files.readString(servicesXml, StandardCharsets.UTF_8);
        String serviceClass = "<parameter name=\"ServiceClass\">";
        if (implementation != null) {
            services = services.replaceFirst(Pattern.quote(serviceClass) + "[^<]*", Matcher.quoteReplacement(serviceClass + implementation));
        } else {
            services = services.replaceFirst(Pattern.quote(serviceClass),
                    Matcher.quoteReplacement("<parameter name=\"ServiceObjectSupplier\">" + SUPPLIER + "</parameter>\n        " + serviceClass));
            if (carriesHeaders) {
                services = HeaderReceivers.install(services);
            }
        }
        Files.writeString(servicesXml, services, StandardCharsets.UTF_8);

        String axis2Xml;
        try (InputStream defaults = runtime.getResourceAsStream(AXIS2_DEFAULTS)) {
            if (defaults == null) {
                throw BuildFailure.error("the Axis2 runtime has no " + AXIS2_DEFAULTS);
            }
            axis2Xml = new String(defaults.readAllBytes(), StandardCharsets.UTF_8);
        }
        Files.writeString(repository.resolve("axis2.xml"), Axis2Configuration.forServlet(axis2Xml), StandardCharsets.UTF_8);
    }

    /**
     * A catalog service may ask for JVM system properties, as an Axis2 user passes {@code -D}
     * flags (ADB's pluggable converter is chosen this way); the server and the native client set
     * them before Axis2 starts. ADB ignores a converter class it cannot load after logging it, so
     * a wrong name fails the build instead.
     */
    private void writeSystemProperties(ClassLoader runtime) throws IOException, BuildFailure {
        Path target = out.resolve(SystemPropertiesFile.NAME);
        Files.deleteIfExists(target);
        Path source = catalog == null ? null : catalog.resolve(SystemPropertiesFile.NAME);
        if (source == null || !Files.isRegularFile(source)) {
            return;
        }
        Properties properties = SystemPropertiesFile.read(source);
        String converter = properties.getProperty(ADB_CONVERTER);
        if (converter != null) {
            Class<?> type = load(runtime, converter);
            for (Class<?> value : List.of(java.util.Date.class, java.util.Calendar.class)) {
                try {
                    if (!Modifier.isStatic(type.getMethod("convertToString", value).getModifiers())) {
                        throw new NoSuchMethodException();
                    }
                } catch (NoSuchMethodException e) {
                    throw BuildFailure.error(ADB_CONVERTER + " " + converter + " has no public static convertToString("
                            + value.getSimpleName() + ")");
                }
            }
        }
        Files.copy(source, target);
        log.println("system properties for the server and client: " + String.join(", ", properties.stringPropertyNames()));
    }

    private static String implementation(ClassLoader loader, List<String> catalogClasses, String skeletonInterface)
            throws BuildFailure {
        Class<?> skeleton = load(loader, skeletonInterface);
        for (String name : catalogClasses) {
            Class<?> type = load(loader, name);
            if (skeleton.isAssignableFrom(type) && !type.isInterface() && !Modifier.isAbstract(type.getModifiers())) {
                return name;
            }
        }
        throw BuildFailure.error("the catalog service has no class implementing " + skeletonInterface);
    }

    private static Class<?> load(ClassLoader loader, String name) throws BuildFailure {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw BuildFailure.error("cannot load compiled class " + name + ": " + e.getMessage());
        }
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        StringBuilder message = new StringBuilder(String.valueOf(failure.getMessage()));
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
            if (root.getMessage() != null && !message.toString().contains(root.getMessage())) {
                message.append(": ").append(root.getMessage());
            }
        }
        return message.toString();
    }
}
