package dev.soapbench.studies;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.results.Comparison;
import dev.soapbench.results.Measurements;
import dev.soapbench.results.ResultsSummary;
import dev.soapbench.results.StoredMeasurement;
import dev.soapbench.results.Summaries;
import dev.soapbench.runs.CatalogRuns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** Reads a study run back with each cell's state and figures, recomputed from its run. */
@Component
class StudyRunViews {

    private final StudyRunRepository repository;
    private final CatalogRuns runs;
    private final Measurements measurements;
    private final ObjectMapper json;

    StudyRunViews(StudyRunRepository repository, CatalogRuns runs, Measurements measurements, ObjectMapper json) {
        this.repository = repository;
        this.runs = runs;
        this.measurements = measurements;
        this.json = json;
    }

    StudyRunView view(UUID id) {
        StudyRunRepository.StudyRunRow row =
                repository.find(id).orElseThrow(() -> ApiProblem.notFound("No study run '" + id + "'."));
        Study study = json.readValue(row.definition(), Study.class);
        Map<String, Measured> measured = new HashMap<>();
        List<StudyRunView.Cell> cells = new ArrayList<>();
        for (StudyRunRepository.CellRow cellRow : repository.cells(id)) {
            cells.add(cell(study, cellRow, measured));
        }
        return new StudyRunView(
                row.id(),
                row.studyId(),
                study.name(),
                status(cells),
                row.createdAt(),
                study.probe(),
                StudyMatrix.driver(study),
                study.chart(),
                cells,
                StudyFigures.compare(
                        study, cells, (cell, stack, baseline) -> pair(measured.get(cell.id()), stack, baseline)));
    }

    /**
     * The latest run of the study itself, each claim with what the latest run of every probe of the
     * study showed about it.
     */
    Optional<StudyRunView> latest(Study study) {
        return repository.latestFor(study.id()).map(this::view).map(run -> withProbes(study, run));
    }

    private StudyRunView withProbes(Study study, StudyRunView run) {
        if (study.probes() == null || study.probes().isEmpty()) {
            return run;
        }
        Map<String, StudyRunView> probeRuns = new HashMap<>();
        for (Study.Probe probe : study.probes()) {
            repository
                    .latestForProbe(study.id(), probe.id())
                    .map(this::view)
                    .ifPresent(v -> probeRuns.put(probe.id(), v));
        }
        List<StudyRunView.Comparison> comparisons = new ArrayList<>();
        for (StudyRunView.Comparison ours : run.comparisons()) {
            List<StudyRunView.ProbeFinding> findings = new ArrayList<>();
            for (Study.Probe probe : study.probes()) {
                findings.add(ProbeFindings.finding(probe, ours, probeRuns.get(probe.id())));
            }
            comparisons.add(ours.withProbes(findings));
        }
        return run.withComparisons(comparisons);
    }

    /** A sent cell's measurements and its cell of the run's summary, kept to pair any two of its stacks. */
    private record Measured(List<StoredMeasurement> measurements, ResultsSummary.Cell cell) {}

    /** Two stacks of a cell paired by round, as the run's summary pairs a stack with its reference. */
    private static Optional<Comparison> pair(Measured measured, String stack, String baseline) {
        if (measured == null) {
            return Optional.empty();
        }
        Optional<String> ours = key(measured.cell(), stack);
        Optional<String> theirs = key(measured.cell(), baseline);
        if (ours.isEmpty() || theirs.isEmpty()) {
            return Optional.empty();
        }
        return Summaries.pairedComparison(
                measured.measurements(), measured.cell().key(), ours.get(), theirs.get());
    }

    private static Optional<String> key(ResultsSummary.Cell cell, String stack) {
        return cell.stacks().stream()
                .filter(figures -> figures.stack().equals(stack))
                .map(ResultsSummary.StackFigures::key)
                .findFirst();
    }

