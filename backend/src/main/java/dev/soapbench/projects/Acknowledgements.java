package dev.soapbench.projects;

import dev.soapbench.accounts.Caller;
import dev.soapbench.accounts.ProjectClaims;
import dev.soapbench.accounts.ProjectNames;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.stereotype.Service;

/**
 * Regressions a project accepts. Only the project's own tokens acknowledge or withdraw, so nobody
 * else can silence its gate; anyone who may read the project's history may read them, because
 * the gate and the history show them beside the figures they excuse.
 */
@Service
class Acknowledgements {

    /** The metrics the gate judges, by the API's names (MetricComparison and throughput). */
    static final Set<String> METRICS = Set.of("throughput", "latencyP99", "cpuPerRequest", "peakRss");

    static final int MAX_REASON = 500;

    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{7,64}");
    private static final Pattern STACK = Pattern.compile("[a-z0-9][a-z0-9._-]{0,49}(@[A-Za-z0-9._+-]{1,50})?");
    private static final Pattern CONTROL = Pattern.compile("\\p{Cntrl}");

    record Request(String project, String commit, String branch, String stack, String metric, String reason) {}

    private final AcknowledgementRepository repository;
    private final ProjectClaims claims;

    Acknowledgements(AcknowledgementRepository repository, ProjectClaims claims) {
        this.repository = repository;
        this.claims = claims;
    }

    Acknowledgement acknowledge(Request request, Caller caller) {
        List<ProblemError> faults = faults(request);
        if (!faults.isEmpty()) {
            throw ApiProblem.unprocessable(
                    "The acknowledgement is not valid: "
                            + faults.stream()
                                    .map(f -> f.field() + " " + f.message())
                                    .reduce((a, b) -> a + "; " + b)
                                    .orElse(""),
                    faults);
        }
        claims.requireProjectToken(caller, request.project(), "acknowledge its regressions");
        Acknowledgement a = new Acknowledgement(
                UUID.randomUUID(),
                request.project(),
                request.commit(),
                request.branch(),
                request.stack(),
                request.metric(),
                request.reason().strip(),
                null);
        return repository.insert(a, caller.tokenId().orElseThrow());
    }

    List<Acknowledgement> active(String project) {
        if (!ProjectNames.valid(project)) {
            throw ApiProblem.badRequest(
                    "Name the project: project=<the CI project, e.g. acme/billing>.",
                    ProblemError.inField("project", ProjectNames.RULE));
        }
        return repository.active(project);
    }

    void withdraw(UUID id, Caller caller) {
        String project = repository.projectOfActive(id);
        if (project == null) {
            throw ApiProblem.notFound("No acknowledgement " + id + " in force.");
        }
        claims.requireProjectToken(caller, project, "withdraw its acknowledgements");
        repository.withdraw(id);
    }

    private static List<ProblemError> faults(Request r) {
        List<ProblemError> faults = new ArrayList<>();
        if (r == null) {
            return List.of(ProblemError.inField("/", "a JSON object with project, commit or branch, and reason"));
        }
        if (!ProjectNames.valid(r.project())) {
            faults.add(ProblemError.inField("/project", "required: " + ProjectNames.RULE));
        }
        if (r.commit() == null && r.branch() == null) {
            faults.add(ProblemError.inField("/commit", "name the commit or the branch whose runs it covers"));
        }
        if (r.commit() != null && !COMMIT.matcher(r.commit()).matches()) {
            faults.add(ProblemError.inField("/commit", "a git commit id: 7 to 64 lowercase hex digits"));
        }
        if (r.branch() != null && !ProjectNames.valid(r.branch())) {
            faults.add(ProblemError.inField("/branch", ProjectNames.RULE));
        }
        if (r.stack() != null && !STACK.matcher(r.stack()).matches()) {
            faults.add(ProblemError.inField("/stack", "a stack id or id@version, e.g. cxf or cxf@4.2.3"));
        }
        if (r.metric() != null && !METRICS.contains(r.metric())) {
            faults.add(ProblemError.inField(
                    "/metric",
                    "one of " + String.join(", ", METRICS.stream().sorted().toList())));
        }
        if (r.reason() == null || r.reason().isBlank() || r.reason().length() > MAX_REASON) {
            faults.add(ProblemError.inField(
                    "/reason", "required: why the change is accepted, 1 to " + MAX_REASON + " characters"));
        } else if (CONTROL.matcher(r.reason()).find()) {
            faults.add(ProblemError.inField("/reason", "one line of text without control characters"));
        }
        return faults;
    }
}
