package dev.soapbench.wsdl;

/** Namespace URIs of WSDL 1.1, its SOAP bindings, SOAP envelopes and XML Schema. */
final class Namespaces {

    static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    static final String WSDL20 = "http://www.w3.org/ns/wsdl";
    static final String SOAP11_BINDING = "http://schemas.xmlsoap.org/wsdl/soap/";
    static final String SOAP12_BINDING = "http://schemas.xmlsoap.org/wsdl/soap12/";
    static final String HTTP_BINDING = "http://schemas.xmlsoap.org/wsdl/http/";
    static final String MIME_BINDING = "http://schemas.xmlsoap.org/wsdl/mime/";
    static final String SOAP11_ENVELOPE = "http://schemas.xmlsoap.org/soap/envelope/";
    static final String SOAP12_ENVELOPE = "http://www.w3.org/2003/05/soap-envelope";
    static final String SOAP11_ENCODING = "http://schemas.xmlsoap.org/soap/encoding/";
    static final String SOAP12_ENCODING = "http://www.w3.org/2003/05/soap-encoding";
    static final String XSD = "http://www.w3.org/2001/XMLSchema";
    static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";

    private Namespaces() {}

    static String envelope(String soapVersion) {
        return "1.2".equals(soapVersion) ? SOAP12_ENVELOPE : SOAP11_ENVELOPE;
    }

    static String encoding(String soapVersion) {
        return "1.2".equals(soapVersion) ? SOAP12_ENCODING : SOAP11_ENCODING;
    }
}
