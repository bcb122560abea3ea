package dev.soapbench.runs;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * A line of the run list (openapi.yaml, RunSummary).
 *
 * @param failedStacks stacks not measured (unsupported, build or verify failed, failed)
 * @param verdict the first cell's leading band in one line, or why there is none; null until the
 *     run has ended
 */
record RunSummary(
        UUID id,
        String slug,
        String status,
        String visibility,
        OffsetDateTime createdAt,
        String source,
        List<String> stacks,
        int failedStacks,
        String project,
        String branch,
        String verdict) {

    RunSummary withVerdict(String text) {
        return new RunSummary(
                id, slug, status, visibility, createdAt, source, stacks, failedStacks, project, branch, text);
    }

    record Page(List<RunSummary> items, int page, int size, long total) {}
}
