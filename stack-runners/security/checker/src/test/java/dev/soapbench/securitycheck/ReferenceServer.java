package dev.soapbench.securitycheck;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A SOAP server in the test's own process that applies the profile with WSS4J, as a stack should:
 * it refuses (500 with a Fault) a request without the mode's security, and secures its answer per
 * the profile's response direction. Its answer echoes the request's text, so a round trip through
 * both encryptions shows. Behaviours other than VALIDATING are the broken stacks the checker must
 * catch.
 */
final class ReferenceServer implements AutoCloseable {
    enum Behaviour {
        /** Validates every request per the profile. */
        VALIDATING,
        /** Validates nothing and answers everything, secured: a stack that ignores request security. */
        ACCEPTS_EVERYTHING,
        /** Validates, but answers without any security header. */
        UNSECURED_ANSWER,
        /** Validates, but signs its answer with the client's key: trusted, yet not the server's. */
        WRONG_SIGNER,
        /** Answers with a document type declaration and an entity: a hostile server. */
        HOSTILE_DTD
    }

    static final String NS = "urn:soapbench:test";

    private final HttpServer http;
    private final Profile profile;
    private final Pki pki;
    private final Behaviour behaviour;

    ReferenceServer(Profile profile, Pki pki, Behaviour behaviour) throws IOException {
        this.profile = profile;
        this.pki = pki;
        this.behaviour = behaviour;
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/ws", this::handle);
        http.start();
    }

    String url() {
        return "http://127.0.0.1:" + http.getAddress().getPort() + "/ws";
    }

    @Override
    public void close() {
        http.stop(0);
    }

    private void handle(HttpExchange ex) throws IOException {
        byte[] in = HttpPost.readBounded(ex.getRequestBody());
        String soap = SoapXml.SOAP11;
        try {
            Document req = SoapXml.parse(in);
            soap = SoapXml.soapNamespace(req);
            String text = "unread";
            if (behaviour != Behaviour.ACCEPTS_EVERYTHING) {
                String why = refusal(req);
                if (why != null) {
                    reply(ex, 500, fault(soap, why));
                    return;
                }
                text = SoapXml.body(req).getTextContent().strip();
            }
            if (behaviour == Behaviour.HOSTILE_DTD) {
                reply(ex, 200, ("<?xml version=\"1.0\"?><!DOCTYPE e [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                        + "<e:Envelope xmlns:e=\"" + soap + "\"><e:Body><r xmlns=\"" + NS + "\">&x;</r></e:Body></e:Envelope>")
                        .getBytes(StandardCharsets.UTF_8));
                return;
            }
            Document answer = SoapXml.parse(("<e:Envelope xmlns:e=\"" + soap + "\"><e:Header/><e:Body><t:echoResponse xmlns:t=\""
                    + NS + "\"><t:text/></t:echoResponse></e:Body></e:Envelope>").getBytes(StandardCharsets.UTF_8));
            ((Element) answer.getElementsByTagNameNS(NS, "text").item(0)).setTextContent(text);
            if (behaviour != Behaviour.UNSECURED_ANSWER && profile.signs()) {
                Securer.Steps s = new Securer.Steps();
                s.timestamp = true;
                s.timestampTtlSeconds = profile.timestampTtlSeconds();
                boolean wrong = behaviour == Behaviour.WRONG_SIGNER;
                s.signWith = wrong ? pki.client : pki.server;
                s.signAlias = wrong ? pki.clientAlias : pki.serverAlias;
                s.signKeyPassword = pki.keyPassword;
                s.signKeyReference = "IssuerSerial";
                if (profile.encrypts()) {
                    s.encryptWith = pki.server;
                    s.encryptForAlias = pki.clientAlias;
                    s.encryptKeyReference = "IssuerSerial";
                }
                Securer.secure(answer, s, profile.algorithms());
            }
            reply(ex, 200, SoapXml.serialize(answer));
        } catch (Exception e) {
            reply(ex, 500, fault(soap, Checker.describe(e)));
        }
    }

    /** Why the request lacks the mode's security, or null. */
    private String refusal(Document req) throws Exception {
        Inbound in = Inbound.process(req, pki.server, pki.keyPassword, profile.username(), profile.password(),
                profile.timestampTtlSeconds(), profile.timestampFutureTtlSeconds());
        if (profile.usernameToken()) {
            return in.usernameTokenMissing(profile.username());
        }
        if (profile.signs()) {
            String why = in.timestampMissing();
            if (why == null) {
                why = in.signatureMissing(pki.clientCert);
            }
            if (why == null && profile.encrypts()) {
                why = in.bodyEncryptionMissing();
            }
            return why;
        }
        return null;
    }

    private static byte[] fault(String soap, String why) {
        String esc = why.replace("&", "&amp;").replace("<", "&lt;");
        String f = SoapXml.SOAP12.equals(soap)
                ? "<e:Fault><e:Code><e:Value>e:Sender</e:Value></e:Code><e:Reason><e:Text xml:lang=\"en\">" + esc
                        + "</e:Text></e:Reason></e:Fault>"
                : "<e:Fault><faultcode>e:Client</faultcode><faultstring>" + esc + "</faultstring></e:Fault>";
        return ("<e:Envelope xmlns:e=\"" + soap + "\"><e:Body>" + f + "</e:Body></e:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    private static void reply(HttpExchange ex, int status, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", "text/xml; charset=utf-8");
        ex.sendResponseHeaders(status, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }
}
