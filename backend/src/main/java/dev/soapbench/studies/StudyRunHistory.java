package dev.soapbench.studies;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.WorkloadDefaults;
import dev.soapbench.runs.CatalogRuns;
import dev.soapbench.stacks.ResolvedStack;
import dev.soapbench.stacks.Stacks;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;

/**
 * How long a study took when it last ran the same cells. The estimate shown before a start is an
 * upper bound (every stack at a slow stack's rate), often several times the real time; a user
 * deciding whether to start wants the last real figure beside it.
 */
@Service
class StudyRunHistory {

    /** Study runs looked at, newest first, for one that completed the same cells. */
    static final int CANDIDATES = 10;

    /** A cell as its run was sent: its stacks as id@version (variant included), in any order, and repetitions. */
    private record SentCell(List<String> stacks, JsonNode repetitions) {

        static SentCell of(JsonNode workload, List<String> stacks) {
            JsonNode repetitions = workload.path("repetitions");
            return new SentCell(
                    stacks.stream().sorted().toList(),
                    repetitions.isMissingNode() || repetitions.isNull() ? null : repetitions);
        }
    }

    private final StudyRunRepository repository;
    private final CatalogRuns runs;
    private final Stacks stacks;

    StudyRunHistory(StudyRunRepository repository, CatalogRuns runs, Stacks stacks) {
        this.repository = repository;
        this.runs = runs;
        this.stacks = stacks;
    }

    /**
     * The newest study run of the study ({@code probeId} null) or probe whose cells all completed
     * and were the cells about to be sent: the same cell ids, each with the same stacks at the same
     * versions and variants and the same repetitions. A run of another matrix (a claim added since,
     * a stack's default version moved on, a repetitions override) says little of this one.
     */
    Optional<StudyEstimate.LastRun> lastComplete(String studyId, String probeId, List<StudyCellPlan> sent) {
        Optional<Map<String, SentCell>> expected = asSent(sent);
        if (expected.isEmpty()) {
            return Optional.empty();
        }
        for (UUID studyRunId : repository.newest(studyId, probeId, CANDIDATES)) {
            Optional<StudyEstimate.LastRun> same = ifSame(studyRunId, expected.get());
            if (same.isPresent()) {
                return same;
            }
        }
        return Optional.empty();
    }

    /** The study run's worker time and end, when every cell it sent completed and they are the expected ones. */
    private Optional<StudyEstimate.LastRun> ifSame(UUID studyRunId, Map<String, SentCell> expected) {
        List<StudyRunRepository.CellRow> sentCells = repository.cells(studyRunId).stream()
                .filter(cell -> cell.runId() != null)
                .toList();
        // Other cell ids are another matrix: refused before any of its runs is read.
        if (!sentCells.stream()
                .map(StudyRunRepository.CellRow::cellId)
                .collect(Collectors.toSet())
                .equals(expected.keySet())) {
            return Optional.empty();
        }
        Duration worked = Duration.ZERO;
        OffsetDateTime ended = null;
        for (StudyRunRepository.CellRow cell : sentCells) {
            Optional<CatalogRuns.Completed> run = runs.completed(cell.runId());
            if (run.isEmpty()) {
                return Optional.empty();
            }
            JsonNode workload = run.get().workload();
            if (!SentCell.of(workload, stackNames(workload)).equals(expected.get(cell.cellId()))) {
                return Optional.empty();
            }
            worked = worked.plus(
                    Duration.between(run.get().startedAt(), run.get().finishedAt()));
            ended = ended == null || run.get().finishedAt().isAfter(ended)
                    ? run.get().finishedAt()
                    : ended;
        }
        return Optional.of(new StudyEstimate.LastRun(studyRunId, Math.round(worked.toMillis() / 1000.0), ended));
    }

    /** The cells about to be sent, as their runs will store them; empty when a stack no longer resolves. */
    private Optional<Map<String, SentCell>> asSent(List<StudyCellPlan> sent) {
        Map<String, SentCell> cells = new HashMap<>();
        for (StudyCellPlan cell : sent) {
            List<String> resolved;
            try {
                resolved = stacks.resolve(stackNames(cell.workload())).stream()
                        .map(ResolvedStack::name)
                        .toList();
            } catch (ApiProblem unknown) {
                return Optional.empty();
            }
            cells.put(cell.id(), SentCell.of(WorkloadDefaults.applyTo(cell.workload()), resolved));
        }
        return Optional.of(cells);
    }

    private static List<String> stackNames(JsonNode workload) {
        return workload.path("stacks").valueStream().map(JsonNode::asString).toList();
    }
}
