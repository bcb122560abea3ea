package dev.soapbench.cxf.build;

import java.util.Map;
import javax.wsdl.Definition;
import javax.wsdl.WSDLException;
import javax.wsdl.factory.WSDLFactory;
import javax.wsdl.xml.WSDLReader;
import javax.xml.namespace.QName;

/**
 * ServiceSelection decides whether WSDLToJava can be told the one service the server publishes
 * ({@code -sn}). It must be told when other services bind the same port type differently (a
 * second SOAP binding of another style, a non-SOAP binding such as CXF's XML format): WSDLToJava
 * annotates the one service interface of a port type from the last binding it visits, so an
 * rpc/literal port could get a document/bare interface. {@code -sn} looks among the entry WSDL's
 * own services by local name, case-insensitively, so it is only given when that finds exactly
 * the chosen service.
 */
final class ServiceSelection {
    private ServiceSelection() {}

    static boolean canSelect(java.nio.file.Path entryFile, QName service) {
        Definition definition;
        try {
            WSDLReader reader = WSDLFactory.newInstance().newWSDLReader();
            reader.setFeature("javax.wsdl.verbose", false);
            reader.setFeature("javax.wsdl.importDocuments", false);
            definition = reader.readWSDL(entryFile.toUri().toString());
        } catch (WSDLException e) {
            return false;
        }
        Map<?, ?> services = definition.getServices();
        long sameName = services.keySet().stream()
                .filter(name -> ((QName) name).getLocalPart().equalsIgnoreCase(service.getLocalPart()))
                .count();
        return services.containsKey(service) && sameName == 1;
    }
}
