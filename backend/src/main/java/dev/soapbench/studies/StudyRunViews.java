package dev.soapbench.studies;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.results.Measurements;
import dev.soapbench.results.ResultsSummary;
import dev.soapbench.results.Summaries;
import dev.soapbench.runs.CatalogRuns;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
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
        List<StudyRunView.Cell> cells =
                repository.cells(id).stream().map(cell -> cell(study, cell)).toList();
        return new StudyRunView(
                row.id(),
                row.studyId(),
                study.name(),
                status(cells),
                row.createdAt(),
                StudyMatrix.driver(study),
                study.chart(),
                cells,
                StudyFigures.compare(study, cells));
    }

    Optional<StudyRunView> latest(String studyId) {
        return repository.latestFor(studyId).map(this::view);
    }

    private StudyRunView.Cell cell(Study study, StudyRunRepository.CellRow row) {
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
        ResultsSummary summary = Summaries.summarise(measurements.withHistograms(row.runId()));
        Map<String, CatalogRuns.StackState> stackStates = state.map(s -> s.stacks().stream()
                        .collect(Collectors.toMap(CatalogRuns.StackState::id, st -> st, (a, b) -> a)))
                .orElse(Map.of());
        Optional<ResultsSummary.Cell> measuredCell = summary.cells().stream()
                .filter(c -> c.key().security().equals(row.security()))
                .findFirst();
        List<ResultsSummary.StackFigures> measured =
                measuredCell.map(ResultsSummary.Cell::stacks).orElse(List.of());
        List<StudyRunView.StackFigures> stacks = new ArrayList<>();
        for (StudyCellPlan.StackPlan plan : plans) {
            if (plan.pending()) {
                stacks.add(StudyFigures.pending(plan.stack(), plan.reason()));
                continue;
            }
            String id = plan.stack().replaceFirst("@.*", "");
            stacks.add(StudyFigures.figures(
                    id,
                    Optional.ofNullable(stackStates.get(id)),
                    measured.stream().filter(f -> f.stack().equals(id)).findFirst(),
                    sequenceLength));
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

    /** running while any sent cell runs; pending cells never hold a study run back. */
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
        return "failed";
    }
}
