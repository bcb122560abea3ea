package dev.soapbench.springws.server;

import dev.soapbench.springws.samples.SampleOperation;
import java.util.List;
import javax.xml.namespace.QName;
import org.springframework.oxm.jaxb.Jaxb2Marshaller;
import org.springframework.ws.WebServiceMessage;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.server.endpoint.MessageEndpoint;
import org.springframework.ws.soap.SoapHeader;
import org.springframework.ws.soap.SoapHeaderElement;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.support.MarshallingUtils;

/**
 * SampleEndpoint is the generic endpoint of one operation: it unmarshals each request's payload
 * and declared header blocks into the generated types, and marshals the sample response, bound
 * into the generated types once at start-up, as the answer (full data binding, never replayed XML).
 */
final class SampleEndpoint implements MessageEndpoint {
    private final Jaxb2Marshaller marshaller;
    private final SampleOperation operation;

    SampleEndpoint(Jaxb2Marshaller marshaller, SampleOperation operation) {
        this.marshaller = marshaller;
        this.operation = operation;
    }

    @Override
    public void invoke(MessageContext messageContext) throws Exception {
        WebServiceMessage request = messageContext.getRequest();
        if (request.getPayloadSource() != null) {
            MarshallingUtils.unmarshal(marshaller, request);
        }
        List<QName> headersIn = operation.entry().headersIn();
        if (!headersIn.isEmpty() && request instanceof SoapMessage soap && soap.getSoapHeader() != null) {
            var blocks = soap.getSoapHeader().examineAllHeaderElements();
            while (blocks.hasNext()) {
                SoapHeaderElement block = blocks.next();
                if (headersIn.contains(block.getName())) {
                    marshaller.unmarshal(block.getSource());
                }
            }
        }
        if (operation.entry().oneWay()) {
            return;
        }
        WebServiceMessage response = messageContext.getResponse();
        if (operation.response() != null) {
            MarshallingUtils.marshal(marshaller, operation.response(), response);
        }
        if (!operation.responseHeaders().isEmpty()) {
            SoapHeader header = ((SoapMessage) response).getSoapHeader();
            for (Object block : operation.responseHeaders()) {
                marshaller.marshal(block, header.getResult());
            }
        }
    }
}
