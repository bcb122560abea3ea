package dev.soapbench.axis2.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.soapbench.jvmsupport.build.BuildFailure;
import org.junit.jupiter.api.Test;

class HeaderReceiversTest {
    private static final String SERVICES = """
            <serviceGroup><service name="S">
                    <messageReceivers>
                        <messageReceiver mep="http://www.w3.org/ns/wsdl/in-out" class="gen.SMessageReceiverInOut"/>
                        <messageReceiver mep="http://www.w3.org/ns/wsdl/in-only" class="gen.SMessageReceiverInOnly"/>
                    </messageReceivers>
                    <parameter name="ServiceClass">gen.SSkeleton</parameter>
            </service></serviceGroup>""";

    @Test
    void theHeaderReceiversTakeThePlaceOfTheGeneratedOnesWhichBecomeParameters() throws Exception {
        String installed = HeaderReceivers.install(SERVICES);
        assertTrue(installed.contains("<messageReceiver mep=\"http://www.w3.org/ns/wsdl/in-out\" class=\"dev.soapbench.axis2.headers.HeaderReceiverInOut\"/>"), installed);
        assertTrue(installed.contains("<messageReceiver mep=\"http://www.w3.org/ns/wsdl/in-only\" class=\"dev.soapbench.axis2.headers.HeaderReceiverInOnly\"/>"), installed);
        assertTrue(installed.contains("<parameter name=\"soapbench.generatedReceiver.inOut\">gen.SMessageReceiverInOut</parameter>"), installed);
        assertTrue(installed.contains("<parameter name=\"soapbench.generatedReceiver.inOnly\">gen.SMessageReceiverInOnly</parameter>"), installed);
        assertEquals(1, installed.split("ServiceClass", -1).length - 1);
    }

    @Test
    void anotherExchangePatternIsRefused() {
        BuildFailure failure = assertThrows(BuildFailure.class, () -> HeaderReceivers.install(
                SERVICES.replace("wsdl/in-only", "wsdl/robust-in-only")));
        assertTrue(failure.line().startsWith("unsupported: SOAP headers with message exchange pattern http://www.w3.org/ns/wsdl/robust-in-only"),
                failure.line());
    }
}
