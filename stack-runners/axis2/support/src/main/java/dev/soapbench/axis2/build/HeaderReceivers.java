package dev.soapbench.axis2.build;

import dev.soapbench.jvmsupport.build.BuildFailure;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HeaderReceivers puts the header-carrying message receivers in the place of the ones WSDL2Java
 * generated, in a generated {@code services.xml}: the generated class is kept as a service
 * parameter, to which the header receiver hands the Body after reading the request's header
 * blocks (the generated skeleton methods have no header parameters).
 */
final class HeaderReceivers {
    private static final String IN_OUT = "http://www.w3.org/ns/wsdl/in-out";
    private static final String IN_ONLY = "http://www.w3.org/ns/wsdl/in-only";
    /** The receiver class for a MEP, and the service parameter naming the generated receiver it wraps. */
    private static final Map<String, String[]> WRAPPERS = Map.of(
            IN_OUT, new String[] {"dev.soapbench.axis2.headers.HeaderReceiverInOut", "soapbench.generatedReceiver.inOut"},
            IN_ONLY, new String[] {"dev.soapbench.axis2.headers.HeaderReceiverInOnly", "soapbench.generatedReceiver.inOnly"});
    private static final Pattern RECEIVER = Pattern.compile("<messageReceiver\\s+mep=\"([^\"]*)\"\\s+class=\"([^\"]*)\"\\s*/>");
    private static final String SERVICE_CLASS = "<parameter name=\"ServiceClass\">";

    private HeaderReceivers() {}

    static String install(String servicesXml) throws BuildFailure {
        Matcher receivers = RECEIVER.matcher(servicesXml);
        StringBuilder rewritten = new StringBuilder();
        StringBuilder parameters = new StringBuilder();
        while (receivers.find()) {
            String[] wrapper = WRAPPERS.get(receivers.group(1));
            if (wrapper == null) {
                throw BuildFailure.unsupported("SOAP headers with message exchange pattern " + receivers.group(1)
                        + " (Axis2's generic implementation carries them in request-response and one-way operations)");
            }
            // The generated class name is copied as WSDL2Java wrote it: attribute text is valid element text.
            parameters.append("<parameter name=\"").append(wrapper[1]).append("\">").append(receivers.group(2))
                    .append("</parameter>\n        ");
            receivers.appendReplacement(rewritten, Matcher.quoteReplacement(
                    "<messageReceiver mep=\"" + receivers.group(1) + "\" class=\"" + wrapper[0] + "\"/>"));
        }
        receivers.appendTail(rewritten);
        String result = rewritten.toString();
        if (parameters.isEmpty() || !result.contains(SERVICE_CLASS)) {
            throw BuildFailure.error("services.xml has no message receivers or no ServiceClass parameter");
        }
        return result.replaceFirst(Pattern.quote(SERVICE_CLASS), Matcher.quoteReplacement(parameters + SERVICE_CLASS));
    }
}
