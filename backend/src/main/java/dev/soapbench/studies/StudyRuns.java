package dev.soapbench.studies;

import dev.soapbench.accounts.Caller;
import dev.soapbench.catalog.Catalog;
import dev.soapbench.catalog.CatalogService;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.limits.WorkEstimate;
import dev.soapbench.limits.WorkQuota;
import dev.soapbench.runs.CatalogRuns;
import dev.soapbench.runs.ManageTokens;
import dev.soapbench.stacks.Stacks;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.ObjectMapper;

/**
 * Starts studies: expands the matrix and, in one transaction, charges the caller's work quota for
 * the whole matrix, records the study run, sends one run per cell some stack can measure, and
 * records the other cells as pending.
 */
@Service
class StudyRuns {

    private final Studies studies;
    private final Catalog catalog;
    private final Stacks stacks;
    private final CatalogRuns runs;
    private final StudyRunRepository repository;
    private final ObjectMapper json;
    private final WorkQuota quota;
    private final StudyRunHistory history;

    StudyRuns(
            Studies studies,
            Catalog catalog,
            Stacks stacks,
            CatalogRuns runs,
            StudyRunRepository repository,
            ObjectMapper json,
            WorkQuota quota,
            StudyRunHistory history) {
        this.studies = studies;
        this.catalog = catalog;
        this.stacks = stacks;
        this.runs = runs;
        this.repository = repository;
        this.json = json;
        this.quota = quota;
        this.history = history;
    }

    /**
     * What starting the study with these options would ask of the workers, and what the same cells
     * took when they last ran; nothing is stored.
     */
    StudyEstimate estimate(String studyId, String probeId, StudyMatrix.Options options) {
        List<StudyCellPlan> cells = cells(study(studyId, probeId), options);
        List<StudyCellPlan> sent =
                cells.stream().filter(cell -> !cell.pending()).toList();
        long workerSeconds = 0;
        long requests = 0;
        for (StudyCellPlan cell : sent) {
            WorkEstimate estimate = quota.estimateOnly(cell.workload());
            workerSeconds += estimate.workerSeconds();
            requests += estimate.measurements() * StudyEstimate.measuredRequests(cell.workload());
        }
        return new StudyEstimate(
                studyId,
                sent.size(),
                cells.size() - sent.size(),
                options.repetitions(),
                workerSeconds,
                requests,
                quota.assumptions().basis(),
                history.lastComplete(studyId, probeId, sent).orElse(null));
    }

    /** The study, or the study as its probe {@code probeId} runs it when one is named. */
    private Study study(String studyId, String probeId) {
        Study study = studies.find(studyId).orElseThrow(() -> ApiProblem.notFound("No study '" + studyId + "'."));
        if (probeId == null) {
            return study;
        }
        return study.probeNamed(probeId)
                .map(study::probed)
                .orElseThrow(() -> ApiProblem.unprocessable(
                        "Study '" + studyId + "' has no probe '" + probeId + "'"
                                + (study.probes() == null
                                        ? "; it has none."
                                        : "; its probes: "
                                                + String.join(
                                                        ", ",
                                                        study.probes().stream()
                                                                .map(Study.Probe::id)
                                                                .toList())
                                                + "."),
                        ProblemError.inField("/probe", "unknown probe")));
    }

    private List<StudyCellPlan> cells(Study study, StudyMatrix.Options options) {
        String studyId = study.id();
        CatalogService service = catalog.find(study.catalog())
                .orElseThrow(() -> ApiProblem.unprocessable("Study '" + studyId + "' names catalog service '"
                        + study.catalog() + "', which this server does not have."));
        return StudyMatrix.expand(study, service.defaultWorkload(), stacks::find, options);
    }

    /** A started study run; {@code manageToken} is set for a caller without an API token only. */
    record Started(UUID id, Optional<String> manageToken) {}

    @Transactional
    Started start(String studyId, String probeId, StudyMatrix.Options options, Caller caller) {
        Study study = study(studyId, probeId);
        List<StudyCellPlan> cells = cells(study, options);
        UUID studyRunId = UUID.randomUUID();
        List<Long> runWorkerSeconds = cells.stream()
                .filter(cell -> !cell.pending())
                .map(cell -> quota.estimate(cell.workload()).workerSeconds())
                .toList();
        quota.chargeRuns(caller, runWorkerSeconds, "study-run:" + studyRunId);
        // As for a run: an anonymous starter gets a secret to cancel the study run with, shown once.
        Optional<String> manageToken = caller.isAnonymous() ? Optional.of(ManageTokens.generate()) : Optional.empty();
        repository.insertStudyRun(
                studyRunId,
                study.id(),
                caller.tokenId().orElse(null),
                manageToken.map(ManageTokens::sha256).orElse(null),
                json.writeValueAsString(study));
        for (StudyCellPlan cell : cells) {
            UUID runId = cell.pending() ? null : submit(study, cell, caller);
            repository.insertCell(
                    studyRunId,
                    new StudyRunRepository.CellRow(
                            cell.position(),
                            cell.id(),
                            cell.size().id(),
                            cell.security(),
                            cell.concurrency(),
                            cell.method().id(),
                            cell.pending() ? "pending" : "sent",
                            cell.pendingReason(),
                            runId,
                            json.writeValueAsString(cell.stacks())));
        }
        return new Started(studyRunId, manageToken);
    }

    private UUID submit(Study study, StudyCellPlan cell, Caller caller) {
        try {
            return runs.submit(study.catalog(), cell.workload(), caller).id();
        } catch (ApiProblem problem) {
            throw ApiProblem.unprocessable(
                    "Cell " + cell.id() + " of study '" + study.id() + "' cannot start: " + problem.getMessage(),
                    problem.errors());
        }
    }
}
