package dev.soapbench.securitycheck;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.w3c.dom.Document;

/**
 * security-check --url URL --mode MODE --request FILE --soap 1.1|1.2 [--action A] --pki DIR
 * --profile FILE --answer-out FILE [--timeout SECONDS]
 *
 * Prints one JSON line per check; exits 0 when every check passed, 1 when one failed, 2 when it
 * could not run (bad arguments, an unreadable PKI or request), with a last stderr line "error: ...".
 */
public final class SecurityCheck {
    private static final Set<String> REQUIRED = Set.of("--url", "--mode", "--request", "--soap", "--pki", "--profile", "--answer-out");
    private static final Set<String> OPTIONAL = Set.of("--action", "--timeout");

    private SecurityCheck() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Map<String, String> a;
        try {
            a = arguments(args);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        Checker checker;
        Path answerOut = Path.of(a.get("--answer-out"));
        try {
            Files.deleteIfExists(answerOut);
            String soap = a.get("--soap");
            if (!soap.equals("1.1") && !soap.equals("1.2")) {
                throw new IllegalArgumentException("--soap is 1.1 or 1.2");
            }
            Profile profile = Profile.load(Path.of(a.get("--profile")), a.get("--mode"));
            Pki pki = new Pki(Path.of(a.get("--pki")), profile);
            byte[] request = HttpPost.readBounded(Files.newInputStream(Path.of(a.get("--request"))));
            Document doc = SoapXml.parse(request);
            String expected = soap.equals("1.2") ? SoapXml.SOAP12 : SoapXml.SOAP11;
            if (!expected.equals(SoapXml.soapNamespace(doc))) {
                throw new IllegalArgumentException("the request is no SOAP " + soap + " envelope");
            }
            int timeout = Integer.parseInt(a.getOrDefault("--timeout", "60"));
            if (timeout < 1 || timeout > 3600) {
                throw new IllegalArgumentException("--timeout is 1 to 3600 seconds");
            }
            HttpPost http = new HttpPost(URI.create(a.get("--url")), soap, a.get("--action"), timeout * 1000);
            checker = new Checker(profile, pki, http, request);
        } catch (Exception e) {
            err.println("error: " + Checker.describe(e));
            return 2;
        }
        List<Checker.Result> results = checker.run();
        boolean all = true;
        for (Checker.Result r : results) {
            out.println(r.json());
            all &= r.ok();
        }
        if (checker.answer() != null) {
            try {
                Files.write(answerOut, checker.answer());
            } catch (Exception e) {
                err.println("error: writing the answer: " + Checker.describe(e));
                return 2;
            }
        }
        out.flush();
        return all ? 0 : 1;
    }

    private static Map<String, String> arguments(String[] args) {
        Map<String, String> a = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String k = args[i];
            if (!REQUIRED.contains(k) && !OPTIONAL.contains(k)) {
                throw new IllegalArgumentException("unknown argument " + Json.quote(k));
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(k + " needs a value");
            }
            if (a.put(k, args[++i]) != null) {
                throw new IllegalArgumentException(k + " given twice");
            }
        }
        for (String k : REQUIRED) {
            if (!a.containsKey(k)) {
                throw new IllegalArgumentException("missing " + k);
            }
        }
        return a;
    }
}
