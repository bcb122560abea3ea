package dev.soapbench.springws.server;

import org.springframework.ws.FaultAwareWebServiceMessage;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.soap.security.wss4j2.Wss4jSecurityInterceptor;
import org.springframework.ws.transport.WebServiceMessageReceiver;

/**
 * SecuredMessageReceiver is what MessageDispatcherServlet hands a secured build's messages to: the
 * build's Wss4jSecurityInterceptor applied around Spring-WS's SOAP dispatcher, rather than as an
 * endpoint interceptor.
 *
 * <p>Why: the dispatcher finds the endpoint (by the payload root element, or the SOAP action)
 * before any endpoint interceptor runs, and in {@code signencr} the Body's only child is
 * {@code xenc:EncryptedData}, so no mapping would find the endpoint of an encrypted request
 * (spring-ws issue SWS-1092, declined). Validated first, the request reaches the mappings
 * decrypted and with its Security header removed (the interceptor's default), and the endpoint's
 * answer is secured last. A refused request is answered with the interceptor's SOAP Fault and
 * never dispatched; a Fault the endpoint answers goes out unsecured, as the interceptor treats
 * faults.
 */
public class SecuredMessageReceiver implements WebServiceMessageReceiver {
    private final Wss4jSecurityInterceptor security;
    private final WebServiceMessageReceiver dispatcher;

    public SecuredMessageReceiver(Wss4jSecurityInterceptor security, WebServiceMessageReceiver dispatcher) {
        this.security = security;
        this.dispatcher = dispatcher;
    }

    @Override
    public void receive(MessageContext messageContext) throws Exception {
        Exception failure = null;
        try {
            if (!security.handleRequest(messageContext, null)) {
                return;
            }
            dispatcher.receive(messageContext);
            if (messageContext.hasResponse()
                    && !(messageContext.getResponse() instanceof FaultAwareWebServiceMessage answer && answer.hasFault())) {
                security.handleResponse(messageContext, null);
            }
        } catch (Exception e) {
            failure = e;
            throw e;
        } finally {
            security.afterCompletion(messageContext, null, failure);
        }
    }
}
