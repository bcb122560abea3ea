package dev.soapbench.axis2.headers;

import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.engine.MessageReceiver;

/**
 * HeaderReceiverInOnly stands in services.xml for the one-way message receiver WSDL2Java generated
 * (named by the service parameter {@value #GENERATED}): it reads the operation's request header
 * blocks into their ADB beans and hands the request on.
 */
public final class HeaderReceiverInOnly implements MessageReceiver {
    public static final String GENERATED = "soapbench.generatedReceiver.inOnly";

    private volatile MessageReceiver generated;

    @Override
    public void receive(MessageContext request) throws AxisFault {
        SampleHeaders.Operation headers = SampleHeaders.of(request.getAxisOperation().getName().getLocalPart());
        if (headers != null) {
            HeaderBlocks.read(headers, request);
        }
        MessageReceiver current = generated;
        if (current == null) {
            current = GeneratedReceivers.create(request, GENERATED, MessageReceiver.class);
            generated = current;
        }
        current.receive(request);
    }
}
