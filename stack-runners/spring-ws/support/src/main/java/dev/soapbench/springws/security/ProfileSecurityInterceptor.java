package dev.soapbench.springws.security;

import java.util.ArrayList;
import java.util.List;
import org.apache.wss4j.common.crypto.AlgorithmSuite;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.WSDataRef;
import org.apache.wss4j.dom.engine.WSSecurityEngineResult;
import org.apache.wss4j.dom.handler.RequestData;
import org.apache.wss4j.dom.message.token.Timestamp;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.soap.security.WsSecuritySecurementException;
import org.springframework.ws.soap.security.WsSecurityValidationException;
import org.springframework.ws.soap.security.wss4j2.Wss4jSecurityInterceptor;
import org.springframework.ws.soap.security.wss4j2.Wss4jSecurityValidationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * ProfileSecurityInterceptor is Spring-WS's Wss4jSecurityInterceptor holding an incoming message
 * to the whole of the profile, not only to its actions. Wss4jSecurityInterceptor checks that the
 * message carried the configured actions (a signature, an encryption); the profile also says
 * what they cover, as a WS-SecurityPolicy does in the other stacks: here each signed part must be
 * the envelope's own Body and the Security header's own Timestamp (a signed copy elsewhere does
 * not count), each encrypted part the Body's content, the algorithms those of the suite, and a
 * UsernameToken's password of the profile's type.
 *
 * <p>It also mends how encryption leaves a SAAJ message. WSS4J encrypts and decrypts the SAAJ
 * message's own DOM, and the elements XML Encryption puts there (the request's decrypted payload,
 * the answer's {@code xenc:EncryptedData}) are plain DOM nodes without the SAAJ wrappers SAAJ
 * looks for: the endpoint mapping then fails on the request's payload with a ClassCastException,
 * the servlet on the answer with "Cannot find SOAP wrapper for element [xenc:EncryptedData]"
 * (spring-ws issues 1404, 1575, 1761). So after an encryption or a decryption, the message is read
 * anew from its bytes, which is what SaajSoapMessage.getDocument does.
 */
final class ProfileSecurityInterceptor extends Wss4jSecurityInterceptor {
    private final MessageProtection incoming;
    private final MessageProtection outgoing;
    private final String soapNamespace;
    private final AlgorithmSuite algorithmSuite;

    ProfileSecurityInterceptor(MessageProtection incoming, MessageProtection outgoing, String soapNamespace,
            AlgorithmSuite algorithmSuite) {
        this.incoming = incoming;
        this.outgoing = outgoing;
        this.soapNamespace = soapNamespace;
        this.algorithmSuite = algorithmSuite;
    }

    @Override
    protected void validateMessage(SoapMessage message, MessageContext messageContext) throws WsSecurityValidationException {
        super.validateMessage(message, messageContext);
        if (incoming.carries("EncryptedKey")) {
            message.getDocument();
        }
    }

    @Override
    protected void secureMessage(SoapMessage message, MessageContext messageContext) throws WsSecuritySecurementException {
        super.secureMessage(message, messageContext);
        if (outgoing.carries("EncryptedKey")) {
            message.getDocument();
        }
    }

    @Override
    protected RequestData initializeValidationRequestData(MessageContext messageContext) {
        RequestData data = super.initializeValidationRequestData(messageContext);
        if (incoming.carries("Signature") || incoming.carries("EncryptedKey")) {
            data.setAlgorithmSuite(algorithmSuite);
        }
        if (incoming.passwordType() != null) {
            data.setRequiredPasswordType(Wss4jTerms.passwordTypeUri(incoming.passwordType()));
        }
        return data;
    }

    @Override
    protected void checkResults(List<WSSecurityEngineResult> results, List<Integer> validationActions)
            throws Wss4jSecurityValidationException {
        super.checkResults(results, validationActions);
        List<WSDataRef> signed = references(results, WSConstants.SIGN);
        for (String part : incoming.signedParts()) {
            Element expected = switch (part) {
                case "Body" -> envelopeBody(signed);
                case "Timestamp" -> timestamp(results);
                default -> throw new UnsupportedSecurity("signed part " + part);
            };
            if (expected == null || signed.stream().noneMatch(ref -> expected.isSameNode(ref.getProtectedElement()))) {
                throw new Wss4jSecurityValidationException("the " + part + " is not signed");
            }
        }
        List<WSDataRef> encrypted = references(results, WSConstants.ENCR);
        for (String part : incoming.encryptedParts()) {
            if (!part.equals("Body")) {
                throw new UnsupportedSecurity("encrypted part " + part);
            }
            Element body = envelopeBody(encrypted);
            if (body == null || encrypted.stream().noneMatch(ref -> ref.isContent() && body.isSameNode(ref.getProtectedElement()))) {
                throw new Wss4jSecurityValidationException("the Body's content is not encrypted");
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static List<WSDataRef> references(List<WSSecurityEngineResult> results, int action) {
        List<WSDataRef> references = new ArrayList<>();
        for (WSSecurityEngineResult result : results) {
            if (Integer.valueOf(action).equals(result.get(WSSecurityEngineResult.TAG_ACTION))) {
                List<WSDataRef> refs = (List<WSDataRef>) result.get(WSSecurityEngineResult.TAG_DATA_REF_URIS);
                if (refs != null) {
                    references.addAll(refs);
                }
            }
        }
        return references;
    }

    /** The Body child of the Envelope of the document the references point into, or null without references. */
    private Element envelopeBody(List<WSDataRef> references) {
        Element any = references.isEmpty() ? null : references.get(0).getProtectedElement();
        if (any == null) {
            return null;
        }
        Element envelope = any.getOwnerDocument().getDocumentElement();
        for (Node child = envelope.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element && "Body".equals(element.getLocalName())
                    && soapNamespace.equals(element.getNamespaceURI())) {
                return element;
            }
        }
        return null;
    }

    /** The Timestamp WSS4J validated: the one of the Security header it processed. */
    private static Element timestamp(List<WSSecurityEngineResult> results) {
        for (WSSecurityEngineResult result : results) {
            if (result.get(WSSecurityEngineResult.TAG_TIMESTAMP) instanceof Timestamp timestamp) {
                return timestamp.getElement();
            }
        }
        return null;
    }
}
