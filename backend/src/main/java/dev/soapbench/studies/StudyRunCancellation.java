package dev.soapbench.studies;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.runs.CatalogRuns;
import dev.soapbench.runs.ManageTokens;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Cancels a study run for its owner: the API token that started it, or, for one started without a
 * token, whoever holds the manage token its 201 returned. Every cell's run that has not ended is
 * cancelled as a run's owner would cancel it (a queued one at once, a running one through its
 * worker); what the cells measured until then stays, and claims that rest on a cancelled cell say
 * "not measurable: cancelled".
 */
@Service
class StudyRunCancellation {

    static final String WHY = "cancelled with its study run by its owner";

    private static final Set<String> UNDER_WAY = Set.of("queued", "running");

    private final StudyRunRepository repository;
    private final StudyRunViews views;
    private final CatalogRuns runs;

    StudyRunCancellation(StudyRunRepository repository, StudyRunViews views, CatalogRuns runs) {
        this.repository = repository;
        this.views = views;
        this.runs = runs;
    }

    @Transactional
    StudyRunView cancel(UUID id, Caller caller, String manageToken) {
        StudyRunRepository.Ownership ownership =
                repository.ownership(id).orElseThrow(() -> ApiProblem.notFound("No study run '" + id + "'."));
        if (!caller.owns(ownership.ownerTokenId())
                && !ManageTokens.matches(manageToken, ownership.manageTokenSha256())) {
            throw ApiProblem.forbidden("Only the owner of study run '" + id + "' can cancel it: send the token"
                    + " that started it, or the X-Run-Manage-Token its start returned.");
        }
        String status = views.view(id).status();
        if (!UNDER_WAY.contains(status)) {
            throw ApiProblem.conflict("Study run '" + id + "' has already ended: it is " + status + ".");
        }
        for (UUID runId : repository.cellRuns(id)) {
            runs.cancel(runId, WHY);
        }
        return views.view(id);
    }
}
