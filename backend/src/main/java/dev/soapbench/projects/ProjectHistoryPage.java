package dev.soapbench.projects;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * A branch's history as GET /api/v1/projects/history answers it (openapi.yaml, ProjectHistory):
 * the runs, oldest first, and per hardware class, cell and stack the median throughput of each run
 * with the changes found in it.
 */
record ProjectHistoryPage(
        String project,
        String branch,
        String method,
        double alpha,
        int minSegment,
        List<Run> runs,
        List<Series> series) {

    record Run(UUID id, String slug, String commit, String ciUrl, OffsetDateTime createdAt, String hardwareClass) {}

    /** @param note why no change is looked for, when the series is too short; else null */
    record Series(
            String hardwareClass, String cell, String stack, List<Point> points, List<Change> changes, String note) {}

    record Point(
            UUID run,
            String slug,
            String commit,
            String version,
            double median,
            double low,
            double high,
            int repetitions) {}

    /**
     * @param lastRunBefore the last run before the change, and its commit: the change came in the
     *     commits after it, up to and including {@code firstCommitAfter}
     * @param before the median of the runs' medians since the previous change
     * @param after the median of the runs' medians up to the next change
     * @param direction faster or slower
     * @param acknowledgement the project's acknowledgement of a slowdown, when one covers it; null else
     */
    record Change(
            UUID lastRunBefore,
            String lastCommitBefore,
            UUID firstRunAfter,
            String firstCommitAfter,
            double before,
            double after,
            double ratio,
            double pValue,
            String direction,
            String text,
            Acknowledgement acknowledgement) {

        Change acknowledgedBy(Acknowledgement a) {
            return new Change(
                    lastRunBefore,
                    lastCommitBefore,
                    firstRunAfter,
                    firstCommitAfter,
                    before,
                    after,
                    ratio,
                    pValue,
                    direction,
                    text,
                    a);
        }
    }
}
