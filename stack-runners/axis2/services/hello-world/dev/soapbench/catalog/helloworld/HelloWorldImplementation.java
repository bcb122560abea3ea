package dev.soapbench.catalog.helloworld;

import hello_world.soapbench.HelloWorldServiceSkeletonInterface;
import hello_world.soapbench.SayHello;
import hello_world.soapbench.SayHelloResponse;

/**
 * HelloWorldImplementation is the catalog hello-world service: it greets the name it was sent,
 * through the ADB beans WSDL2Java generates from hello-world.wsdl (package hello_world.soapbench).
 */
public class HelloWorldImplementation implements HelloWorldServiceSkeletonInterface {
    @Override
    public SayHelloResponse sayHello(SayHello request) {
        SayHelloResponse response = new SayHelloResponse();
        response.setGreeting("Hello, " + request.getName() + "!");
        return response;
    }
}
