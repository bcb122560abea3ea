package dev.soapbench.wsdl;

import java.util.List;

/** Samples for every operation, and what could not be honoured while building them. */
public record SampleSet(List<Sample> samples, List<String> warnings) {

    public SampleSet {
        samples = List.copyOf(samples);
        warnings = List.copyOf(warnings);
    }
}
