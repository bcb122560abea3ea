package dev.soapbench.runs;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** A line of the run list (openapi.yaml, RunSummary). */
record RunSummary(
        UUID id,
        String slug,
        String status,
        String visibility,
        OffsetDateTime createdAt,
        String source,
        List<String> stacks) {

    record Page(List<RunSummary> items, int page, int size, long total) {}
}
