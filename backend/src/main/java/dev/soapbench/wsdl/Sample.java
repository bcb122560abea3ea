package dev.soapbench.wsdl;

/**
 * A sample request and response of one operation, each a complete SOAP envelope. The response
 * is null for a one-way operation.
 */
public record Sample(
        String operation, String soapAction, String soapVersion, boolean oneWay, String request, String response) {}