    private StudyRunView.Cell cell(Study study, StudyRunRepository.CellRow row, Map<String, Measured> kept) {
        Study.Size size = study.matrix().sizes().stream()
                .filter(s -> s.id().equals(row.sizeId()))
                .findFirst()
                .orElseThrow();
        Study.Method method = study.matrix().methods().stream()
                .filter(m -> m.id().equals(row.methodId()))
                .findFirst()
                .orElseThrow();
        Integer sequenceLength = StudyFigures.sequenceLength(size, method);
        List<StudyCellPlan.StackPlan> plans = json.readValue(row.stacks(), new TypeReference<>() {});
        if (row.runId() == null) {
            List<StudyRunView.StackFigures> pending = plans.stream()
                    .map(plan -> StudyFigures.pending(plan.stack(), plan.reason()))
                    .toList();
            return new StudyRunView.Cell(
                    row.cellId(),
                    row.sizeId(),
                    row.security(),
                    row.concurrency(),
                    row.methodId(),
                    "pending",
                    row.reason(),
                    null,
                    null,
                    sequenceLength,
                    null,
                    pending);
        }
        Optional<CatalogRuns.State> state = runs.state(row.runId());
        List<StoredMeasurement> stored = measurements.withHistograms(row.runId());
        ResultsSummary summary = Summaries.summarise(stored);
        Map<String, CatalogRuns.StackState> stackStates = state.map(s -> s.stacks().stream()
                        .collect(Collectors.toMap(CatalogRuns.StackState::id, st -> st, (a, b) -> a)))
                .orElse(Map.of());
        Optional<ResultsSummary.Cell> measuredCell = summary.cells().stream()
                .filter(c -> c.key().security().equals(row.security()))
                .findFirst();
        List<ResultsSummary.StackFigures> measured =
                measuredCell.map(ResultsSummary.Cell::stacks).orElse(List.of());
        measuredCell.ifPresent(c -> kept.put(row.cellId(), new Measured(stored, c)));
        boolean nativeDriver =
                measuredCell.map(c -> "native".equals(c.key().driver())).orElse(false);
        List<StudyRunView.StackFigures> stacks = new ArrayList<>();
        for (StudyCellPlan.StackPlan plan : plans) {
            if (plan.pending()) {
                stacks.add(StudyFigures.pending(plan.stack(), plan.reason()));
                continue;
            }
            String id = Study.stackId(plan.stack());
            Optional<ResultsSummary.StackFigures> figures =
                    measured.stream().filter(f -> f.stack().equals(id)).findFirst();
            StudyFigures.Costs costs = figures.map(f -> StudyFigures.costs(
                            repetitions(stored, measuredCell.get().key(), f.key()), nativeDriver))
                    .orElse(StudyFigures.Costs.NONE);
            stacks.add(
                    StudyFigures.figures(id, Optional.ofNullable(stackStates.get(id)), figures, sequenceLength, costs));
        }
        return new StudyRunView.Cell(
                row.cellId(),
                row.sizeId(),
                row.security(),
                row.concurrency(),
                row.methodId(),
                state.map(CatalogRuns.State::status).orElse("failed"),
                state.isPresent() ? state.get().failure() : "the run was deleted",
                row.runId(),
                state.map(CatalogRuns.State::slug).orElse(null),
                sequenceLength,
                measuredCell.map(c -> c.key().driver()).orElse(null),
                StudyFigures.normalise(stacks, study.chart().baseline()));
    }

    /** The reported measurements of one stack@version in one cell of a run. */
    private static List<JsonNode> repetitions(
            List<StoredMeasurement> stored, ResultsSummary.CellKey cell, String stackKey) {
        return stored.stream()
                .map(StoredMeasurement::data)
                .filter(data -> Summaries.cellKey(data.path("cell")).equals(cell))
                .filter(data -> (data.path("stack").asString() + "@"
                                + data.path("version").asString())
                        .equals(stackKey))
                .toList();
    }

    /**
     * running while any sent cell runs (or is being cancelled); pending cells never hold a study run
     * back.
     */
    static String status(List<StudyRunView.Cell> cells) {
        List<String> sent = cells.stream()
                .map(StudyRunView.Cell::status)
                .filter(status -> !status.equals("pending"))
                .toList();
        if (sent.contains("running")
                || sent.contains("cancelling")
                || (sent.contains("queued") && sent.stream().anyMatch(s -> !s.equals("queued")))) {
            return "running";
        }
        if (sent.contains("queued")) {
            return "queued";
        }
        if (sent.isEmpty() || sent.contains("completed")) {
            return "completed";
        }
        // Cancelled by its owner before any cell completed.
        if (sent.contains("cancelled")) {
            return "cancelled";
        }
        return "failed";
    }
}
