package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Interop runs (workload mode {@code interop}) for the interop feature, as their caller may see them:
 * by id or share slug with the runs' visibility rule, and listed as runs are (public ones and the
 * caller's own private ones).
 */
@Service
public class InteropRuns {

    /** A stack of the run as stored: the version it was resolved to, its status and reason. */
    public record Stack(String stack, String version, String status, String reason) {}

    /**
     * @param catalogId null for an uploaded WSDL
     * @param fileName the uploaded file's name; null for a catalog run
     * @param entry the WSDL file the stacks build (inside a zip, or the catalog service's)
     * @param security the matrix's modes, {@code plain} among them
     * @param interop the workload's {@code interop} object, its defaults written out
     */
    public record InteropRun(
            UUID id,
            String slug,
            String status,
            OffsetDateTime createdAt,
            String catalogId,
            String fileName,
            String entry,
            List<String> security,
            List<Stack> stacks,
            JsonNode interop) {

        public boolean isFinished() {
            return RunStatus.isFinished(status);
        }
    }

    private final RunViews views;
    private final RunRepository runs;

    InteropRuns(RunViews views, RunRepository runs) {
        this.views = views;
        this.runs = runs;
    }

    /** @throws ApiProblem 404 when there is no such interop run the caller may see */
    public InteropRun find(String idOrSlug, Caller caller) {
        RunRow row;
        try {
            row = views.visibleRow(idOrSlug, caller);
        } catch (ApiProblem notFound) {
            throw noSuchRun(idOrSlug);
        }
        if (!Workloads.interop(row.workload())) {
            throw noSuchRun(idOrSlug);
        }
        return of(row);
    }

    /** The newest interop runs the caller may see listed, newest first. */
    public List<InteropRun> recent(Caller caller, int limit) {
        return runs.recentInterop(caller.tokenId().orElse(null), limit).stream()
                .map(this::of)
                .toList();
    }

    private InteropRun of(RunRow row) {
        JsonNode workload = JsonMapper.shared().readTree(row.workload());
        List<Stack> stacks = runs.stacksOf(row.id()).stream()
                .map(stack -> new Stack(stack.stackId(), stack.version(), stack.status(), stack.reason()))
                .toList();
        return new InteropRun(
                row.id(),
                row.slug(),
                row.status(),
                row.createdAt(),
                row.catalogId(),
                row.fileName(),
                row.entry(),
                Workloads.security(workload),
                stacks,
                workload.path("interop"));
    }

    private static ApiProblem noSuchRun(String idOrSlug) {
        return ApiProblem.notFound("No interop run '" + idOrSlug + "'.");
    }
}
