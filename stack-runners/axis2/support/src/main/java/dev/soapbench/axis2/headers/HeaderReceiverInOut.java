package dev.soapbench.axis2.headers;

import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.receivers.AbstractInOutMessageReceiver;

/**
 * HeaderReceiverInOut stands in services.xml for the request-response message receiver WSDL2Java
 * generated (named by the service parameter {@value #GENERATED}), whose skeleton methods take and
 * return no header parts: it reads the operation's request header blocks into their ADB beans,
 * lets the generated receiver bind the Body and build the answer, then adds the response header
 * blocks from their beans. Operations without header blocks go straight to the generated receiver.
 */
public final class HeaderReceiverInOut extends AbstractInOutMessageReceiver {
    public static final String GENERATED = "soapbench.generatedReceiver.inOut";

    private volatile AbstractInOutMessageReceiver generated;

    @Override
    public void invokeBusinessLogic(MessageContext request, MessageContext response) throws AxisFault {
        SampleHeaders.Operation headers = SampleHeaders.of(request.getAxisOperation().getName().getLocalPart());
        if (headers != null) {
            HeaderBlocks.read(headers, request);
        }
        generated(request).invokeBusinessLogic(request, response);
        if (headers != null) {
            HeaderBlocks.write(headers, response);
        }
    }

    private AbstractInOutMessageReceiver generated(MessageContext request) throws AxisFault {
        AbstractInOutMessageReceiver current = generated;
        if (current == null) {
            current = GeneratedReceivers.create(request, GENERATED, AbstractInOutMessageReceiver.class);
            generated = current;
        }
        return current;
    }
}
