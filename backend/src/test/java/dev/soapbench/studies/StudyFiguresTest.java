package dev.soapbench.studies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.soapbench.results.MedianInterval;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StudyFiguresTest {

    @Test
    void ratiosAreTheGeometricMeanOverTheCellsTheArticleSpokeOf() {
        Study study = studyWith(
                new Study.PublishedRatio(null, null, null, "metro", "cxf", 1.1, null, null, "faster", null),
                new Study.PublishedRatio(null, "sign", null, "metro", "cxf", 1.1, null, null, "signed", null));
        List<StudyRunView.Cell> cells = List.of(
                cell("small/plain", "plain", "completed", measured("cxf", 100), measured("metro", 200)),
                cell("small/username", "username", "completed", measured("cxf", 100), measured("metro", 50)),
                cell(
                        "small/sign",
                        "sign",
                        "pending",
                        StudyFigures.pending("cxf", "x"),
                        StudyFigures.pending("metro", "x")));

        List<StudyRunView.Comparison> comparisons =
                StudyFigures.compare(study, cells, (cell, stack, baseline) -> Optional.empty());

        assertThat(comparisons.get(0).ours()).isCloseTo(1.0, within(1e-12));
        assertThat(comparisons.get(0).cells()).containsExactly("small/plain", "small/username");
        assertThat(comparisons.get(0).status()).isEqualTo("measured");
        assertThat(comparisons.get(1).ours()).isNull();
        assertThat(comparisons.get(1).status()).isEqualTo("pending");
    }

    @Test
    void normalisedFiguresAndTotalTimesComeFromTheSameCell() {
        List<StudyRunView.StackFigures> stacks =
                StudyFigures.normalise(List.of(measured("cxf", 100), measured("metro", 125)), "cxf");

        assertThat(stacks.get(1).normalised().median()).isEqualTo(1.25);
        assertThat(stacks.get(0).normalised().median()).isEqualTo(1.0);
        assertThat(stacks.get(1).totalSeconds().median()).isEqualTo(1000 / 125.0);
        assertThat(stacks.get(1).totalSeconds().best()).isEqualTo(1000 / 150.0);
    }

    @Test
    void aStudyRunWaitsOnlyForCellsThatWereSent() {
        StudyRunView.Cell pending = cell("a", "sign", "pending");
        assertThat(StudyRunViews.status(List.of(pending, cell("b", "plain", "queued"))))
                .isEqualTo("queued");
        assertThat(StudyRunViews.status(
                        List.of(pending, cell("b", "plain", "completed"), cell("c", "plain", "queued"))))
                .isEqualTo("running");
        assertThat(StudyRunViews.status(
                        List.of(pending, cell("b", "plain", "completed"), cell("c", "plain", "failed"))))
                .isEqualTo("completed");
        assertThat(StudyRunViews.status(List.of(pending, cell("b", "plain", "failed"))))
                .isEqualTo("failed");
    }

    private static StudyRunView.StackFigures measured(String stack, double median) {
        MedianInterval throughput =
                new MedianInterval(median, median * 0.9, median * 1.1, 5, 0.94, true, median * 1.2, median * 0.8);
        return new StudyRunView.StackFigures(
                stack,
                "1.0",
                "done",
                null,
                throughput,
                new StudyRunView.TotalSeconds(1000 / throughput.best(), 1000 / throughput.median()),
                null,
                true,
                1,
                List.of(),
                null,
                null,
                null,
                null,
                null);
    }

    private static StudyRunView.Cell cell(
            String id, String security, String status, StudyRunView.StackFigures... stacks) {
        return new StudyRunView.Cell(
                id, "small", security, 1, "article", status, null, null, null, 1000, "neutral", List.of(stacks));
    }

    private static Study studyWith(Study.PublishedRatio... ratios) {
        return new Study(
                "s",
                "S",
                "d",
                new Study.Seed("t", null, 2010, null),
                "seismic",
                new Study.Matrix(
                        List.of("cxf", "metro"),
                        List.of("plain"),
                        List.of(),
                        List.of(1),
                        "neutral",
                        null,
                        null,
                        List.of()),
                new Study.Chart("normalised", "throughput-median", "cxf", List.of()),
                List.of(ratios),
                null,
                null);
    }
}
