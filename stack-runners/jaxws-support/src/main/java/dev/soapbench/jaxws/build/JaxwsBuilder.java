package dev.soapbench.jaxws.build;

import dev.soapbench.jaxws.EndpointDescription;
import dev.soapbench.jaxws.samples.SampleResponses;
import dev.soapbench.jvmsupport.build.BindingPlaces;
import dev.soapbench.jvmsupport.build.BuildFailure;
import dev.soapbench.jvmsupport.build.BuilderArguments;
import dev.soapbench.jvmsupport.build.JavaCompilation;
import dev.soapbench.jvmsupport.build.PortChoice;
import dev.soapbench.jvmsupport.build.SourceFiles;
import dev.soapbench.jvmsupport.samples.SampleException;
import jakarta.xml.ws.WebEndpoint;
import jakarta.xml.ws.WebServiceClient;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * JaxwsBuilder turns a build folder prepared by the runner into a server with a stack's
 * {@link CodeGenerator}: the generator, javac, the service interface of the chosen port, then
 * either the catalog service's class implementing it or every sample response bound into its
 * types, and the {@link EndpointDescription} the servlet reads. Everything runs in the one builder
 * JVM, which saves a JVM start and a cold JIT per step.
 */
public final class JaxwsBuilder {
    private final BuildPlan plan;
    private final CodeGenerator generator;

    private JaxwsBuilder(BuildPlan plan, CodeGenerator generator) {
        this.plan = plan;
        this.generator = generator;
    }

    /**
     * main builds from the command line {@code --out DIR --entry FILE [--catalog DIR]} and exits:
     * 0 when built, 1 with the contract's last stderr line when not.
     */
    public static void main(String[] args, CodeGenerator generator) {
        BuilderArguments arguments = null;
        try {
            arguments = BuilderArguments.parse(args);
            new JaxwsBuilder(BuildPlan.of(arguments, System.out), generator).build();
            System.exit(0);
        } catch (BuildFailure failure) {
            System.out.flush();
            // The reason names files as the user knows them, never by the worker's build folder.
            System.err.println(arguments == null ? failure.line()
                    : failure.line(arguments.bundle(), arguments.out()));
            System.exit(1);
        }
    }

    /** renameClashingHeaderParts gives a header part of another message a name its operation does not have yet. */
    private void renameClashingHeaderParts() throws BuildFailure {
        for (HeaderPartNames.Renamed renamed : HeaderPartNames.write(plan.bundle(), plan.entryFile())) {
            plan.log().println(renamed.file() + ":" + renamed.line() + ": part " + renamed.part() + " of message "
                    + renamed.message().getLocalPart() + ", a SOAP header of operation " + renamed.operation()
                    + " whose other parts have its name, renamed " + renamed.name() + " for the code generator");
        }
    }

    private void build() throws BuildFailure {
        Path generated = plan.out().resolve("codegen/src");
        try {
            Files.createDirectories(generated);
        } catch (IOException e) {
            throw BuildFailure.error("cannot write to " + plan.out() + ": " + e.getMessage());
        }
        renameClashingHeaderParts();
        generator.generate(plan, generated);

        List<Path> sources = SourceFiles.javaFiles(generated);
        List<Path> catalogSources = plan.catalog() == null ? List.of() : SourceFiles.javaFiles(plan.catalog());
        List<Path> all = new ArrayList<>(sources);
        all.addAll(catalogSources);
        Path classes = plan.out().resolve("classes");
        String classpath = System.getProperty("java.class.path");
        JavaCompilation.compile(all, classes, classpath, plan.log());

        Class<?> serviceInterface;
        String implementation = null;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, JaxwsBuilder.class.getClassLoader())) {
            try {
                serviceInterface = serviceInterface(loader, SourceFiles.classNames(sources));
            } catch (BuildFailure noInterface) {
                generator.checkOperations(plan, Set.of());
                throw noInterface;
            }
            generator.checkOperations(plan, SampleResponses.operations(serviceInterface).keySet());
            if (plan.catalog() != null) {
                implementation = implementation(loader, SourceFiles.classNames(catalogSources), serviceInterface);
            } else {
                int answered = SampleResponses.bind(serviceInterface, plan.samples()).size();
                plan.log().println("bound " + answered + " sample response(s) to " + serviceInterface.getName());
            }
        } catch (SampleException e) {
            if (e.unsupported()) {
                String place = BindingPlaces.operation(plan.bundle(), e.operation());
                throw BuildFailure.unsupported(e.getMessage() + (place == null ? "" : ", in " + place));
            }
            throw BuildFailure.error(e.getMessage());
        } catch (IOException e) {
            throw BuildFailure.error("cannot read the compiled classes: " + e.getMessage());
        }
        boolean generic = implementation == null;
        if (generic) {
            implementation = generator.genericImplementation(plan, serviceInterface, classes, classpath);
        }
        PortChoice port = plan.port();
        try {
            new EndpointDescription(serviceInterface.getName(), port.service(), port.port(),
                    plan.out().relativize(plan.entryFile()).toString(), port.soapVersion(), implementation, generic)
                    .write(plan.out());
        } catch (IOException e) {
            throw BuildFailure.error("cannot write the build: " + e.getMessage());
        }
        plan.log().println("endpoint: " + serviceInterface.getName() + " implemented by "
                + (implementation == null ? "the sample responses" : implementation));
    }

    /** The interface the generated service class returns for the chosen port. */
    private Class<?> serviceInterface(ClassLoader loader, List<String> generatedClasses) throws BuildFailure {
        PortChoice port = plan.port();
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
        throw BuildFailure.error(generator.name() + " generated no service interface for port " + port.port());
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
}
