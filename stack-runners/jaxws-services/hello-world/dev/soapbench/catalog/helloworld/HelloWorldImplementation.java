package dev.soapbench.catalog.helloworld;

import jakarta.jws.WebService;
import soapbench.hello_world.HelloWorldPortType;
import soapbench.hello_world.SayHello;
import soapbench.hello_world.SayHelloResponse;

/**
 * HelloWorldImplementation is the catalog hello-world service: the greeting for the name in the
 * request, {@code "Hello, " + name + "!"} (wsdl-catalog/hello-world/README.md).
 */
@WebService(
        endpointInterface = "soapbench.hello_world.HelloWorldPortType",
        serviceName = "HelloWorldService",
        portName = "HelloWorldPort",
        targetNamespace = "urn:soapbench:hello-world")
public class HelloWorldImplementation implements HelloWorldPortType {
    @Override
    public SayHelloResponse sayHello(SayHello request) {
        SayHelloResponse response = new SayHelloResponse();
        response.setGreeting("Hello, " + request.getName() + "!");
        return response;
    }
}
