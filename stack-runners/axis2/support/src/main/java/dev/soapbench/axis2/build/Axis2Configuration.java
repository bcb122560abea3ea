package dev.soapbench.axis2.build;

import dev.soapbench.jvmsupport.build.BuildFailure;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Axis2Configuration turns the runtime's default {@code axis2.xml} into the server's: requests
 * arrive through the servlet (the default's HTTP receiver is a stand-alone server on port 6060),
 * and the repository is not polled for changes during a measurement.
 */
final class Axis2Configuration {
    private static final Pattern HTTP_RECEIVER = Pattern.compile(
            "<transportReceiver\\s+name=\"http\".*?</transportReceiver>", Pattern.DOTALL);

    private Axis2Configuration() {}

    static String forServlet(String defaults) throws BuildFailure {
        Matcher receiver = HTTP_RECEIVER.matcher(defaults);
        if (!receiver.find()) {
            throw BuildFailure.error("the runtime's default axis2.xml has no http transportReceiver");
        }
        String xml = receiver.replaceFirst(Matcher.quoteReplacement(
                "<transportReceiver name=\"http\" class=\"org.apache.axis2.transport.http.AxisServletListener\"/>"));
        return xml.replace("<parameter name=\"hotdeployment\">true</parameter>", "<parameter name=\"hotdeployment\">false</parameter>")
                .replace("<parameter name=\"hotupdate\">true</parameter>", "<parameter name=\"hotupdate\">false</parameter>");
    }
}
