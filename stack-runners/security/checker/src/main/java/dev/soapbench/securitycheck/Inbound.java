package dev.soapbench.securitycheck;

import java.security.cert.X509Certificate;
import java.util.List;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import org.apache.wss4j.common.ext.WSPasswordCallback;
import org.apache.wss4j.common.ext.WSSecurityException;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.WSDataRef;
import org.apache.wss4j.dom.engine.WSSConfig;
import org.apache.wss4j.dom.engine.WSSecurityEngine;
import org.apache.wss4j.dom.engine.WSSecurityEngineResult;
import org.apache.wss4j.dom.handler.RequestData;
import org.apache.wss4j.dom.handler.WSHandlerResult;
import org.apache.wss4j.common.crypto.Crypto;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Processes a received wsse:Security header with WSS4J (decrypts in place, verifies signatures,
 * checks the timestamp and the UsernameToken) and says whether what it found is what the profile
 * requires. WSS4J alone accepts a message without any header, so the requirement checks are ours.
 */
final class Inbound {
    static {
        WSSConfig.init();
    }

    private final List<WSSecurityEngineResult> results;
    private final Document doc;
    private final String soap;

    private Inbound(List<WSSecurityEngineResult> results, Document doc) {
        this.results = results;
        this.doc = doc;
        this.soap = SoapXml.soapNamespace(doc);
    }

    /**
     * @param crypto the receiver's key (to decrypt) and the truststore (to verify)
     * @param username the only user a UsernameToken may name, with its password; null: none expected
     */
    static Inbound process(Document doc, Crypto crypto, String keyPassword, String username, String password,
                           int ttlSeconds, int futureTtlSeconds) throws WSSecurityException {
        CallbackHandler cb = callbacks -> {
            for (Callback c : callbacks) {
                if (c instanceof WSPasswordCallback pc) {
                    if (pc.getUsage() == WSPasswordCallback.USERNAME_TOKEN) {
                        if (username != null && username.equals(pc.getIdentifier())) {
                            pc.setPassword(password);
                        }
                    } else {
                        pc.setPassword(keyPassword);
                    }
                }
            }
        };
        RequestData data = new RequestData();
        data.setWssConfig(WSSConfig.getNewInstance());
        data.setSigVerCrypto(crypto);
        data.setDecCrypto(crypto);
        data.setCallbackHandler(cb);
        data.setTimeStampTTL(ttlSeconds > 0 ? ttlSeconds : 300);
        data.setTimeStampFutureTTL(futureTtlSeconds > 0 ? futureTtlSeconds : 60);
        data.setAllowUsernameTokenNoPassword(false);
        WSHandlerResult r = new WSSecurityEngine().processSecurityHeader(doc, data);
        return new Inbound(r == null ? List.of() : r.getResults(), doc);
    }

    /** Null when a Timestamp was present and valid (WSS4J refuses an expired one); else why not. */
    String timestampMissing() {
        return has(WSConstants.TS) ? null : "no Timestamp";
    }

    /**
     * Null when a signature by cert covers the envelope's own Body and the Timestamp of its own
     * Security header; else what is wrong. Comparing the elements themselves, not their names,
     * refuses a signed copy moved elsewhere in the message (signature wrapping).
     */
    String signatureMissing(X509Certificate cert) {
        boolean any = false;
        for (WSSecurityEngineResult r : results) {
            if (action(r) != WSConstants.SIGN) {
                continue;
            }
            any = true;
            if (!cert.equals(r.get(WSSecurityEngineResult.TAG_X509_CERTIFICATE))) {
                continue;
            }
            List<WSDataRef> refs = dataRefs(r);
            boolean body = refs.stream().anyMatch(d -> d.getProtectedElement() == SoapXml.body(doc));
            boolean ts = refs.stream().anyMatch(d -> isHeaderTimestamp(d.getProtectedElement()));
            if (body && ts) {
                return null;
            }
            return "the signature does not cover " + (body ? "" : "the Body ") + (ts ? "" : "the Timestamp ")
                    + "(it covers " + refs.stream().map(WSDataRef::getName).toList() + ")";
        }
        return any ? "no signature by " + cert.getSubjectX500Principal().getName() : "no signature";
    }

    private boolean isHeaderTimestamp(Element e) {
        return e != null && "Timestamp".equals(e.getLocalName()) && SoapXml.WSU.equals(e.getNamespaceURI())
                && e.getParentNode() instanceof Element sec && "Security".equals(sec.getLocalName())
                && SoapXml.WSSE.equals(sec.getNamespaceURI())
                && sec.getParentNode() instanceof Element header && "Header".equals(header.getLocalName())
                && soap.equals(header.getNamespaceURI()) && header.getParentNode() == doc.getDocumentElement();
    }

    /** Null when the Body (its content) was encrypted and is now decrypted; else what is wrong. */
    String bodyEncryptionMissing() {
        for (WSSecurityEngineResult r : results) {
            if (action(r) != WSConstants.ENCR) {
                continue;
            }
            for (WSDataRef ref : dataRefs(r)) {
                Element e = ref.getProtectedElement();
                Element body = SoapXml.body(doc);
                if (e != null && (e == body || e.getParentNode() == body)) {
                    return null;
                }
            }
        }
        return "the Body was not encrypted";
    }

    /** Null when a UsernameToken for user was present and valid; else what is wrong. */
    String usernameTokenMissing(String user) {
        for (WSSecurityEngineResult r : results) {
            if (action(r) == WSConstants.UT && r.get(WSSecurityEngineResult.TAG_PRINCIPAL) instanceof java.security.Principal p
                    && user.equals(p.getName())) {
                return null;
            }
        }
        return "no valid UsernameToken for " + user;
    }

    private boolean has(int action) {
        return results.stream().anyMatch(r -> action(r) == action);
    }

    private static int action(WSSecurityEngineResult r) {
        return r.get(WSSecurityEngineResult.TAG_ACTION) instanceof Integer i ? i : -1;
    }

    @SuppressWarnings("unchecked")
    private static List<WSDataRef> dataRefs(WSSecurityEngineResult r) {
        Object o = r.get(WSSecurityEngineResult.TAG_DATA_REF_URIS);
        return o instanceof List<?> l ? (List<WSDataRef>) l : List.of();
    }
}
