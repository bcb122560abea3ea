package dev.soapbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * Compares two stacks of a cell round by round. A run measures every stack once per round, in a
 * counterbalanced order, so what slows the machine during a round (another tenant, a thermal limit, a
 * noisy disk) slows both of them: their log-ratio within the round cancels it, and what is left is
 * the stacks' own difference plus their own noise, which is symmetric when both stacks' noise has
 * the same shape. The Wilcoxon interval asks for exactly that symmetry.
 */
public final class PairedComparison {

    /** The fewest paired rounds whose interval reaches 95 %: at 6, [W(1), W(21)] covers 96.9 %. */
    public static final int MIN_ROUNDS = 6;

    private PairedComparison() {}

    /**
     * {@code stack} against {@code against}, from each one's usable throughput per round. Rounds
     * only one of them has, and rounds where either throughput is not positive, are left out.
     */
    public static Comparison of(
            String stack, SortedMap<Integer, Double> rounds, String against, Map<Integer, Double> againstRounds) {
        List<Integer> roundNumbers = new ArrayList<>();
        List<Double> logRatios = new ArrayList<>();
        List<Double> roundRatios = new ArrayList<>();
        rounds.forEach((round, throughput) -> {
            Double other = againstRounds.get(round);
            if (other == null || !(throughput > 0) || !(other > 0)) {
                return;
            }
            double ratio = throughput / other;
            if (!Double.isFinite(ratio) || ratio <= 0) {
                return;
            }
            roundNumbers.add(round);
            roundRatios.add(ratio);
            logRatios.add(Math.log(ratio));
        });
        int n = roundNumbers.size();
        Optional<WilcoxonInterval> interval = n < MIN_ROUNDS ? Optional.empty() : WilcoxonInterval.of(logRatios);
        if (interval.isEmpty()) {
            return new Comparison(
                    stack,
                    against,
                    n,
                    null,
                    null,
                    null,
                    null,
                    Comparison.NOT_ENOUGH_DATA,
                    null,
                    VerdictText.notEnoughData(stack, against, n),
                    List.copyOf(roundRatios),
                    List.copyOf(roundNumbers));
        }
        double ratio = Math.exp(interval.get().estimate());
        double low = Math.exp(interval.get().low());
        double high = Math.exp(interval.get().high());
        String verdict = low > 1 ? Comparison.FASTER : high < 1 ? Comparison.SLOWER : Comparison.TIED;
        double factor = verdict.equals(Comparison.FASTER)
                ? ratio
                : verdict.equals(Comparison.SLOWER) ? 1 / ratio : Math.max(ratio, 1 / ratio);
        return new Comparison(
                stack,
                against,
                n,
                ratio,
                low,
                high,
                interval.get().coverage(),
                verdict,
                factor,
                VerdictText.of(verdict, stack, against, ratio, low, high, n),
                List.copyOf(roundRatios),
                List.copyOf(roundNumbers));
    }
}
