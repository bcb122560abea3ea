package dev.soapbench.wsdl;

/**
 * An import whose location a bundle's XML catalog mapped to a file of the bundle: the import
 * ({@code file}, {@code line}, the {@code location} as uploaded), the bundle file it now names,
 * and the catalog entry that said so.
 */
public record CatalogRewrite(
        String file, Integer line, String location, String target, String catalog, Integer catalogLine, String entry) {

    /** e.g. {@code order.wsdl:12 http://example.com/order.xsd → schemas/order.xsd via META-INF/jax-ws-catalog.xml:4}. */
    @Override
    public String toString() {
        return file + (line == null ? "" : ":" + line) + " " + location + " → " + target + " via " + catalog
                + (catalogLine == null ? "" : ":" + catalogLine);
    }
}
