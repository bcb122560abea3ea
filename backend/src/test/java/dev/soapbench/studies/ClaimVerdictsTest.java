package dev.soapbench.studies;

import static dev.soapbench.studies.ClaimVerdicts.NOT_MEASURABLE;
import static dev.soapbench.studies.ClaimVerdicts.NOT_REPRODUCED;
import static dev.soapbench.studies.ClaimVerdicts.REPRODUCED;
import static dev.soapbench.studies.ClaimVerdicts.REVERSED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.soapbench.studies.ClaimVerdicts.CellVerdict;
import dev.soapbench.studies.ClaimVerdicts.ClaimRange;
import dev.soapbench.studies.ClaimVerdicts.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClaimVerdictsTest {

    @Test
    void aPointClaimIsWidenedByTenPercentForItsWording() {
        ClaimRange about25Percent = ClaimRange.of(claim(1.25, null, null));

        assertThat(about25Percent.low()).isCloseTo(1.125, within(1e-12));
        assertThat(about25Percent.high()).isCloseTo(1.375, within(1e-12));
        assertThat(about25Percent.widened()).isTrue();
        assertThat(about25Percent.direction()).isEqualTo(1);
        assertThat(about25Percent.describe()).isEqualTo("1.13–1.38× (1.25× ± 10 %)");

        ClaimRange aboutHalf = ClaimRange.of(claim(0.5, null, null));
        assertThat(aboutHalf.low()).isCloseTo(0.45, within(1e-12));
        assertThat(aboutHalf.high()).isCloseTo(0.55, within(1e-12));
        assertThat(aboutHalf.direction()).isEqualTo(-1);
    }

    @Test
    void boundsAreTakenAsGivenAndEitherMayBeOpen() {
        ClaimRange twoToThree = ClaimRange.of(claim(null, 2.0, 3.0));
        assertThat(twoToThree.low()).isEqualTo(2.0);
        assertThat(twoToThree.high()).isEqualTo(3.0);
        assertThat(twoToThree.widened()).isFalse();
        assertThat(twoToThree.describe()).isEqualTo("2.00–3.00×");

        // "more than twice as slow": at most 0.5, no lower bound.
        ClaimRange twiceAsSlow = ClaimRange.of(claim(null, null, 0.5));
        assertThat(twiceAsSlow.low()).isNull();
        assertThat(twiceAsSlow.high()).isEqualTo(0.5);
        assertThat(twiceAsSlow.direction()).isEqualTo(-1);
        assertThat(twiceAsSlow.describe()).isEqualTo("at most 0.50×");

        ClaimRange atLeastTwice = ClaimRange.of(claim(null, 2.0, null));
        assertThat(atLeastTwice.high()).isNull();
        assertThat(atLeastTwice.direction()).isEqualTo(1);
        assertThat(atLeastTwice.describe()).isEqualTo("at least 2.00×");

        // "a substantial lead": the stack at most as fast as its baseline.
        assertThat(ClaimRange.of(claim(null, null, 1.0)).direction()).isEqualTo(-1);
        // Bounds on either side of 1 say neither faster nor slower.
        assertThat(ClaimRange.of(claim(null, 0.9, 1.1)).direction()).isZero();
        // Bounds win over a point ratio given beside them.
        assertThat(ClaimRange.of(claim(1.5, 1.2, null)).low()).isEqualTo(1.2);
        assertThat(ClaimRange.of(claim(1.5, 1.2, null)).high()).isNull();
        assertThatThrownBy(() -> ClaimRange.of(claim(null, null, null))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anOverlappingIntervalReproducesTheClaim() {
        ClaimRange about25Percent = ClaimRange.of(claim(1.25, null, null));

        Verdict verdict = ClaimVerdicts.judge(about25Percent, "metro", "cxf", 1.30, 1.52);

        assertThat(verdict.verdict()).isEqualTo(REPRODUCED);
        assertThat(verdict.reason())
                .isEqualTo("our 95 % interval 1.30–1.52× overlaps the article's 1.13–1.38× (1.25× ± 10 %)");
        assertThat(verdict.notEnoughData()).isFalse();
        // Touching counts: the claim's bound lies in our interval.
        assertThat(ClaimVerdicts.judge(about25Percent, "metro", "cxf", 1.375, 1.6)
                        .verdict())
                .isEqualTo(REPRODUCED);
        assertThat(ClaimVerdicts.judge(about25Percent, "metro", "cxf", 0.9, 1.125)
                        .verdict())
                .isEqualTo(REPRODUCED);
    }

    @Test
    void anIntervalWhollyOnTheOtherSideOfOneReversesTheClaim() {
        Verdict slowerWhereFaster =
                ClaimVerdicts.judge(ClaimRange.of(claim(1.25, null, null)), "metro", "cxf", 0.8, 0.95);
        assertThat(slowerWhereFaster.verdict()).isEqualTo(REVERSED);
        assertThat(slowerWhereFaster.reason())
                .isEqualTo("the article has metro faster than cxf (1.13–1.38× (1.25× ± 10 %)), but our 95 % interval"
                        + " 0.80–0.95× lies wholly below 1×");

        Verdict fasterWhereTwiceAsSlow =
                ClaimVerdicts.judge(ClaimRange.of(claim(null, null, 0.5)), "axis2", "cxf", 1.05, 1.2);
        assertThat(fasterWhereTwiceAsSlow.verdict()).isEqualTo(REVERSED);
        assertThat(fasterWhereTwiceAsSlow.reason()).contains("slower than cxf").contains("wholly above 1×");

        assertThat(ClaimVerdicts.judge(ClaimRange.of(claim(null, 2.0, null)), "wsfcpp", "axis2", 0.4, 0.6)
                        .verdict())
                .isEqualTo(REVERSED);
    }

    @Test
    void aTieWhereTheArticleSawADifferenceIsNotReproduced() {
        Verdict tied = ClaimVerdicts.judge(ClaimRange.of(claim(1.25, null, null)), "metro", "cxf", 0.95, 1.08);

        assertThat(tied.verdict()).isEqualTo(NOT_REPRODUCED);
        assertThat(tied.reason())
                .isEqualTo("our 95 % interval 0.95–1.08× holds 1×: no difference is shown where the article has metro"
                        + " faster than cxf (1.13–1.38× (1.25× ± 10 %))");
        // Up to 1 itself: still no difference shown.
        assertThat(ClaimVerdicts.judge(ClaimRange.of(claim(null, null, 0.5)), "axis2", "cxf", 0.7, 1.0)
                        .verdict())
                .isEqualTo(NOT_REPRODUCED);
    }

    @Test
    void theSameDirectionBySizeOutsideTheClaimIsNotReproduced() {
        Verdict more = ClaimVerdicts.judge(ClaimRange.of(claim(1.25, null, null)), "metro", "cxf", 1.6, 1.9);
        assertThat(more.verdict()).isEqualTo(NOT_REPRODUCED);
        assertThat(more.reason())
                .isEqualTo("our 95 % interval 1.60–1.90× lies above the article's 1.13–1.38× (1.25× ± 10 %): metro is"
                        + " faster, and by more than the article says");

        Verdict less = ClaimVerdicts.judge(ClaimRange.of(claim(null, 2.0, 3.0)), "wsfcpp", "axis2", 1.4, 1.7);
        assertThat(less.verdict()).isEqualTo(NOT_REPRODUCED);
        assertThat(less.reason())
                .endsWith("lies below the article's 2.00–3.00×: wsfcpp is faster, but by less than"
                        + " the article says");

        Verdict notTwiceAsSlow = ClaimVerdicts.judge(ClaimRange.of(claim(null, null, 0.5)), "axis2", "cxf", 0.6, 0.8);
        assertThat(notTwiceAsSlow.verdict()).isEqualTo(NOT_REPRODUCED);
        assertThat(notTwiceAsSlow.reason())
                .isEqualTo("our 95 % interval 0.60–0.80× lies above the article's at most 0.50×: axis2 is slower, but"
                        + " by less than the article says");

        Verdict halfAsFast = ClaimVerdicts.judge(ClaimRange.of(claim(0.5, null, null)), "axis2", "cxf", 0.2, 0.3);
        assertThat(halfAsFast.reason()).endsWith("axis2 is slower, and by more than the article says");

        assertThat(ClaimVerdicts.judge(ClaimRange.of(claim(null, 2.0, null)), "a", "b", 1.2, 1.9)
                        .verdict())
                .isEqualTo(NOT_REPRODUCED);
        assertThat(ClaimVerdicts.judge(ClaimRange.of(claim(null, 2.0, null)), "a", "b", 1.9, 4.0)
                        .verdict())
                .isEqualTo(REPRODUCED);
    }

    @Test
    void aClaimOnBothSidesOfOneCannotBeReversed() {
        ClaimRange asFast = ClaimRange.of(claim(null, 0.9, 1.1));

        assertThat(ClaimVerdicts.judge(asFast, "a", "b", 1.3, 1.5).verdict()).isEqualTo(NOT_REPRODUCED);
        assertThat(ClaimVerdicts.judge(asFast, "a", "b", 0.5, 0.6).verdict()).isEqualTo(NOT_REPRODUCED);
        assertThat(ClaimVerdicts.judge(asFast, "a", "b", 0.5, 0.6).reason())
                .isEqualTo("our 95 % interval 0.50–0.60× lies below the article's 0.90–1.10×");
    }

    @Test
    void tooFewRoundsAreNotEnoughData() {
        Verdict verdict = Verdict.notEnoughData(3, null);

        assertThat(verdict.verdict()).isEqualTo(NOT_MEASURABLE);
        assertThat(verdict.reason()).isEqualTo("not enough data: 3 paired rounds, at least 6 needed");
        assertThat(verdict.notEnoughData()).isTrue();
        assertThat(Verdict.notEnoughData(1, "the cell's run is still running").reason())
                .isEqualTo("not enough data: 1 paired round, at least 6 needed; the cell's run is still running");
    }

    @Test
    void oneCellGivesItsOwnVerdictAndNoCellNone() {
        Verdict reproduced = new Verdict(REPRODUCED, "our interval overlaps", false);

        assertThat(ClaimVerdicts.combine(List.of(new CellVerdict("a", reproduced))))
                .isEqualTo(reproduced);
        Verdict none = ClaimVerdicts.combine(List.of());
        assertThat(none.verdict()).isEqualTo(NOT_MEASURABLE);
        assertThat(none.reason()).isEqualTo("no cell of this study run matches the claim");
    }

    @Test
    void cellsThatAgreeGiveTheirVerdict() {
        Verdict reproduced = new Verdict(REPRODUCED, "x", false);
        Verdict all = ClaimVerdicts.combine(List.of(
                new CellVerdict("a", reproduced), new CellVerdict("b", reproduced), new CellVerdict("c", reproduced)));
        assertThat(all.verdict()).isEqualTo(REPRODUCED);
        assertThat(all.reason()).startsWith("reproduced in all 3 cells");

        Verdict reversed = ClaimVerdicts.combine(List.of(
                new CellVerdict("a", new Verdict(REVERSED, "x", false)),
                new CellVerdict("b", new Verdict(REVERSED, "y", false))));
        assertThat(reversed.verdict()).isEqualTo(REVERSED);
        assertThat(reversed.reason()).startsWith("reversed in all 2 cells");

        Verdict short1 = Verdict.notEnoughData(2, null);
        Verdict short2 = Verdict.notEnoughData(4, null);
        Verdict tooFew = ClaimVerdicts.combine(List.of(new CellVerdict("a", short1), new CellVerdict("b", short2)));
        assertThat(tooFew.verdict()).isEqualTo(NOT_MEASURABLE);
        assertThat(tooFew.notEnoughData()).isTrue();
        assertThat(tooFew.reason())
                .isEqualTo("not measurable in any of the 2 cells: not enough data: 2 paired rounds, at least 6"
                        + " needed; not enough data: 4 paired rounds, at least 6 needed");

        Verdict pending = Verdict.notMeasurable("the cell is pending: no stack of the study supports sign yet");
        Verdict bothPending =
                ClaimVerdicts.combine(List.of(new CellVerdict("a", pending), new CellVerdict("b", pending)));
        assertThat(bothPending.reason())
                .isEqualTo("the cell is pending: no stack of the study supports sign yet (in each of the 2 cells)");
        assertThat(bothPending.notEnoughData()).isFalse();
    }

    @Test
    void cellsThatDisagreeDoNotReproduceTheClaimAndSayWhere() {
        Verdict reproduced = new Verdict(REPRODUCED, "x", false);
        Verdict pending = Verdict.notMeasurable("the cell is pending");

        // Cells not measurable here neither confirm nor refute: the measured ones decide, and say so.
        Verdict partly = ClaimVerdicts.combine(List.of(
                new CellVerdict("small/plain/c1/article", reproduced),
                new CellVerdict("small/username/c1/article", reproduced),
                new CellVerdict("small/sign/c1/article", pending),
                new CellVerdict("small/signencr/c1/article", pending)));

        assertThat(partly.verdict()).isEqualTo(REPRODUCED);
        assertThat(partly.reason())
                .startsWith("reproduced in all 2 cells")
                .endsWith("; not measurable in 2 (small/sign/c1/article, small/signencr/c1/article): the cell is"
                        + " pending");
        assertThat(partly.notEnoughData()).isFalse();

        Verdict mixed = ClaimVerdicts.combine(List.of(
                new CellVerdict("small/plain/c1/article", reproduced),
                new CellVerdict("small/username/c1/article", new Verdict(REVERSED, "x", false)),
                new CellVerdict("small/sign/c1/article", pending)));
        assertThat(mixed.verdict()).isEqualTo(NOT_REPRODUCED);
        assertThat(mixed.reason())
                .isEqualTo("reproduced in 1 of 3 cells; reversed in 1 (small/username/c1/article); not measurable"
                        + " in 1 (small/sign/c1/article)");

        Verdict noneReproduced = ClaimVerdicts.combine(List.of(
                new CellVerdict("a", new Verdict(REVERSED, "x", false)),
                new CellVerdict("b", new Verdict(NOT_REPRODUCED, "y", false))));
        assertThat(noneReproduced.verdict()).isEqualTo(NOT_REPRODUCED);
        assertThat(noneReproduced.reason())
                .isEqualTo("reproduced in 0 of 2 cells; reversed in 1 (a); not reproduced in 1 (b)");
    }

    private static Study.PublishedRatio claim(Double ratio, Double min, Double max) {
        return new Study.PublishedRatio("small", null, null, "metro", "cxf", ratio, min, max, "words", null);
    }
}
