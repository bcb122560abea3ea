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
        Study.Probe probe,
        String driver,
        Study.Chart chart,
        List<Cell> cells,
        List<Comparison> comparisons) {

    /** The same study run with other claims (e.g. the claims with their probes' findings). */
    StudyRunView withComparisons(List<Comparison> replaced) {
        return new StudyRunView(id, studyId, studyName, status, createdAt, probe, driver, chart, cells, replaced);
    }

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
            List<String> tiedWith,
            Double serverCpuSecondsPerRequest,
            Double clientCpuSecondsPerRequest,
            String clientCpuCovers,
            Long serverPeakRssBytes,
            Long clientPeakRssBytes) {}

    record TotalSeconds(double best, double median) {}

    record Normalised(double median, double best) {}

    /**
     * A published claim beside our figures.
     *
     * @param ours our median-throughput ratio (geometric mean over the cells)
     * @param claim the ratios the article's claim allows
     * @param interval our paired ratio with its 95 % interval, when the claim rests on one cell
     *     with enough paired rounds
     * @param cellVerdicts each matching cell's interval and verdict
     * @param notEnoughData not measurable only because too few rounds are paired
     */
    record Comparison(
            Study.PublishedRatio published,
            Double ours,
            List<String> cells,
            String status,
            Claim claim,
            Interval interval,
            List<CellVerdict> cellVerdicts,
            String verdict,
            String verdictReason,
            boolean notEnoughData,
            List<ProbeFinding> probes) {

        Comparison withProbes(List<ProbeFinding> findings) {
            return new Comparison(
                    published,
                    ours,
                    cells,
                    status,
                    claim,
                    interval,
                    cellVerdicts,
                    verdict,
                    verdictReason,
                    notEnoughData,
                    findings);
        }
    }

    /**
     * What one probe of the study showed about a claim: the claim's verdict and intervals under the
     * probe's latest run, and whether the probe's one change accounts for the difference from ours.
     *
     * @param accounts {@code accounts} (the change reproduces the claim), {@code part} (it moves our
     *     interval clear of where it was, but the claim still does not hold), {@code no} (our interval
     *     stays where it was), {@code unknown} (the probe has not measured the claim's cells yet)
     * @param finding the same in one sentence, with the figures it rests on
     */
    record ProbeFinding(
            String probe,
            String label,
            String question,
            UUID studyRunId,
            String status,
            String verdict,
            String verdictReason,
            List<CellVerdict> cellVerdicts,
            String accounts,
            String finding) {}

    /**
     * @param low null when the claim has no lower bound
     * @param high null when it has no upper bound
     * @param widened the article's point ratio widened for its wording
     * @param text the range in words, e.g. "1.13–1.38× (1.25× ± 10 %)"
     */
    record Claim(Double low, Double high, boolean widened, String text) {}

    /** A paired Hodges–Lehmann ratio of throughputs with its exact Wilcoxon interval. */
    record Interval(double ratio, double low, double high, int rounds, double coverage) {}

    /**
     * @param rounds rounds paired in the cell; null when the two stacks could not be paired at all
     * @param ratio null without enough paired rounds, as are low, high and coverage
     */
    record CellVerdict(
            String cell,
            String size,
            String security,
            int concurrency,
            String method,
            Double ratio,
            Double low,
            Double high,
            Integer rounds,
            Double coverage,
            String verdict,
            String reason,
            boolean notEnoughData) {}
}
