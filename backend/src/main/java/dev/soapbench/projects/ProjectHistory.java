package dev.soapbench.projects;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.results.ResultsSummary;
import dev.soapbench.runs.BranchRuns;
import dev.soapbench.runs.BranchRuns.BranchRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Service;

/**
 * The history of one branch of a CI project: each stack's median throughput, p99 latency, server
 * CPU per request and peak RSS run by run, and where each moved (ChangePoints). A series is one
 * hardware class, one cell (security, operation, load, driver), one stack and one metric: figures
 * of other machines or loads are never put on one line. A new version of a stack stays in its
 * series, so an upgrade that changed the speed shows as a change.
 */
@Service
class ProjectHistory {

    /** The newest runs a history reads: enough for tens of commits, few enough to compute on a read. */
    static final int MAX_RUNS = 100;

    static final String METHOD = "pettitt-binary-segmentation-permutation";

    private final BranchRuns branchRuns;
    private final AcknowledgementRepository acknowledgements;

    ProjectHistory(BranchRuns branchRuns, AcknowledgementRepository acknowledgements) {
        this.branchRuns = branchRuns;
        this.acknowledgements = acknowledgements;
    }

    ProjectHistoryPage of(String project, String branch, Caller caller) {
        if (project == null || project.isBlank()) {
            throw ApiProblem.badRequest(
                    "Name the project: project=<the CI project, e.g. acme/billing>.",
                    ProblemError.inField("project", "required"));
        }
        String onBranch = branch == null || branch.isBlank() ? "main" : branch;
        List<BranchRun> runs = branchRuns.completed(project, onBranch, caller, MAX_RUNS);
        if (runs.isEmpty()) {
            throw ApiProblem.notFound("No completed run of project '" + project.strip() + "' on branch '"
                    + onBranch.strip() + "' that you may see.");
        }
        List<ProjectHistoryPage.Run> listed = new ArrayList<>();
        Map<SeriesKey, List<ProjectHistoryPage.Point>> points = new LinkedHashMap<>();
        for (BranchRun run : runs) {
            var r = run.result();
            listed.add(new ProjectHistoryPage.Run(
                    r.id(), r.slug(), run.commit(), run.ciUrl(), r.createdAt(), r.hardwareClass()));
            if (r.summary() == null) {
                continue;
            }
            for (ResultsSummary.Cell cell : r.summary().cells()) {
                for (ResultsSummary.StackFigures s : branchFigures(cell.stacks())) {
                    if (s.used() == 0) {
                        continue;
                    }
                    for (HistoryMetric metric : HistoryMetric.values()) {
                        Double value = metric.value(s);
                        if (value == null || !(value > 0) || value.isInfinite()) {
                            continue;
                        }
                        SeriesKey key = new SeriesKey(r.hardwareClass(), cell.label(), s.stack(), metric);
                        points.computeIfAbsent(key, k -> new ArrayList<>())
                                .add(new ProjectHistoryPage.Point(
                                        r.id(),
                                        r.slug(),
                                        run.commit(),
                                        s.version(),
                                        value,
                                        metric.low(s),
                                        metric.high(s),
                                        s.used()));
                    }
                }
            }
        }
        List<Acknowledgement> accepted = acknowledgements.active(project.strip());
        List<ProjectHistoryPage.Series> series = new ArrayList<>();
        points.forEach((key, line) -> series.add(acknowledged(series(key, line), onBranch.strip(), accepted)));
        return new ProjectHistoryPage(
                project.strip(),
                onBranch.strip(),
                METHOD,
                ChangePoints.ALPHA,
                ChangePoints.MIN_SEGMENT,
                List.copyOf(listed),
                List.copyOf(series));
    }

    /**
     * The figures that speak for the branch: in an A/B of two WSDLs the head is the branch's WSDL
     * and the base the one it is compared with, so a stack's base figures give way to its head's,
     * which stay on the stack's line (a head's version is {@code <version>+head}).
     */
    static List<ResultsSummary.StackFigures> branchFigures(List<ResultsSummary.StackFigures> figures) {
        List<String> withHead = figures.stream()
                .filter(s -> s.version().endsWith("+head"))
                .map(ResultsSummary.StackFigures::stack)
                .toList();
        return figures.stream()
                .filter(s -> s.version().endsWith("+head") || !withHead.contains(s.stack()))
                .toList();
    }

