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
 */
package dev.soapbench.wsdl;
