package dev.soapbench.jaxws.build;

import dev.soapbench.jaxws.EndpointDescription;
import dev.soapbench.jvmsupport.build.BuildFailure;
import dev.soapbench.jvmsupport.build.BuilderArguments;
import dev.soapbench.jvmsupport.build.PortChoice;
import dev.soapbench.jvmsupport.build.SampledPort;
import dev.soapbench.jvmsupport.build.WsdlPreflight;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Set;

/**
 * BuildPlan is what a build knows before the code generator runs: the build folder the runner
 * prepared (the bundle in {@code wsdl/}, the samples in {@code samples/}), the entry WSDL, the
 * catalog service's sources if any, the samples' operations and the port that offers them.
 */
public record BuildPlan(Path out, Path entryFile, Path catalog, Set<String> operations, PortChoice port, PrintStream log) {

    /** of checks the bundle, reads the samples and chooses the port to publish. */
    static BuildPlan of(BuilderArguments arguments, PrintStream log) throws BuildFailure {
        Path bundle = arguments.bundle();
        WsdlPreflight.check(bundle, arguments.entry(), "JAX-WS");
        Path entryFile = bundle.resolve(arguments.entry());
        SampledPort served = SampledPort.choose(entryFile, SampledPort.samples(arguments.out().resolve(EndpointDescription.SAMPLES_FOLDER)));
        PortChoice port = served.port();
        log.println("publishing port " + port.port() + " of service " + port.service() + " (SOAP " + port.soapVersion() + ")");
        return new BuildPlan(arguments.out(), entryFile, arguments.catalog(), served.operations(), port, log);
    }

    public Path bundle() {
        return out.resolve("wsdl");
    }

    public Path samples() {
        return out.resolve(EndpointDescription.SAMPLES_FOLDER);
    }
}
