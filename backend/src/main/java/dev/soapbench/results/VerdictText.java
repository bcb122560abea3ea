package dev.soapbench.results;

import java.util.Locale;

/**
 * The sentence of a verdict. The run page, the share page and benchctl all show this text rather
 * than wording their own, so a verdict reads the same wherever it is quoted.
 */
final class VerdictText {

    private VerdictText() {}

    static String of(String verdict, String stack, String against, double ratio, double low, double high, int rounds) {
        String evidence = "(95 %% CI %s–%s×, %s)";
        return switch (verdict) {
            case Comparison.FASTER -> stack + " is faster than " + against + " by " + times(ratio) + " "
                    + evidence.formatted(number(low), number(high), rounds(rounds));
                // "slower by 2.47×" reads better than "faster by 0.40×": the factor and its interval are inverted.
            case Comparison.SLOWER -> stack + " is slower than " + against + " by " + times(1 / ratio) + " "
                    + evidence.formatted(number(1 / high), number(1 / low), rounds(rounds));
            case Comparison.TIED -> stack + " and " + against + " are tied: ratio " + times(ratio) + " "
                    + evidence.formatted(number(low), number(high), rounds(rounds))
                    + ", the difference is within the interval";
            default -> throw new IllegalArgumentException("no sentence for verdict '" + verdict + "'");
        };
    }

    static String notEnoughData(String stack, String against, int rounds) {
        return "not enough data for a verdict on " + stack + " against " + against + ": " + shortOfRounds(rounds);
    }

    /** "1 paired round, at least 6 needed" */
    static String shortOfRounds(int rounds) {
        return rounds(rounds) + ", at least " + PairedComparison.MIN_ROUNDS + " needed";
    }

    private static String rounds(int rounds) {
        return rounds + " paired round" + (rounds == 1 ? "" : "s");
    }

    private static String times(double value) {
        return number(value) + "×";
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
