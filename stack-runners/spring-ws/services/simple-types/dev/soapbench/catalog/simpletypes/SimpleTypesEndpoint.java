package dev.soapbench.catalog.simpletypes;

import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;
import soapbench.simple_types.SimpleTypes;
import soapbench.simple_types.SimpleTypesResponse;

/**
 * SimpleTypesEndpoint is the catalog simple-types service on Spring-WS; {@link SimpleTypesAnswer},
 * linked from stack-runners/jaxws-services, computes each response.
 */
@Endpoint
public class SimpleTypesEndpoint {
    @PayloadRoot(namespace = "urn:soapbench:simple-types", localPart = "simpleTypes")
    @ResponsePayload
    public SimpleTypesResponse simpleTypes(@RequestPayload SimpleTypes request) {
        return SimpleTypesAnswer.answer(request);
    }
}
