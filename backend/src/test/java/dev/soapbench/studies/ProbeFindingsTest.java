package dev.soapbench.studies;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProbeFindingsTest {

    static final Study.Probe NEUTRAL =
            new Study.Probe("neutral-driver", "the neutral driver", "Is it the clients?", "neutral", null);
    static final Study.PublishedRatio CLAIM =
            new Study.PublishedRatio("small", "plain", null, "metro", "cxf", 1.10, null, null, "words", null);

    @Test
    void aProbeThatReproducesAClaimWeDoNotAccountsForTheDifference() {
        StudyRunView.Comparison ours = comparison(ClaimVerdicts.NOT_REPRODUCED, cell("small-plain", 3.8, 3.6, 4.0));
        StudyRunView.Comparison theirs = comparison(ClaimVerdicts.REPRODUCED, cell("small-plain", 1.12, 1.05, 1.2));

        ProbeFindings.Judgement judgement = ProbeFindings.judge(NEUTRAL, ours, theirs, "completed");

        assertThat(judgement.accounts()).isEqualTo(ProbeFindings.ACCOUNTS);
        assertThat(judgement.sentence())
                .startsWith("With the neutral driver the claim is reproduced")
                .contains("small-plain: 3.80× (3.60–4.00) → 1.12× (1.05–1.20)");
    }

    @Test
    void aProbeThatMovesTheIntervalClearButNotOntoTheClaimAccountsForPart() {
        StudyRunView.Comparison ours = comparison(ClaimVerdicts.NOT_REPRODUCED, cell("small-plain", 3.8, 3.6, 4.0));
        StudyRunView.Comparison theirs = comparison(ClaimVerdicts.NOT_REPRODUCED, cell("small-plain", 2.0, 1.8, 2.2));

        assertThat(ProbeFindings.judge(NEUTRAL, ours, theirs, "completed").accounts())
                .isEqualTo(ProbeFindings.PART);
    }

    @Test
    void aProbeWhoseIntervalOverlapsOursExplainsNothing() {
        StudyRunView.Comparison ours = comparison(ClaimVerdicts.NOT_REPRODUCED, cell("small-plain", 3.8, 3.6, 4.0));
        StudyRunView.Comparison theirs = comparison(ClaimVerdicts.NOT_REPRODUCED, cell("small-plain", 3.9, 3.7, 4.1));

        ProbeFindings.Judgement judgement = ProbeFindings.judge(NEUTRAL, ours, theirs, "completed");

        assertThat(judgement.accounts()).isEqualTo(ProbeFindings.NO);
        assertThat(judgement.sentence()).contains("does not explain the difference");
    }

    @Test
    void cellsWithoutEnoughPairedRoundsOrAProbeNeverRunSayNotMeasuredYet() {
        StudyRunView.Comparison ours = comparison(ClaimVerdicts.NOT_REPRODUCED, cell("small-plain", 3.8, 3.6, 4.0));
        StudyRunView.Comparison unpaired =
                comparison(ClaimVerdicts.NOT_MEASURABLE, cell("small-plain", null, null, null));

        assertThat(ProbeFindings.judge(NEUTRAL, ours, unpaired, "running").sentence())
                .isEqualTo("not measured yet: the probe's latest run is running.");
        StudyRunView.ProbeFinding never = ProbeFindings.finding(NEUTRAL, ours, null);
        assertThat(never.accounts()).isEqualTo(ProbeFindings.UNKNOWN);
        assertThat(never.studyRunId()).isNull();
    }

    @Test
    void aFindingNamesTheClaimsCellsTheProbeDidNotMeasure() {
        StudyRunView.Comparison ours = comparison(
                ClaimVerdicts.NOT_REPRODUCED, cell("small-plain", 3.8, 3.6, 4.0), cell("small-sign", 1.3, 1.2, 1.4));
        StudyRunView.Comparison theirs = comparison(
                ClaimVerdicts.REPRODUCED, cell("small-plain", 1.12, 1.05, 1.2), cell("small-sign", null, null, null));

        ProbeFindings.Judgement judgement = ProbeFindings.judge(NEUTRAL, ours, theirs, "completed");

        assertThat(judgement.sentence())
                .contains("small-plain: 3.80× (3.60–4.00) → 1.12× (1.05–1.20); not measured by the probe: small-sign)");
    }

    @Test
    void onlyCellsBothRunsMeasuredArePaired() {
        List<ProbeFindings.Pair> pairs = ProbeFindings.pairs(
                List.of(cell("small-plain", 3.8, 3.6, 4.0), cell("large-plain", 1.5, 1.4, 1.6)),
                List.of(cell("small-plain", 1.1, 1.0, 1.2), cell("small-sign", 1.0, 0.9, 1.1)));

        assertThat(pairs).extracting(ProbeFindings.Pair::cell).containsExactly("small-plain");
    }

    private static StudyRunView.Comparison comparison(String verdict, StudyRunView.CellVerdict... cells) {
        return new StudyRunView.Comparison(
                CLAIM, null, List.of(), "measured", null, null, List.of(cells), verdict, "reason", false, List.of());
    }

    private static StudyRunView.CellVerdict cell(String id, Double ratio, Double low, Double high) {
        return new StudyRunView.CellVerdict(
                id, "small", "plain", 1, "article", ratio, low, high, ratio == null ? null : 8, 0.95, "v", "r", false);
    }
}
