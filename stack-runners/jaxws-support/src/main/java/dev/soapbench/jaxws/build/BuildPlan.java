package dev.soapbench.jaxws.build;

import dev.soapbench.jaxws.EndpointDescription;
import dev.soapbench.jvmsupport.build.BuildFailure;
import dev.soapbench.jvmsupport.build.PortChoice;
import dev.soapbench.jvmsupport.build.WsdlPreflight;
import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * BuildPlan is what a build knows before the code generator runs: the build folder the runner
 * prepared (the bundle in {@code wsdl/}, the samples in {@code samples/}), the entry WSDL, the
 * catalog service's sources if any, the samples' operations and the port that offers them.
 */
public record BuildPlan(Path out, Path entryFile, Path catalog, Set<String> operations, PortChoice port, PrintStream log) {

    /** of checks the bundle, reads the samples and chooses the port to publish. */
    static BuildPlan of(BuilderArguments arguments, PrintStream log) throws BuildFailure {
        Path bundle = arguments.out().resolve("wsdl");
        WsdlPreflight.check(bundle, arguments.entry(), "JAX-WS");
        List<SampleIndex.Entry> sampleEntries;
        try {
            sampleEntries = SampleIndex.read(arguments.out().resolve(EndpointDescription.SAMPLES_FOLDER));
        } catch (SampleException e) {
            throw BuildFailure.error(e.getMessage());
        }
        Set<String> operations = new LinkedHashSet<>();
        sampleEntries.forEach(e -> operations.add(e.operation()));
        String soapVersion = sampleEntries.isEmpty() ? "1.1" : sampleEntries.get(0).soapVersion();
        Path entryFile = bundle.resolve(arguments.entry());
        PortChoice port = PortChoice.choose(entryFile.toUri().toString(), operations, soapVersion);
        log.println("publishing port " + port.port() + " of service " + port.service() + " (SOAP " + port.soapVersion() + ")");
        return new BuildPlan(arguments.out(), entryFile, arguments.catalog(), Collections.unmodifiableSet(operations), port, log);
    }

    public Path bundle() {
        return out.resolve("wsdl");
    }

    public Path samples() {
        return out.resolve(EndpointDescription.SAMPLES_FOLDER);
    }
}
