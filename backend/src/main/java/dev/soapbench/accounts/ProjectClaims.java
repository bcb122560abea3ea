package dev.soapbench.accounts;

import dev.soapbench.common.ApiProblem;
import org.springframework.stereotype.Service;

/**
 * Who may act for a CI project. A project nobody has claimed is open: any caller may submit runs
 * under its name, as before projects had tokens. Minting the first project token claims it; from
 * then on its runs come from its tokens only, so its history and its gate belong to its team.
 */
@Service
public class ProjectClaims {

    private final ProjectRepository projects;

    ProjectClaims(ProjectRepository projects) {
        this.projects = projects;
    }

    boolean isClaimed(String project) {
        return projects.exists(project);
    }

    /** Claims the project; false when it was claimed already. */
    boolean claim(String project) {
        return projects.insertIfAbsent(project);
    }

    /**
     * Refuses a caller that may not submit runs under {@code project}: a token of another project,
     * or anyone but the project's own tokens once it is claimed.
     */
    public void requireMaySubmit(Caller caller, String project) {
        if (caller.project().isPresent() && !caller.actsFor(project)) {
            throw ApiProblem.forbidden("This token belongs to project '"
                    + caller.project().get() + "'; it cannot act for project '" + project + "'.");
        }
        if (!caller.actsFor(project) && isClaimed(project)) {
            throw ApiProblem.forbidden(
                    "Project '" + project + "' is claimed: its runs are submitted with one of its project tokens.");
        }
    }

    /** Refuses a caller that does not present a token of {@code project}. */
    public void requireProjectToken(Caller caller, String project, String action) {
        if (!caller.actsFor(project)) {
            throw ApiProblem.forbidden("Only a token of project '" + project + "' may " + action + ".");
        }
    }
}
