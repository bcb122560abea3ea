package dev.soapbench.catalog.echo;

import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;
import soapbench.echo.Echo;
import soapbench.echo.EchoResponse;

/**
 * EchoEndpoint is the catalog echo service: the response carries the request's text, through the
 * types XJC generates from wsdl-catalog/echo/echo.wsdl (package soapbench.echo).
 */
@Endpoint
public class EchoEndpoint {
    private static final String NAMESPACE = "urn:soapbench:echo";

    @PayloadRoot(namespace = NAMESPACE, localPart = "echo")
    @ResponsePayload
    public EchoResponse echo(@RequestPayload Echo request) {
        EchoResponse response = new EchoResponse();
        response.setText(request.getText());
        return response;
    }
}
