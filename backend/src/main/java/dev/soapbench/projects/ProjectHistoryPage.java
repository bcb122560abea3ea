package dev.soapbench.projects;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * A branch's history as GET /api/v1/projects/history answers it (openapi.yaml, ProjectHistory):
 * the runs, oldest first, and per hardware class, cell, stack and metric the figure of each run
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

    /**
     * @param metric throughput, latencyP99, cpuPerRequest or peakRss (HistoryMetric)
     * @param unit the unit of the points' figures
     * @param note why no change is looked for, when the series is too short; else null
     */
    record Series(
            String hardwareClass,
            String cell,
            String stack,
            String metric,
            String unit,
            List<Point> points,
            List<Change> changes,
            String note) {

        Series withChanges(List<Change> marked) {
            return new Series(hardwareClass, cell, stack, metric, unit, points, List.copyOf(marked), note);
        }
    }

    /**
     * @param median the run's figure: for throughput the median of its repetitions, with the
     *     interval low to high; for a cost one figure per run, and low and high null
     */
    record Point(
            UUID run,
            String slug,
            String commit,
            String version,
            double median,
            Double low,
            Double high,
            int repetitions) {}

    /**
     * @param lastRunBefore the last run before the change, and its commit: the change came in the
     *     commits after it, up to and including {@code firstCommitAfter}
     * @param before the median of the runs' medians since the previous change
     * @param after the median of the runs' medians up to the next change
     * @param direction faster or slower for throughput, higher or lower for a cost
     * @param regression whether the change is for the worse: slower, or a higher cost
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
            boolean regression,
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
                    regression,
                    text,
                    a);
        }
    }
}
