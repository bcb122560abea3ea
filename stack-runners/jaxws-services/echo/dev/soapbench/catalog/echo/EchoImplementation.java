package dev.soapbench.catalog.echo;

import jakarta.jws.WebService;
import soapbench.echo.Echo;
import soapbench.echo.EchoPortType;
import soapbench.echo.EchoResponse;

/**
 * EchoImplementation is the catalog echo service: the response carries the request's text,
 * through the types WSDLToJava (CXF) and wsimport (Metro) generate from
 * wsdl-catalog/echo/echo.wsdl (package soapbench.echo).
 */
@WebService(
        endpointInterface = "soapbench.echo.EchoPortType",
        serviceName = "EchoService",
        portName = "EchoPort",
        targetNamespace = "urn:soapbench:echo")
public class EchoImplementation implements EchoPortType {
    @Override
    public EchoResponse echo(Echo request) {
        EchoResponse response = new EchoResponse();
        response.setText(request.getText());
        return response;
    }
}
