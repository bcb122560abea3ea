package dev.soapbench.studies;

import dev.soapbench.results.PairedComparison;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether a study run reproduced a claim of its article: our paired 95 % interval of the claim's
 * stack over its baseline against the range the article's words allow (docs/statistics.md, "Claim
 * verdicts"). Plain functions, so that each verdict can be tested without a run.
 */
final class ClaimVerdicts {

    static final String REPRODUCED = "reproduced";
    static final String NOT_REPRODUCED = "not-reproduced";
    static final String REVERSED = "reversed";
    static final String NOT_MEASURABLE = "not-measurable";

    /** How far "about 25 percent faster" or "about half" reaches either side of its figure. */
    static final double WORDING_TOLERANCE = 0.10;

    private ClaimVerdicts() {}

    /**
     * The ratios the article's claim allows: [min, max] where it gave bounds (either may be open),
     * else its point ratio widened by {@link #WORDING_TOLERANCE} either way.
     *
     * @param low null when the claim has no lower bound ("more than twice as slow" = at most 0.5)
     * @param high null when the claim has no upper bound
     * @param point the article's point ratio, when it gave one
     * @param widened true when the range is the point ratio widened for its wording
     */
    record ClaimRange(Double low, Double high, Double point, boolean widened) {

        static ClaimRange of(Study.PublishedRatio published) {
            if (published.min() != null || published.max() != null) {
                return new ClaimRange(published.min(), published.max(), published.ratio(), false);
            }
            if (published.ratio() == null) {
                throw new IllegalArgumentException("a published ratio has a ratio, a min or a max");
            }
            double ratio = published.ratio();
            return new ClaimRange(ratio * (1 - WORDING_TOLERANCE), ratio * (1 + WORDING_TOLERANCE), ratio, true);
        }

        /** +1 when the claim has the stack faster than its baseline, -1 slower, 0 when it says neither. */
        int direction() {
            if (widened) {
                return Double.compare(point, 1.0);
            }
            if (low != null && low >= 1 && (high == null || high > 1)) {
                return 1;
            }
            if (high != null && high <= 1 && (low == null || low < 1)) {
                return -1;
            }
            return 0;
        }

        boolean overlaps(double ourLow, double ourHigh) {
            return (low == null || ourHigh >= low) && (high == null || ourLow <= high);
        }

        /** "1.13–1.38× (1.25× ± 10 %)", "2.00–3.00×", "at most 0.50×", "at least 2.00×" */
        String describe() {
            if (widened) {
                return range(low, high) + " (" + times(point) + " ± " + Math.round(WORDING_TOLERANCE * 100) + " %)";
            }
            if (low == null) {
                return "at most " + times(high);
            }
            if (high == null) {
                return "at least " + times(low);
            }
            return range(low, high);
        }
    }

    /**
     * A verdict with its one sentence.
     *
     * @param notEnoughData not measurable only because too few rounds are paired yet
     */
    record Verdict(String verdict, String reason, boolean notEnoughData) {

        static Verdict notMeasurable(String reason) {
            return new Verdict(NOT_MEASURABLE, reason, false);
        }

        /** "not enough data: 3 paired rounds, at least 6 needed" */
        static Verdict notEnoughData(int rounds, String more) {
            return new Verdict(
                    NOT_MEASURABLE,
                    "not enough data: " + rounds(rounds) + ", at least " + PairedComparison.MIN_ROUNDS + " needed"
                            + (more == null ? "" : "; " + more),
                    true);
        }
    }

    /** One cell's verdict, by the id of the cell. */
    record CellVerdict(String cell, Verdict verdict) {}

    /**
     * Our 95 % interval [low, high] of {@code stack}'s throughput over {@code baseline}'s against the
     * claim: reproduced when they overlap, reversed when ours lies wholly on the other side of 1
     * than the claim, not reproduced otherwise.
     */
    static Verdict judge(ClaimRange claim, String stack, String baseline, double low, double high) {
        String ours = "our 95 % interval " + range(low, high);
        if (claim.overlaps(low, high)) {
            return new Verdict(REPRODUCED, ours + " overlaps the article's " + claim.describe(), false);
        }
        int direction = claim.direction();
        if ((direction > 0 && high < 1) || (direction < 0 && low > 1)) {
            return new Verdict(
                    REVERSED,
                    "the article has " + stack + " " + (direction > 0 ? "faster" : "slower") + " than " + baseline
                            + " (" + claim.describe() + "), but " + ours + " lies wholly "
                            + (direction > 0 ? "below" : "above") + " 1×",
                    false);
        }
        if (direction != 0 && low <= 1 && high >= 1) {
            return new Verdict(
                    NOT_REPRODUCED,
                    ours + " holds 1×: no difference is shown where the article has " + stack + " "
                            + (direction > 0 ? "faster" : "slower") + " than " + baseline + " ("
                            + claim.describe() + ")",
                    false);
        }
        boolean oursBelow = claim.low() != null && high < claim.low();
        String size = "";
        if (direction > 0 && low > 1) {
            size = oursBelow
                    ? "faster, but by less than the article says"
                    : "faster, and by more than the article says";
        } else if (direction < 0 && high < 1) {
            size = oursBelow
                    ? "slower, and by more than the article says"
                    : "slower, but by less than the article says";
        }
        return new Verdict(
                NOT_REPRODUCED,
                ours + " lies " + (oursBelow ? "below" : "above") + " the article's " + claim.describe()
                        + (size.isEmpty() ? "" : ": " + stack + " is " + size),
                false);
    }

