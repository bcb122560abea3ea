package dev.soapbench.results;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One stack's throughput in a run against the same stack in a baseline run (openapi.yaml,
 * RunRatio). Two runs share no round, so their repetitions are not paired: the ratio is exp of the
 * Hodges-Lehmann shift of log throughput between the two runs' usable repetitions, with the exact
 * Mann-Whitney interval ({@link ShiftInterval}). That interval knows only the spread between
 * repetitions of one server process; whole runs differ by more ({@link #BETWEEN_RUN_TAU}), so each
 * side of it is widened by that spread before the verdict is read (docs/statistics.md, "Comparing
 * runs").
 *
 * @param ratio the estimated throughput in the run over the baseline's; null without enough data
 * @param low the widened interval's lower bound, what the verdict reads
 * @param repetitionsLow the interval from the repetitions alone, before widening
 * @param coverage the real coverage of the repetitions-only interval; the widened one is wider, to
 *     hold the between-run spread as well
 * @param repetitions usable repetitions of the run
 * @param baselineRepetitions usable repetitions of the baseline run
 * @param significant the widened interval leaves out 1: faster or slower
 * @param text the verdict in one sentence
 */
public record RunRatio(
        String stack,
        String against,
        Double ratio,
        Double low,
        Double high,
        Double repetitionsLow,
        Double repetitionsHigh,
        Double coverage,
        int repetitions,
        int baselineRepetitions,
        String verdict,
        boolean significant,
        String text) {

    /**
     * The spread of whole runs beyond their own intervals, as a standard deviation of log
     * throughput: docs/statistics.md, "Repeatability across runs", measured about 3.7 % between
     * three runs of the same workload on one machine (Cochran's Q = 6.3 on 2 degrees of freedom),
     * from per-process state such as a JVM's JIT decisions that no number of repetitions within
     * one process averages out.
     */
    public static final double BETWEEN_RUN_TAU = 0.037;

    /** The fewest usable repetitions on each side: at 4 and 4 the exact interval [D(1), D(16)] covers 97.1 %. */
    public static final int MIN_REPETITIONS = 4;

    /** The two-sided 95 % normal quantile the between-run spread is scaled by. */
    static final double Z_95 = 1.96;

    /**
     * What widening adds on the log scale: the difference of two runs' between-run deviations has
     * standard deviation √2·τ, and a 95 % interval reaches 1.96 of those.
     */
    static final double BETWEEN_RUN_HALF_WIDTH = Z_95 * Math.sqrt(2) * BETWEEN_RUN_TAU;

    /**
     * @param stack {@code stack@version} in the run
     * @param against {@code stack@version} in the baseline run
     * @param throughputs the run's usable (unflagged, positive) throughputs
     * @param baselineThroughputs the baseline run's
     */
    public static RunRatio of(
            String run,
            String baselineRun,
            String stack,
            String against,
            List<Double> throughputs,
            List<Double> baselineThroughputs) {
        List<Double> logs = logs(throughputs);
        List<Double> baselineLogs = logs(baselineThroughputs);
        Optional<ShiftInterval> shift = logs.size() < MIN_REPETITIONS || baselineLogs.size() < MIN_REPETITIONS
                ? Optional.empty()
                : ShiftInterval.of(logs, baselineLogs);
        String who = stack + " in run " + run;
        String whom = against + " in baseline run " + baselineRun;
        if (shift.isEmpty()) {
            return new RunRatio(
                    stack,
                    against,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    logs.size(),
                    baselineLogs.size(),
                    Comparison.NOT_ENOUGH_DATA,
                    false,
                    "not enough data to compare " + who + " with " + whom + ": " + logs.size() + " and "
                            + baselineLogs.size() + " usable repetitions, at least " + MIN_REPETITIONS
                            + " each needed");
        }
        ShiftInterval interval = shift.get();
        double estimate = interval.estimate();
        double low = estimate - widened(estimate - interval.low());
        double high = estimate + widened(interval.high() - estimate);
        double ratio = Math.exp(estimate);
        double lowRatio = Math.exp(low);
        double highRatio = Math.exp(high);
        String verdict = lowRatio > 1 ? Comparison.FASTER : highRatio < 1 ? Comparison.SLOWER : Comparison.TIED;
        String evidence = "(95 %% CI %s–%s×, %d and %d repetitions, between-run variation included)";
        String text =
                switch (verdict) {
                    case Comparison.FASTER -> who + " is faster than " + whom + " by " + times(ratio) + " "
                            + evidence.formatted(number(lowRatio), number(highRatio), interval.n(), interval.m());
                        // "slower by 1.25×" reads better than "faster by 0.80×", as in VerdictText.
                    case Comparison.SLOWER -> who + " is slower than " + whom + " by " + times(1 / ratio) + " "
                            + evidence.formatted(
                                    number(1 / highRatio), number(1 / lowRatio), interval.n(), interval.m());
                    default -> who + " and " + whom + " are tied: ratio " + times(ratio) + " "
                            + evidence.formatted(number(lowRatio), number(highRatio), interval.n(), interval.m())
                            + ", the difference is within the interval";
                };
        return new RunRatio(
                stack,
                against,
                ratio,
                lowRatio,
                highRatio,
                Math.exp(interval.low()),
                Math.exp(interval.high()),
                interval.coverage(),
                interval.n(),
                interval.m(),
                verdict,
                !verdict.equals(Comparison.TIED),
                text);
    }

    /** One side of the interval with the between-run spread added in quadrature. */
    static double widened(double halfWidth) {
        return Math.sqrt(halfWidth * halfWidth + BETWEEN_RUN_HALF_WIDTH * BETWEEN_RUN_HALF_WIDTH);
    }

    private static List<Double> logs(List<Double> throughputs) {
        return throughputs.stream()
                .filter(value -> value > 0 && Double.isFinite(value))
                .map(Math::log)
                .toList();
    }

    private static String times(double value) {
        return number(value) + "×";
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
