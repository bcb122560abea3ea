package dev.soapbench.wsdl;

import java.util.List;

/**
 * What the XML catalogs of an uploaded bundle did: the catalog files read (which the stacks do not
 * receive: their work is done), the import locations they rewrote, and their entries left unapplied.
 */
public record AppliedCatalogs(List<String> catalogs, List<CatalogRewrite> rewrites, List<String> warnings) {

    public static final AppliedCatalogs NONE = new AppliedCatalogs(List.of(), List.of(), List.of());

    public AppliedCatalogs {
        catalogs = List.copyOf(catalogs);
        rewrites = List.copyOf(rewrites);
        warnings = List.copyOf(warnings);
    }
}