    /**
     * The claim's verdict from its cells': theirs when they all agree, else not reproduced, saying
     * in how many cells it was reproduced and which cells had another verdict.
     */
    static Verdict combine(List<CellVerdict> cells) {
        if (cells.isEmpty()) {
            return Verdict.notMeasurable("no cell of this study run matches the claim");
        }
        if (cells.size() == 1) {
            return cells.get(0).verdict();
        }
        Map<String, List<CellVerdict>> byVerdict = new LinkedHashMap<>();
        for (String verdict : List.of(REPRODUCED, REVERSED, NOT_REPRODUCED, NOT_MEASURABLE)) {
            byVerdict.put(verdict, new ArrayList<>());
        }
        cells.forEach(cell -> byVerdict.get(cell.verdict().verdict()).add(cell));
        int n = cells.size();
        for (Map.Entry<String, List<CellVerdict>> entry : byVerdict.entrySet()) {
            if (entry.getValue().size() == n) {
                return agreed(entry.getKey(), cells);
            }
        }
        // Cells that cannot be measured here (a security mode no stack supports yet) neither confirm
        // nor refute the claim: when every measured cell agrees, that is the verdict, and the reason
        // says which cells it rests on.
        List<CellVerdict> unmeasured = byVerdict.get(NOT_MEASURABLE);
        List<CellVerdict> measured = cells.stream()
                .filter(cell -> !cell.verdict().verdict().equals(NOT_MEASURABLE))
                .toList();
        for (String verdict : List.of(REPRODUCED, REVERSED, NOT_REPRODUCED)) {
            if (!measured.isEmpty() && byVerdict.get(verdict).size() == measured.size()) {
                Verdict agreed = agreed(verdict, measured);
                return new Verdict(
                        verdict,
                        agreed.reason() + "; not measurable in " + unmeasured.size() + " ("
                                + String.join(
                                        ", ",
                                        unmeasured.stream()
                                                .map(CellVerdict::cell)
                                                .toList())
                                + "): " + unmeasured.get(0).verdict().reason(),
                        false);
            }
        }
        List<String> parts = new ArrayList<>();
        parts.add("reproduced in " + byVerdict.get(REPRODUCED).size() + " of " + n + " cells");
        byVerdict.forEach((verdict, group) -> {
            if (!verdict.equals(REPRODUCED) && !group.isEmpty()) {
                parts.add(words(verdict) + " in " + group.size() + " ("
                        + String.join(
                                ", ", group.stream().map(CellVerdict::cell).toList())
                        + ")");
            }
        });
        return new Verdict(NOT_REPRODUCED, String.join("; ", parts), false);
    }

    private static Verdict agreed(String verdict, List<CellVerdict> cells) {
        int n = cells.size();
        List<String> reasons =
                cells.stream().map(cell -> cell.verdict().reason()).distinct().toList();
        boolean notEnoughData = cells.stream().allMatch(cell -> cell.verdict().notEnoughData());
        String reason =
                switch (verdict) {
                    case REPRODUCED -> "reproduced in all " + n + " cells: each of our 95 % intervals overlaps the"
                            + " article's range";
                    case REVERSED -> "reversed in all " + n + " cells: each of our 95 % intervals lies wholly on"
                            + " the other side of 1× than the article's claim";
                    case NOT_REPRODUCED -> "not reproduced in any of the " + n + " cells; each cell says why";
                    default -> reasons.size() == 1
                            ? reasons.get(0) + " (in each of the " + n + " cells)"
                            : "not measurable in any of the " + n + " cells: " + String.join("; ", reasons);
                };
        return new Verdict(verdict, reason, notEnoughData);
    }

    private static String words(String verdict) {
        return verdict.replace('-', ' ');
    }

    static String range(double low, double high) {
        return number(low) + "–" + number(high) + "×";
    }

    static String times(double value) {
        return number(value) + "×";
    }

    static String rounds(int rounds) {
        return rounds + " paired round" + (rounds == 1 ? "" : "s");
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
