package dev.soapbench.catalog.helloworld;

import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;
import soapbench.hello_world.SayHello;
import soapbench.hello_world.SayHelloResponse;

/**
 * HelloWorldEndpoint is the catalog hello-world service: the greeting for the name in the request,
 * {@code "Hello, " + name + "!"} (wsdl-catalog/hello-world/README.md).
 */
@Endpoint
public class HelloWorldEndpoint {
    private static final String NAMESPACE = "urn:soapbench:hello-world";

    @PayloadRoot(namespace = NAMESPACE, localPart = "sayHello")
    @ResponsePayload
    public SayHelloResponse sayHello(@RequestPayload SayHello request) {
        SayHelloResponse response = new SayHelloResponse();
        response.setGreeting("Hello, " + request.getName() + "!");
        return response;
    }
}
