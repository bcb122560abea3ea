package dev.soapbench.catalog.echo;

import echo.soapbench.Echo;
import echo.soapbench.EchoResponse;
import echo.soapbench.EchoServiceSkeletonInterface;

/**
 * EchoImplementation is the catalog echo service: the response carries the request's text,
 * through the ADB beans WSDL2Java generates from wsdl-catalog/echo/echo.wsdl (package echo.soapbench).
 */
public class EchoImplementation implements EchoServiceSkeletonInterface {
    @Override
    public EchoResponse echo(Echo request) {
        EchoResponse response = new EchoResponse();
        response.setText(request.getText());
        return response;
    }
}
