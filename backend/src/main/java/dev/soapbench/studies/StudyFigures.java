package dev.soapbench.studies;

import dev.soapbench.results.MedianInterval;
import dev.soapbench.results.ResultsSummary;
import dev.soapbench.runs.CatalogRuns;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The figures a study page draws, from each cell's statistics; plain functions for testing. */
final class StudyFigures {

    private StudyFigures() {}

    /** Requests in one pass: the size's sequence, else the requests the method sends per measurement. */
    static Integer sequenceLength(Study.Size size, Study.Method method) {
        if (method.load() != null && method.load().has("requests")) {
            return method.load().get("requests").asInt();
        }
        return size.sequenceLength();
    }

    static StudyRunView.StackFigures pending(String stack, String reason) {
        return new StudyRunView.StackFigures(stack, null, "pending", reason, null, null, null, false, null, List.of());
    }

    static StudyRunView.StackFigures figures(
            String stack,
            Optional<CatalogRuns.StackState> state,
            Optional<ResultsSummary.StackFigures> measured,
            Integer sequenceLength) {
        MedianInterval throughput =
                measured.map(ResultsSummary.StackFigures::throughput).orElse(null);
        StudyRunView.TotalSeconds total = throughput == null || sequenceLength == null || throughput.worst() <= 0
                ? null
                : new StudyRunView.TotalSeconds(
                        sequenceLength / throughput.best(), sequenceLength / throughput.median());
        return new StudyRunView.StackFigures(
                stack,
                state.map(CatalogRuns.StackState::version).orElse(null),
                state.map(CatalogRuns.StackState::status).orElse("pending"),
                measured.map(ResultsSummary.StackFigures::reason)
                        .orElse(state.map(CatalogRuns.StackState::reason).orElse(null)),
                throughput,
                total,
                null,
                measured.map(ResultsSummary.StackFigures::ranked).orElse(false),
                measured.map(ResultsSummary.StackFigures::rank).orElse(null),
                measured.map(ResultsSummary.StackFigures::tiedWith).orElse(List.of()));
    }

    /** Speed relative to the baseline stack in the same cell; left out where either is unmeasured. */
    static List<StudyRunView.StackFigures> normalise(List<StudyRunView.StackFigures> stacks, String baseline) {
        Optional<MedianInterval> base = stacks.stream()
                .filter(s -> s.stack().replaceFirst("@.*", "").equals(baseline) && s.throughput() != null)
                .map(StudyRunView.StackFigures::throughput)
                .findFirst();
        if (base.isEmpty() || base.get().median() <= 0 || base.get().best() <= 0) {
            return stacks;
        }
        List<StudyRunView.StackFigures> result = new ArrayList<>();
        for (StudyRunView.StackFigures s : stacks) {
            StudyRunView.Normalised normalised = s.throughput() == null
                    ? null
                    : new StudyRunView.Normalised(
                            s.throughput().median() / base.get().median(),
                            s.throughput().best() / base.get().best());
            result.add(new StudyRunView.StackFigures(
                    s.stack(),
                    s.version(),
                    s.status(),
                    s.reason(),
                    s.throughput(),
                    s.totalSeconds(),
                    normalised,
                    s.ranked(),
                    s.rank(),
                    s.tiedWith()));
        }
        return result;
    }

    /**
     * Each published ratio beside ours: our median-throughput ratio per matching cell, and their
     * geometric mean when the article spoke of several cells at once.
     */
    static List<StudyRunView.Comparison> compare(Study study, List<StudyRunView.Cell> cells) {
        List<StudyRunView.Comparison> comparisons = new ArrayList<>();
        for (Study.PublishedRatio published : study.published()) {
            List<StudyRunView.Cell> matching =
                    cells.stream().filter(cell -> applies(published, cell)).toList();
            List<String> used = new ArrayList<>();
            double logSum = 0;
            for (StudyRunView.Cell cell : matching) {
                Optional<Double> ratio = ratio(cell, published.stack(), published.baseline());
                if (ratio.isPresent()) {
                    used.add(cell.id());
                    logSum += Math.log(ratio.get());
                }
            }
            String status;
            if (!used.isEmpty()) {
                status = "measured";
            } else if (matching.stream()
                    .allMatch(cell -> cell.status().equals("pending")
                            || cell.status().equals("queued")
                            || cell.status().equals("running"))) {
                status = "pending";
            } else {
                status = "missing";
            }
            comparisons.add(new StudyRunView.Comparison(
                    published, used.isEmpty() ? null : Math.exp(logSum / used.size()), used, status));
        }
        return comparisons;
    }

    private static boolean applies(Study.PublishedRatio published, StudyRunView.Cell cell) {
        return (published.size() == null || published.size().equals(cell.size()))
                && (published.security() == null || published.security().equals(cell.security()))
                && (published.method() == null || published.method().equals(cell.method()));
    }

    private static Optional<Double> ratio(StudyRunView.Cell cell, String stack, String baseline) {
        Optional<MedianInterval> ours = throughput(cell, stack);
        Optional<MedianInterval> base = throughput(cell, baseline);
        if (ours.isEmpty()
                || base.isEmpty()
                || base.get().median() <= 0
                || ours.get().median() <= 0) {
            return Optional.empty();
        }
        return Optional.of(ours.get().median() / base.get().median());
    }

    private static Optional<MedianInterval> throughput(StudyRunView.Cell cell, String stack) {
        return cell.stacks().stream()
                .filter(s -> s.stack().replaceFirst("@.*", "").equals(stack) && s.throughput() != null)
                .map(StudyRunView.StackFigures::throughput)
                .findFirst();
    }
}
