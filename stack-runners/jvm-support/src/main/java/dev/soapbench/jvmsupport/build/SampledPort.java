package dev.soapbench.jvmsupport.build;

import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * SampledPort is the port of the entry WSDL a JVM build serves: the one whose binding offers every
 * operation of the samples, in the samples' SOAP version, with those operations.
 */
public record SampledPort(PortChoice port, Set<String> operations) {

    /** samples reads the samples' index.json for a build: a bad index fails the build. */
    public static List<SampleIndex.Entry> samples(Path samplesDir) throws BuildFailure {
        try {
            return SampleIndex.read(samplesDir);
        } catch (SampleException e) {
            throw BuildFailure.error(e.getMessage());
        }
    }

    /** choose finds the port of {@code entryFile} that serves the samples' operations. */
    public static SampledPort choose(Path entryFile, List<SampleIndex.Entry> samples) throws BuildFailure {
        Set<String> operations = new LinkedHashSet<>();
        samples.forEach(e -> operations.add(e.operation()));
        String soapVersion = samples.isEmpty() ? "1.1" : samples.get(0).soapVersion();
        PortChoice port = PortChoice.choose(entryFile.toUri().toString(), operations, soapVersion);
        return new SampledPort(port, Collections.unmodifiableSet(operations));
    }
}
