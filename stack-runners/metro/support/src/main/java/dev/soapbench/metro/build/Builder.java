package dev.soapbench.metro.build;

import com.sun.tools.ws.wscompile.WsimportTool;
import dev.soapbench.jaxws.build.BuildPlan;
import dev.soapbench.jaxws.build.CodeGenerator;
import dev.soapbench.jaxws.build.JaxwsBuilder;
import dev.soapbench.jaxws.build.WrapperStyleBindings;
import dev.soapbench.jvmsupport.build.BindingPlaces;
import dev.soapbench.jvmsupport.build.BuildFailure;
import dev.soapbench.jvmsupport.build.JavaCompilation;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builder is Metro's JAX-WS build (see {@link JaxwsBuilder}) with wsimport as the code generator:
 * it refuses a sample operation wsimport left out of the interface, and writes the generic
 * endpoint class Metro publishes for the samples.
 *
 * <p>{@code Builder --out DIR --entry FILE [--catalog DIR]}
 */
public final class Builder implements CodeGenerator {
    private static final Pattern ERROR_PLACE = Pattern.compile("^\\s*line (\\d+) of (\\S+)\\s*$");

    /** The operations wsimport said it skipped, and why: known once generate has run. */
    private Map<String, IgnoredOperations.Ignored> ignored = Map.of();

    public static void main(String[] args) {
        JaxwsBuilder.main(args, new Builder());
    }

    @Override
    public String name() {
        return "wsimport";
    }

    @Override
    public void generate(BuildPlan plan, Path sources) throws BuildFailure {
        Path entryFile = plan.entryFile();
        Path scratch = plan.out().resolve("codegen/wsimport-classes");
        stateHeaderBodyParts(plan);
        Path input = wsimportInput(plan);
        Path bindings = WrapperStyleBindings.write(plan, input);
        try {
            Files.createDirectories(scratch);
        } catch (IOException e) {
            throw BuildFailure.error("cannot write to " + plan.out() + ": " + e.getMessage());
        }
        String[] arguments = {
            "-d", scratch.toString(),
            "-s", sources.toString(),
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
        plan.log().println("wsimport " + String.join(" ", arguments));
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
        plan.log().print(text);
        if (!generatedOk) {
            String message = relative(firstError(text, thrown), entryFile);
            if (message.contains("rpc/encoded")) {
                throw BuildFailure.unsupported("wsimport: " + message);
            }
            throw BuildFailure.error("wsimport: " + message);
        }
        ignored = IgnoredOperations.read(text);
    }

    /**
     * checkOperations refuses a sample operation wsimport left out of the service interface (whose
     * operations are {@code generated}), with wsimport's reason and the place it names (else the
     * binding operation's). A port whose every operation wsimport skipped gets no interface at all.
     */
    @Override
    public void checkOperations(BuildPlan plan, Set<String> generated) throws BuildFailure {
        for (String operation : plan.operations()) {
            IgnoredOperations.Ignored why = ignored.get(operation);
            if (why == null || generated.contains(operation)) {
                continue;
            }
            String place = why.place() != null ? relative(why.place(), plan.entryFile())
                    : BindingPlaces.operation(plan.bundle(), operation);
            throw BuildFailure.unsupported("operation " + operation + ": wsimport leaves it out of the service interface ("
                    + why.reason() + ")" + (place == null ? "" : ", in " + place));
        }
    }

    /** The generic implementation is a real endpoint class, as Metro requires one, that answers from the samples. */
    @Override
    public String genericImplementation(BuildPlan plan, Class<?> serviceInterface, Path classes, String classpath)
            throws BuildFailure {
        Path source = plan.out().resolve("codegen/endpoint/" + GenericEndpointSource.CLASS_NAME.replace('.', '/') + ".java");
        try {
            Files.createDirectories(source.getParent());
            Files.writeString(source, GenericEndpointSource.of(serviceInterface, plan.port().service(), plan.port().port()),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw BuildFailure.error("cannot write " + source + ": " + e.getMessage());
        }
        JavaCompilation.compile(List.of(source), classes, classes + File.pathSeparator + classpath, plan.log());
        return GenericEndpointSource.CLASS_NAME;
    }

    /** stateHeaderBodyParts gives the bundle copy's soap:body elements the parts JAX-WS reads them to carry. */
    private static void stateHeaderBodyParts(BuildPlan plan) throws BuildFailure {
        for (HeaderBodyParts.Stated stated : HeaderBodyParts.write(plan.bundle(), plan.entryFile())) {
            plan.log().println(stated.file() + ":" + stated.line()
                    + ": soap:body without parts beside a soap:header of its own message, the other parts stated for wsimport: parts=\""
                    + String.join(" ", stated.parts()) + "\"");
        }
    }

    /** wsimportInput is the WSDL wsimport reads: the entry, or its copy with only the published service. */
    private static Path wsimportInput(BuildPlan plan) throws BuildFailure {
        Path entryFile = plan.entryFile();
        Path copy = PublishedServiceCopy.write(entryFile, plan.port().service(), plan.port().port());
        if (copy == null) {
            return entryFile;
        }
        plan.log().println("wsimport reads " + copy.getFileName() + ": other services of " + entryFile.getFileName()
                + " bind port " + plan.port().port().getLocalPart() + "'s port type through other bindings");
        return copy;
    }

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
}
