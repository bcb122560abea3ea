package dev.soapbench.securitycheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;

/** The checker against the in-process reference server, and against servers that break the profile. */
class SecurityCheckTest {
    static final Path PROFILE = Path.of("../profile.json");

    @TempDir
    static Path shared;
    static Path pkiDir;

    @TempDir
    Path work;

    /** One PKI for the whole class, made by the project's own script. */
    @BeforeAll
    static void makePki() throws Exception {
        pkiDir = shared.resolve("pki");
        Process p = new ProcessBuilder("bash", "../make-pki", pkiDir.toString()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "make-pki failed: " + log);
    }

    record Run(int exit, List<Map<String, Object>> lines, String stderr, Path answer) {
        Map<String, Object> line(String check) {
            return lines.stream().filter(l -> check.equals(l.get("check"))).findFirst().orElseThrow(
                    () -> new AssertionError("no line for " + check + " in " + lines));
        }
    }

    private Run check(String mode, String soap, ReferenceServer.Behaviour behaviour) throws Exception {
        Profile profile = Profile.load(PROFILE, mode);
        Pki pki = new Pki(pkiDir, profile);
        String ns = soap.equals("1.2") ? SoapXml.SOAP12 : SoapXml.SOAP11;
        Path request = work.resolve("request.xml");
        Files.writeString(request, "<s:Envelope xmlns:s=\"" + ns + "\"><s:Body><t:echo xmlns:t=\"" + ReferenceServer.NS
                + "\"><t:text>hello secured</t:text></t:echo></s:Body></s:Envelope>");
        Path answer = work.resolve("answer.xml");
        try (ReferenceServer server = new ReferenceServer(profile, pki, behaviour)) {
            return invoke(answer, "--url", server.url(), "--mode", mode, "--request", request.toString(), "--soap", soap,
                    "--action", "urn:echo", "--pki", pkiDir.toString(), "--profile", PROFILE.toString(),
                    "--answer-out", answer.toString());
        }
    }

