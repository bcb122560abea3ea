package dev.soapbench.securitycheck;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The checks of one mode against one server: the good request must be accepted and its answer
 * carry the profile's security (returned without it), and every tampered variant must be refused
 * with a SOAP fault.
 */
final class Checker {
    /** One check's outcome, printed as one JSON line. */
    record Result(String check, boolean ok, String detail) {
        String json() {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("check", check);
            fields.put("ok", ok);
            fields.put("detail", detail);
            return Json.line(fields);
        }
    }

    /** How much of a peer's answer a diagnostic may quote. */
    private static final int EXCERPT = 200;

    private final Profile profile;
    private final Pki pki;
    private final HttpPost http;
    private final byte[] request;
    private byte[] answer;

    Checker(Profile profile, Pki pki, HttpPost http, byte[] request) {
        this.profile = profile;
        this.pki = pki;
        this.http = http;
        this.request = request;
    }

    /** The accepted answer without its security header, once the "accepted" check has passed. */
    byte[] answer() {
        return answer;
    }

    List<Result> run() {
        List<Result> out = new ArrayList<>();
        out.add(accepted("accepted", profile.requestSignatureKeyReference()));
        // A signature that names the client's certificate the other way the mode allows (CXF's
        // client in signencr names it by issuer and serial): accepted the same.
        String also = profile.requestAlsoAcceptedSignatureKeyReference();
        if (profile.signs() && also != null) {
            out.add(accepted("accepted-" + also.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT), also));
        }
        for (String t : profile.tamperedChecks()) {
            out.add(refused(t));
        }
        return out;
    }

    private Result accepted(String name, String signKeyReference) {
        try {
            Document doc = SoapXml.parse(request);
            Securer.Steps steps = goodSteps();
            if (signKeyReference != null && !signKeyReference.equals(steps.signKeyReference)) {
                steps.signKeyReference = signKeyReference;
                steps.includeSignToken = true;
            }
            Securer.secure(doc, steps, profile.algorithms());
            HttpPost.Answer a = http.send(SoapXml.serialize(doc));
            if (a.status() != 200) {
                return new Result(name, false, "HTTP " + a.status() + ": " + SoapXml.describeAnswer(a.body(), EXCERPT));
            }
            Document got = SoapXml.parse(a.body());
            if (!SoapXml.soapNamespace(doc).equals(SoapXml.soapNamespace(got))) {
                return new Result(name, false, "the answer is no envelope of the request's SOAP version: "
                        + SoapXml.describeAnswer(a.body(), EXCERPT));
            }
            if (SoapXml.fault(got) != null) {
                return new Result(name, false, "HTTP 200 with a " + SoapXml.describeAnswer(a.body(), EXCERPT));
            }
            if (profile.signs()) {
                String why = answerSecurityMissing(got);
                if (why != null) {
                    return new Result(name, false, why);
                }
            }
            SoapXml.stripSecurity(got);
            answer = SoapXml.serialize(got);
            return new Result(name, true, profile.signs()
                    ? "HTTP 200, answer signed by the server over Body and Timestamp"
                            + (profile.encrypts() ? ", Body encrypted for the client" : "")
                    : "HTTP 200");
        } catch (Exception e) {
            return new Result(name, false, describe(e));
        }
    }

    /** Null when the answer carries what the profile's response direction requires; else why not. */
    private String answerSecurityMissing(Document got) {
        Inbound in;
        try {
            in = Inbound.process(got, pki.client, pki.keyPassword, null, null,
                    profile.timestampTtlSeconds(), profile.timestampFutureTtlSeconds());
        } catch (Exception e) {
            return "the answer's security does not validate: " + describe(e);
        }
        String why = in.timestampMissing();
        if (why == null) {
            why = in.signatureMissing(pki.serverCert);
        }
        if (why == null && profile.encrypts()) {
            why = in.bodyEncryptionMissing();
        }
        return why == null ? null : "the answer: " + why;
    }

    private Result refused(String check) {
        try {
            Securer.Steps steps = tamperedSteps(check);
            Document doc = SoapXml.parse(request);
            Securer.secure(doc, steps, profile.algorithms());
            HttpPost.Answer a = http.send(SoapXml.serialize(doc));
            if (a.status() >= 400 && a.status() < 500) {
                return new Result(check, true, "refused with HTTP " + a.status());
            }
            if (a.status() == 500) {
                try {
                    Document got = SoapXml.parse(a.body());
                    if (SoapXml.fault(got) != null) {
                        return new Result(check, true, "refused with HTTP 500 and a " + SoapXml.describeAnswer(a.body(), EXCERPT));
                    }
                } catch (IOException notXml) {
                    // falls through: a 500 without a fault is a crash, not a refusal
                }
                return new Result(check, false, "HTTP 500 without a SOAP Fault: " + SoapXml.describeAnswer(a.body(), EXCERPT));
            }
            return new Result(check, false, "not refused: HTTP " + a.status() + ": " + SoapXml.describeAnswer(a.body(), EXCERPT));
        } catch (Exception e) {
            return new Result(check, false, describe(e));
        }
    }

    private Securer.Steps goodSteps() {
        Securer.Steps s = new Securer.Steps();
        if (profile.usernameToken()) {
            s.username = profile.username();
            s.password = profile.password();
        }
        if (profile.signs()) {
            s.timestamp = true;
            s.timestampTtlSeconds = profile.timestampTtlSeconds();
            s.signWith = pki.client;
            s.signAlias = pki.clientAlias;
            s.signKeyPassword = pki.keyPassword;
            s.signKeyReference = profile.requestSignatureKeyReference();
        }
        if (profile.encrypts()) {
            s.encryptWith = pki.client;
            s.encryptForAlias = pki.serverAlias;
            s.encryptKeyReference = profile.requestEncryptionKeyReference();
        }
        return s;
    }

    private Securer.Steps tamperedSteps(String check) {
        Securer.Steps s = goodSteps();
        switch (check) {
            case "wrong-password" -> s.password = profile.password() + "-wrong";
            case "missing-token" -> s.username = null;
            case "altered-body" -> s.afterSigning = Checker::alterBody;
            case "expired-timestamp" -> {
                // Created so long ago that both its Expires and the receiver's TTL have passed.
                s.timestampCreated = Instant.now().minusSeconds(2L * profile.timestampTtlSeconds() + 600);
            }
            case "unsigned" -> {
                // A Timestamp alone: the header is there, the signature (and encryption) is not.
                s.signWith = null;
                s.encryptWith = null;
            }
            default -> throw new IllegalArgumentException("the profile names an unknown check " + Json.quote(check));
        }
        return s;
    }

    /** Changes the signed Body so its digest no longer matches: a text appended, or an element added. */
    static void alterBody(Document doc) {
        Element body = SoapXml.body(doc);
        Node text = firstText(body);
        if (text != null) {
            text.setNodeValue(text.getNodeValue() + "tampered");
            return;
        }
        Element target = body;
        for (Node n = body.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                target = e;
                break;
            }
        }
        target.appendChild(doc.createElementNS("urn:soapbench:tampered", "tampered")).setTextContent("x");
    }

    private static Node firstText(Node n) {
        for (Node c = n.getFirstChild(); c != null; c = c.getNextSibling()) {
            if ((c.getNodeType() == Node.TEXT_NODE || c.getNodeType() == Node.CDATA_SECTION_NODE)
                    && !c.getNodeValue().isBlank()) {
                return c;
            }
            Node t = firstText(c);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    static String describe(Throwable e) {
        String m = e.getMessage();
        String s = e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
        s = s.replaceAll("\\s+", " ");
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }
}
