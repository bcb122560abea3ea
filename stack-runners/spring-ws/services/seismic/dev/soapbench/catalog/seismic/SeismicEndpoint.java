package dev.soapbench.catalog.seismic;

import dev.soapbench.jvmsupport.samples.SampleException;
import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;
import soapbench.seismic.MatchQuakes;
import soapbench.seismic.MatchQuakesResponse;

/**
 * SeismicEndpoint is the catalog seismic service of the 2010 CXF, Metro and Axis2 comparison on
 * Spring-WS; {@link SeismicAnswers} and {@link QuakeTimes}, linked from
 * stack-runners/jaxws-services, evaluate each request against the catalog loaded when Spring
 * creates the endpoint.
 */
@Endpoint
public class SeismicEndpoint {
    private final SeismicAnswers answers;

    /** Loads the catalog; a missing or malformed data file stops the server before it is ready. */
    public SeismicEndpoint() throws SampleException {
        answers = new SeismicAnswers();
    }

    @PayloadRoot(namespace = "urn:soapbench:seismic", localPart = "matchQuakes")
    @ResponsePayload
    public MatchQuakesResponse matchQuakes(@RequestPayload MatchQuakes request) {
        return answers.answer(request);
    }
}
