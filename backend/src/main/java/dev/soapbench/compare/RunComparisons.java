package dev.soapbench.compare;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.Machines;
import dev.soapbench.common.ProblemError;
import dev.soapbench.results.Measurements;
import dev.soapbench.results.OrderStatistics;
import dev.soapbench.results.RunRatio;
import dev.soapbench.runs.RunResult;
import dev.soapbench.runs.VisibleRuns;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;

/**
 * Puts up to five runs side by side: finds each as its caller may see it, refuses runs of
 * different WSDLs unless asked not to, lists what else differs between them, and computes the figures per cell and
 * stack against the baseline run. Computed afresh on every request: a comparison is a handful of
 * runs' measurements, and any of them may still be changing.
 */
@Service
class RunComparisons {

    private final VisibleRuns runs;
    private final Measurements measurements;

    RunComparisons(VisibleRuns runs, Measurements measurements) {
        this.runs = runs;
        this.measurements = measurements;
    }

    ComparePage compare(CompareQuery query, Caller caller) {
        List<VisibleRuns.Visible> found = new ArrayList<>();
        for (String name : query.runs()) {
            VisibleRuns.Visible run = find(name, caller);
            for (VisibleRuns.Visible earlier : found) {
                if (earlier.result().id().equals(run.result().id())) {
                    throw ApiProblem.badRequest(
                            "Run " + run.result().slug() + " is named twice in 'runs' (by its id and by its slug).",
                            ProblemError.inField("runs", "'" + name + "' named twice"));
                }
            }
            found.add(run);
        }
        int baseline = baselineIndex(query, found);
        List<ComparedRun> compared = found.stream().map(ComparedRun::of).toList();
        List<ComparedRun> baselineFirst = new ArrayList<>();
        baselineFirst.add(compared.get(baseline));
        for (int i = 0; i < compared.size(); i++) {
            if (i != baseline) {
                baselineFirst.add(compared.get(i));
            }
        }
        if (!query.wsdlMayDiffer()) {
            SameWsdl.check(baselineFirst);
        }

        List<CompareCells.MeasuredRun> measured = found.stream()
                .map(run -> new CompareCells.MeasuredRun(
                        run.result().id(),
                        run.result().slug(),
                        run.result().stacks(),
                        measurements.withHistograms(run.result().id())))
                .toList();
        List<ComparePage.Run> views = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            views.add(view(found.get(i), i == baseline));
        }
        return new ComparePage(
                found.get(baseline).result().id(),
                ComparePage.METHOD,
                OrderStatistics.CONFIDENCE,
                RunRatio.BETWEEN_RUN_TAU,
                RunRatio.MIN_REPETITIONS,
                List.copyOf(views),
                RunDifferences.of(compared),
                CompareCells.of(measured, baseline));
    }

    /** A run the caller may not see is not found, worded as GET /api/v1/runs/{id} words it, and names the parameter. */
    private VisibleRuns.Visible find(String name, Caller caller) {
        try {
            return runs.find(name, caller);
        } catch (ApiProblem problem) {
            if (problem.status() != HttpStatus.NOT_FOUND) {
                throw problem;
            }
            throw new ApiProblem(
                    HttpStatus.NOT_FOUND,
                    problem.title(),
                    problem.getMessage(),
                    List.of(ProblemError.inField("runs", "no run '" + name + "'")));
        }
    }

    private static int baselineIndex(CompareQuery query, List<VisibleRuns.Visible> found) {
        if (query.baseline() == null) {
            return 0;
        }
        for (int i = 0; i < found.size(); i++) {
            RunResult run = found.get(i).result();
            if (query.baseline().equals(query.runs().get(i))
                    || query.baseline().equalsIgnoreCase(run.id().toString())
                    || query.baseline().equals(run.slug())) {
                return i;
            }
        }
        throw ApiProblem.unprocessable(
                "The baseline '" + query.baseline() + "' is not one of the runs compared ("
                        + String.join(", ", query.runs()) + ").",
                ProblemError.inField("baseline", "not among 'runs'"));
    }

    private static ComparePage.Run view(VisibleRuns.Visible visible, boolean baseline) {
        RunResult run = visible.result();
        return new ComparePage.Run(
                run.id(),
                run.slug(),
                run.status(),
                "completed".equals(run.status()),
                baseline,
                run.createdAt(),
                run.finishedAt(),
                run.catalogId() != null ? "catalog:" + run.catalogId() : visible.fileName(),
                run.hardwareClass(),
                run.workerId(),
                machine(run.fingerprint()),
                run.fingerprint(),
                run.workload());
    }

    /** The machine in a few words (common/Machines). */
    static String machine(JsonNode fingerprint) {
        return Machines.describe(fingerprint);
    }
}