    /**
     * The series with each regression marked by the acknowledgement that covers it: one of the
     * project's acknowledgements of this stack and metric on this branch or at the first commit
     * after the change, which is where the change came in.
     */
    static ProjectHistoryPage.Series acknowledged(
            ProjectHistoryPage.Series series, String branch, List<Acknowledgement> accepted) {
        List<ProjectHistoryPage.Change> changes = series.changes().stream()
                .map(c -> !c.regression()
                        ? c
                        : c.acknowledgedBy(accepted.stream()
                                .filter(a -> a.covers(c.firstCommitAfter(), branch, series.stack(), series.metric()))
                                .findFirst()
                                .orElse(null)))
                .toList();
        return series.withChanges(changes);
    }

    /** One line of the history: a hardware class, a cell, a stack and a metric. */
    record SeriesKey(String hardwareClass, String cell, String stack, HistoryMetric metric) {}

    static ProjectHistoryPage.Series series(SeriesKey key, List<ProjectHistoryPage.Point> line) {
        HistoryMetric metric = key.metric();
        if (line.size() < 2 * ChangePoints.MIN_SEGMENT) {
            return seriesOf(
                    key,
                    line,
                    List.of(),
                    "not enough runs to look for a change: " + line.size() + ", at least "
                            + 2 * ChangePoints.MIN_SEGMENT + " needed");
        }
        List<Double> logs = line.stream().map(p -> Math.log(p.median())).toList();
        // One seed per series: the same runs always give the same answer.
        long seed = (key.hardwareClass() + "\n" + key.cell() + "\n" + key.stack() + "\n" + metric.apiName).hashCode();
        List<ChangePoints.Change> found = ChangePoints.of(logs, seed);
        List<ProjectHistoryPage.Change> changes = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            int at = found.get(i).index();
            int from = i == 0 ? 0 : found.get(i - 1).index();
            int to = i + 1 < found.size() ? found.get(i + 1).index() : line.size();
            double before = median(line.subList(from, at));
            double after = median(line.subList(at, to));
            ProjectHistoryPage.Point last = line.get(at - 1);
            ProjectHistoryPage.Point first = line.get(at);
            String direction = metric.direction(before, after);
            String text = String.format(
                    Locale.ROOT,
                    "%s became %s: %s to %s %s (%.2f×) between %s and %s (p = %.3f)",
                    metric.subject(key.stack()),
                    direction,
                    metric.format(before),
                    metric.format(after),
                    metric.unit,
                    after / before,
                    commitOrRun(last),
                    commitOrRun(first),
                    found.get(i).pValue());
            changes.add(new ProjectHistoryPage.Change(
                    last.run(),
                    last.commit(),
                    first.run(),
                    first.commit(),
                    before,
                    after,
                    after / before,
                    found.get(i).pValue(),
                    direction,
                    metric.isRegression(before, after),
                    text,
                    null));
        }
        return seriesOf(key, line, changes, null);
    }

    private static ProjectHistoryPage.Series seriesOf(
            SeriesKey key, List<ProjectHistoryPage.Point> line, List<ProjectHistoryPage.Change> changes, String note) {
        return new ProjectHistoryPage.Series(
                key.hardwareClass(),
                key.cell(),
                key.stack(),
                key.metric().apiName,
                key.metric().unit,
                List.copyOf(line),
                List.copyOf(changes),
                note);
    }

    private static String commitOrRun(ProjectHistoryPage.Point p) {
        return p.commit() != null ? "commit " + p.commit() : "run " + p.slug();
    }

    private static double median(List<ProjectHistoryPage.Point> points) {
        double[] v = points.stream()
                .mapToDouble(ProjectHistoryPage.Point::median)
                .sorted()
                .toArray();
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }
}