    @SuppressWarnings("unchecked")
    private static Run invoke(Path answer, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = SecurityCheck.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        List<Map<String, Object>> lines = new ArrayList<>();
        for (String l : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!l.isBlank()) {
                lines.add((Map<String, Object>) Json.parse(l));
            }
        }
        return new Run(exit, lines, err.toString(StandardCharsets.UTF_8), answer);
    }

    @ParameterizedTest
    @ValueSource(strings = {"plain", "username", "sign", "signencr"})
    void theReferenceServerPassesEveryCheckAndTheAnswerRoundTrips(String mode) throws Exception {
        Run r = check(mode, "1.1", ReferenceServer.Behaviour.VALIDATING);
        assertEquals(0, r.exit(), r.lines() + r.stderr());
        List<String> expected = new ArrayList<>(List.of("accepted"));
        // signencr's request may name the client's certificate by issuer and serial too.
        if (mode.equals("signencr")) {
            expected.add("accepted-issuer-serial");
        }
        expected.addAll(Profile.load(PROFILE, mode).tamperedChecks());
        assertEquals(expected, r.lines().stream().map(l -> l.get("check")).toList());
        r.lines().forEach(l -> assertEquals(Boolean.TRUE, l.get("ok"), l.toString()));
        assertAnswerIsTheEchoWithoutSecurity(r.answer());
    }

    @Test
    void soap12SignedAndEncryptedRoundTrips() throws Exception {
        Run r = check("signencr", "1.2", ReferenceServer.Behaviour.VALIDATING);
        assertEquals(0, r.exit(), r.lines() + r.stderr());
        assertAnswerIsTheEchoWithoutSecurity(r.answer());
    }

    @ParameterizedTest
    @ValueSource(strings = {"username", "sign", "signencr"})
    void aServerThatAcceptsEverythingFailsEveryTamperedCheck(String mode) throws Exception {
        Run r = check(mode, "1.1", ReferenceServer.Behaviour.ACCEPTS_EVERYTHING);
        assertEquals(1, r.exit(), r.lines().toString());
        assertEquals(Boolean.TRUE, r.line("accepted").get("ok"), r.lines().toString());
        List<String> tampered = Profile.load(PROFILE, mode).tamperedChecks();
        assertFalse(tampered.isEmpty());
        for (String t : tampered) {
            assertEquals(Boolean.FALSE, r.line(t).get("ok"), t + " passed against a server that checks nothing");
            assertTrue(((String) r.line(t).get("detail")).startsWith("not refused: HTTP 200"), r.line(t).toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sign", "signencr"})
    void anUnsecuredAnswerIsNotAccepted(String mode) throws Exception {
        Run r = check(mode, "1.1", ReferenceServer.Behaviour.UNSECURED_ANSWER);
        assertEquals(1, r.exit());
        assertEquals(Boolean.FALSE, r.line("accepted").get("ok"));
        assertTrue(((String) r.line("accepted").get("detail")).contains("no Timestamp"), r.line("accepted").toString());
        assertFalse(Files.exists(r.answer()), "an answer was written for a failed check");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sign", "signencr"})
    void anAnswerSignedByAnotherTrustedKeyIsNotAccepted(String mode) throws Exception {
        Run r = check(mode, "1.1", ReferenceServer.Behaviour.WRONG_SIGNER);
        assertEquals(1, r.exit());
        assertEquals(Boolean.FALSE, r.line("accepted").get("ok"));
        assertTrue(((String) r.line("accepted").get("detail")).contains("no signature by CN=soapbench-server"),
                r.line("accepted").toString());
    }

    @Test
    void anAnswerWithADoctypeIsRefusedUnread() throws Exception {
        Run r = check("username", "1.1", ReferenceServer.Behaviour.HOSTILE_DTD);
        assertEquals(1, r.exit());
        String detail = (String) r.line("accepted").get("detail");
        assertEquals(Boolean.FALSE, r.line("accepted").get("ok"));
        assertTrue(detail.contains("DOCTYPE"), detail);
        assertFalse(detail.contains("root:"), "the checker read a local file for the server: " + detail);
    }

    @Test
    void badArgumentsEndWithAnErrorLine() {
        Run r = invoke(work.resolve("a.xml"), "--url", "http://127.0.0.1:1/ws", "--mode", "sign");
        assertEquals(2, r.exit());
        assertTrue(r.stderr().strip().startsWith("error: missing"), r.stderr());
        Run unknown = invoke(work.resolve("a.xml"), "--bogus", "x");
        assertEquals(2, unknown.exit());
    }

    @Test
    void anUnknownModeIsAnError() throws Exception {
        Path request = work.resolve("r.xml");
        Files.writeString(request, "<s:Envelope xmlns:s=\"" + SoapXml.SOAP11 + "\"><s:Body/></s:Envelope>");
        Run r = invoke(work.resolve("a.xml"), "--url", "http://127.0.0.1:1/ws", "--mode", "kerberos", "--request",
                request.toString(), "--soap", "1.1", "--pki", pkiDir.toString(), "--profile", PROFILE.toString(),
                "--answer-out", work.resolve("a.xml").toString());
        assertEquals(2, r.exit());
        assertTrue(r.stderr().contains("no mode"), r.stderr());
    }

    private static void assertAnswerIsTheEchoWithoutSecurity(Path answer) throws Exception {
        assertTrue(Files.exists(answer), "no answer written");
        Document doc = SoapXml.parse(Files.readAllBytes(answer));
        assertEquals(0, doc.getElementsByTagNameNS(SoapXml.WSSE, "Security").getLength(), "the Security header is still there");
        assertEquals(0, doc.getElementsByTagNameNS("http://www.w3.org/2001/04/xmlenc#", "EncryptedData").getLength());
        assertNull(SoapXml.fault(doc));
        assertEquals("hello secured", doc.getElementsByTagNameNS(ReferenceServer.NS, "text").item(0).getTextContent());
    }
}
