package dev.soapbench.studies;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.WorkloadDefaults;
import dev.soapbench.stacks.Stacks;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * How long a study took when it last ran the same cells. The estimate shown before a start is an
 * upper bound (every stack at a slow stack's rate), often several times the real time; a user
 * deciding whether to start wants the last real figure beside it.
 */
@Service
class StudyRunHistory {

    /** Finished study runs looked at, newest first, for one that sent the same cells. */
    static final int CANDIDATES = 5;

    /** A cell as its run was sent: its stacks as id@version (variant included), in any order, and repetitions. */
    private record SentCell(List<String> stacks, JsonNode repetitions) {

        static SentCell of(List<String> stacks, JsonNode repetitions) {
            return new SentCell(
                    stacks.stream().sorted().toList(),
                    repetitions.isMissingNode() || repetitions.isNull() ? null : repetitions);
        }
    }

    private final StudyRunRepository repository;
    private final Stacks stacks;
    private final ObjectMapper json;

    StudyRunHistory(StudyRunRepository repository, Stacks stacks, ObjectMapper json) {
        this.repository = repository;
        this.stacks = stacks;
        this.json = json;
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
        return repository.finished(studyId, probeId, CANDIDATES).stream()
                .filter(run -> stored(run.cells()).equals(expected.get()))
                .findFirst()
                .map(run -> new StudyEstimate.LastRun(run.id(), Math.round(run.workerSeconds()), run.finishedAt()));
    }

    /** The cells about to be sent, as their runs will store them; empty when a stack no longer resolves. */
    private Optional<Map<String, SentCell>> asSent(List<StudyCellPlan> sent) {
        Map<String, SentCell> cells = new HashMap<>();
        for (StudyCellPlan cell : sent) {
            List<String> names = cell.workload()
                    .path("stacks")
                    .valueStream()
                    .map(JsonNode::asString)
                    .toList();
            List<String> resolved;
            try {
                resolved = stacks.resolve(names).stream()
                        .map(stack -> stack.id() + "@" + stack.version())
                        .toList();
            } catch (ApiProblem unknown) {
                return Optional.empty();
            }
            cells.put(
                    cell.id(),
                    SentCell.of(
                            resolved, WorkloadDefaults.applyTo(cell.workload()).path("repetitions")));
        }
        return Optional.of(cells);
    }

    /** A finished study run's cells ({@link StudyRunRepository.FinishedStudyRun#cells}). */
    private Map<String, SentCell> stored(String cellsJson) {
        Map<String, SentCell> cells = new HashMap<>();
        json.readTree(cellsJson)
                .properties()
                .forEach(cell -> cells.put(
                        cell.getKey(),
                        SentCell.of(
                                cell.getValue()
                                        .path("stacks")
                                        .valueStream()
                                        .map(JsonNode::asString)
                                        .toList(),
                                cell.getValue().path("repetitions"))));
        return cells;
    }
}
