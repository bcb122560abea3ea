package dev.soapbench.catalog.seismic;

import dev.soapbench.jvmsupport.samples.SampleException;
import jakarta.jws.WebService;
import soapbench.seismic.MatchQuakes;
import soapbench.seismic.MatchQuakesResponse;
import soapbench.seismic.SeismicPortType;

/**
 * SeismicImplementation is the catalog seismic service of the 2010 CXF, Metro and Axis2
 * comparison on JAX-WS; {@link SeismicAnswers} evaluates each request against the catalog it
 * loads when the servlet creates the implementation.
 */
@WebService(
        endpointInterface = "soapbench.seismic.SeismicPortType",
        serviceName = "SeismicService",
        portName = "SeismicPort",
        targetNamespace = "urn:soapbench:seismic")
public class SeismicImplementation implements SeismicPortType {
    private final SeismicAnswers answers;

    /** Loads the catalog; a missing or malformed data file stops the server before it is ready. */
    public SeismicImplementation() throws SampleException {
        answers = new SeismicAnswers();
    }

    @Override
    public MatchQuakesResponse matchQuakes(MatchQuakes request) {
        return answers.answer(request);
    }
}
