package dev.soapbench.catalog.simpletypes;

import jakarta.jws.WebService;
import soapbench.simple_types.SimpleTypes;
import soapbench.simple_types.SimpleTypesPortType;
import soapbench.simple_types.SimpleTypesResponse;

/**
 * SimpleTypesImplementation is the catalog simple-types service on JAX-WS; {@link
 * SimpleTypesAnswer} computes each response.
 */
@WebService(
        endpointInterface = "soapbench.simple_types.SimpleTypesPortType",
        serviceName = "SimpleTypesService",
        portName = "SimpleTypesPort",
        targetNamespace = "urn:soapbench:simple-types")
public class SimpleTypesImplementation implements SimpleTypesPortType {
    @Override
    public SimpleTypesResponse simpleTypes(SimpleTypes request) {
        return SimpleTypesAnswer.answer(request);
    }
}
