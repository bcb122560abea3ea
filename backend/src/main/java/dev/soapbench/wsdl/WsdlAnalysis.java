package dev.soapbench.wsdl;

import java.util.List;

/**
 * What a WSDL offers: its services, SOAP versions, binding styles and operations; and the import
 * locations the upload's XML catalogs rewrote ({@code catalog}).
 */
public record WsdlAnalysis(
        String entry,
        String targetNamespace,
        List<String> services,
        List<String> soapVersions,
        List<String> styles,
        List<OperationInfo> operations,
        List<CatalogRewrite> catalog,
        List<SameRequest> sameRequests,
        List<String> warnings) {

    public WsdlAnalysis {
        services = List.copyOf(services);
        soapVersions = List.copyOf(soapVersions);
        styles = List.copyOf(styles);
        operations = List.copyOf(operations);
        catalog = List.copyOf(catalog);
        sameRequests = List.copyOf(sameRequests);
        warnings = List.copyOf(warnings);
    }
}
