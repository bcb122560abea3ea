/**
 * WSDL 1.1 analysis and sample generation, free of the web framework so it can be used and tested
 * alone.
 *
 * <p>The facade: {@link dev.soapbench.wsdl.WsdlBundles} turns an upload into a
 * {@link dev.soapbench.wsdl.WsdlBundle}; {@link dev.soapbench.wsdl.WsdlAnalyzer} reports its
 * services, SOAP versions, binding styles and operations; {@link dev.soapbench.wsdl.SampleGenerator}
 * writes a request and response envelope per operation from the bundle's XML Schema types. Every
 * fault in the upload is a {@link dev.soapbench.wsdl.WsdlProblem} naming the file, line and column.
 *
 * <p>User XML is hostile: it is parsed only by {@code SecureXml} (no DTDs, no external entities,
 * bounded size and depth), and imports resolve only to files inside the bundle. Before analysis,
 * {@code BundleValues} checks every value a code generator may write into source against
 * {@code ValueRules} and refuses every reference that leaves the bundle; sample generation stays
 * within a {@code SampleBudget}.
 *
 * <p>An upload's OASIS XML catalogs ({@code jax-ws-catalog.xml}, {@code catalog.xml}) are applied once,
 * when the bundle is read ({@code CatalogImports}): the import locations they map are rewritten to
 * bundle paths in the uploaded text and the catalogs are left out, so every stack builds the same
 * resolved bundle and every later check sees it as the stacks will.
 */
package dev.soapbench.wsdl;
