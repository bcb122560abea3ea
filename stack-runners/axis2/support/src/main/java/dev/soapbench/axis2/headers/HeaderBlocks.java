package dev.soapbench.axis2.headers;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axiom.soap.SOAPHeader;
import org.apache.axiom.soap.SOAPHeaderBlock;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.databinding.ADBBean;
import org.apache.axis2.databinding.ADBDataSource;

/**
 * HeaderBlocks moves an operation's SOAP header blocks between envelopes and ADB beans: it parses
 * the request's blocks into their beans (a request missing one is a client fault) and adds the
 * response's blocks, each a header block whose content ADB writes from the bean bound at start-up.
 */
final class HeaderBlocks {
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

    private HeaderBlocks() {}

    /** read parses every header block the operation declares for its request into its bean. */
    static List<Object> read(SampleHeaders.Operation operation, MessageContext request) throws AxisFault {
        SOAPEnvelope envelope = request.getEnvelope();
        SOAPHeader header = envelope.getHeader();
        Map<QName, Iterator<?>> remaining = new HashMap<>();
        List<Object> beans = new ArrayList<>(operation.in().size());
        for (SampleHeaders.Incoming incoming : operation.in()) {
            Iterator<?> blocks = header == null ? null
                    : remaining.computeIfAbsent(incoming.element(), header::getChildrenWithName);
            if (blocks == null || !blocks.hasNext()) {
                throw senderFault(envelope, "the request has no SOAP header block " + incoming.element()
                        + ", which operation " + operation.name() + " requires");
            }
            OMElement block = (OMElement) blocks.next();
            try {
                beans.add(incoming.factoryParse().invoke(null, block.getXMLStreamReader()));
            } catch (InvocationTargetException e) {
                Throwable reason = e.getCause() == null ? e : e.getCause();
                throw senderFault(envelope, "SOAP header block " + incoming.element() + " of operation "
                        + operation.name() + " does not bind: " + reason.getMessage());
            } catch (IllegalAccessException e) {
                throw AxisFault.makeFault(e);
            }
            if (block instanceof SOAPHeaderBlock understood) {
                understood.setProcessed();
            }
        }
        return beans;
    }

    /** write adds the operation's response header blocks, in the samples' order, to the answer's envelope. */
    static void write(SampleHeaders.Operation operation, MessageContext response) {
        SOAPEnvelope envelope = response.getEnvelope();
        SOAPFactory factory = (SOAPFactory) envelope.getOMFactory();
        SOAPHeader header = envelope.getOrCreateHeader();
        for (SampleHeaders.Outgoing outgoing : operation.out()) {
            QName element = outgoing.element();
            SOAPHeaderBlock block = factory.createSOAPHeaderBlock(element.getLocalPart(),
                    factory.createOMNamespace(element.getNamespaceURI(), element.getPrefix()),
                    new ADBDataSource((ADBBean) outgoing.bean(), element));
            header.addChild(block);
        }
    }

    private static AxisFault senderFault(SOAPEnvelope envelope, String reason) {
        String ns = envelope.getNamespace().getNamespaceURI();
        return new AxisFault(reason, new QName(ns, SOAP12.equals(ns) ? "Sender" : "Client"));
    }
}
