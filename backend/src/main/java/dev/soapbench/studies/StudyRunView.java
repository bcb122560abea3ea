package dev.soapbench.studies;

import dev.soapbench.results.MedianInterval;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** A study run as the API shows it (openapi.yaml, StudyRun). */
record StudyRunView(
        UUID id,
        String studyId,
        String studyName,
        String status,
        OffsetDateTime createdAt,
        String driver,
        Study.Chart chart,
        List<Cell> cells,
        List<Comparison> comparisons) {

    record Cell(
            String id,
            String size,
            String security,
            int concurrency,
            String method,
            String status,
            String reason,
            UUID runId,
            String runSlug,
            Integer sequenceLength,
            String driver,
            List<StackFigures> stacks) {}

    record StackFigures(
            String stack,
            String version,
            String status,
            String reason,
            MedianInterval throughput,
            TotalSeconds totalSeconds,
            Normalised normalised,
            boolean ranked,
            Integer rank,
            List<String> tiedWith) {}

    record TotalSeconds(double best, double median) {}

    record Normalised(double median, double best) {}

    record Comparison(Study.PublishedRatio published, Double ours, List<String> cells, String status) {}
}
