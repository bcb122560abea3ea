package dev.soapbench.compare;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import java.util.List;
import java.util.Optional;

/**
 * Runs compare only when they measured the same contract, as k6 compares only runs of one script:
 * figures of two services say nothing about each other. A catalog service is the same service under
 * its id; an upload is the same WSDL when its bundle's content is (its digest), whatever the file
 * was called, so an upload of a catalog service's very files compares with that service's runs.
 */
final class SameWsdl {

    private SameWsdl() {}

    /** @throws ApiProblem 422 naming {@code runs} when a run measured another WSDL than the first */
    static void check(List<ComparedRun> runs) {
        ComparedRun first = runs.get(0);
        for (ComparedRun run : runs.subList(1, runs.size())) {
            whyNot(first, run).ifPresent(why -> {
                throw ApiProblem.unprocessable(
                        "Runs " + first.slug() + " (" + first.source() + ") and " + run.slug() + " (" + run.source()
                                + ") " + why + "; only runs of the same WSDL can be compared.",
                        ProblemError.inField("runs", "'" + run.slug() + "' measured another WSDL"));
            });
        }
    }

    /** Why two runs did not measure the same WSDL; empty when they did. */
    static Optional<String> whyNot(ComparedRun a, ComparedRun b) {
        if (a.catalogId() != null && b.catalogId() != null) {
            return a.catalogId().equals(b.catalogId())
                    ? Optional.empty()
                    : Optional.of("measured different catalog services");
        }
        return a.wsdlSha256().equals(b.wsdlSha256())
                ? Optional.empty()
                : Optional.of("measured different WSDLs (their bundles' contents differ)");
    }
}
