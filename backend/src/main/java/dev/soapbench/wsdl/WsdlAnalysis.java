package dev.soapbench.wsdl;

import java.util.List;

/** What a WSDL offers: its services, SOAP versions, binding styles and operations. */
public record WsdlAnalysis(
        String entry,
        String targetNamespace,
        List<String> services,
        List<String> soapVersions,
        List<String> styles,
        List<OperationInfo> operations,
        List<String> warnings) {

    public WsdlAnalysis {
        services = List.copyOf(services);
        soapVersions = List.copyOf(soapVersions);
        styles = List.copyOf(styles);
        operations = List.copyOf(operations);
        warnings = List.copyOf(warnings);
    }
}
