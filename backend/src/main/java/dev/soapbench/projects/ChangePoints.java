package dev.soapbench.projects;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Where a series of runs' figures moved, and how sure that is: binary segmentation with Pettitt's
 * rank statistic, each split's significance from a permutation test.
 *
 * <p>Why this way: a branch's runs are few (tens), measured days apart on a machine that drifts, and
 * one noisy run must not read as a change. Pettitt's statistic (K = max over split points of |Σ
 * sgn(x_j − x_i)| across the split) is the Mann-Whitney statistic maximised over where the split
 * falls: it uses ranks only, so one wild run weighs no more than any other. Its published p-value
 * approximation is loose for small series, so the p-value is the share of random reorderings of
 * the same values whose K is at least as large (exact in the limit, seeded so that one series
 * always gets the same answer). Binary segmentation (split where K is largest, then look again
 * in each part) finds several changes, as Hunter/Otava's E-divisive does for means.
 */
final class ChangePoints {

    /** The fewest runs on each side of a change: fewer would let one run make a change. */
    static final int MIN_SEGMENT = 3;

    /** The significance each split needs. */
    static final double ALPHA = 0.05;

    static final int PERMUTATIONS = 1999;

    /**
     * @param index the first value after the change
     * @param pValue the permutation p-value of the split within its segment
     */
    record Change(int index, double pValue) {}

    private ChangePoints() {}

    /** The changes in values, in the order of the series. */
    static List<Change> of(List<Double> values, long seed) {
        List<Change> found = new ArrayList<>();
        segment(values, 0, values.size(), new Random(seed), found);
        found.sort(Comparator.comparingInt(Change::index));
        return found;
    }

    private static void segment(List<Double> values, int from, int to, Random random, List<Change> found) {
        if (to - from < 2 * MIN_SEGMENT) {
            return;
        }
        long[] v = signSums(values.subList(from, to));
        int split = bestSplit(v);
        long observed = statistic(v, split);
        if (observed == 0) {
            return;
        }
        // Each value's sign sum does not depend on where the value stands, so a reordering of the
        // values is a reordering of v: every permutation costs one pass, not a recount.
        int atLeast = 0;
        long[] shuffled = v.clone();
        for (int i = 0; i < PERMUTATIONS; i++) {
            shuffle(shuffled, random);
            if (statistic(shuffled, bestSplit(shuffled)) >= observed) {
                atLeast++;
            }
        }
        double p = (1.0 + atLeast) / (1.0 + PERMUTATIONS);
        if (p >= ALPHA) {
            return;
        }
        found.add(new Change(from + split, p));
        segment(values, from, from + split, random, found);
        segment(values, from + split, to, random, found);
    }

    /** v[k] = Σ over all j of sgn(x_k − x_j): twice x_k's mid-rank minus n + 1. */
    static long[] signSums(List<Double> x) {
        long[] v = new long[x.size()];
        for (int k = 0; k < v.length; k++) {
            for (int j = 0; j < v.length; j++) {
                v[k] += (long) Math.signum(x.get(k) - x.get(j));
            }
        }
        return v;
    }

    /** The split (the first index after it) with the largest |U|, each side at least MIN_SEGMENT long. */
    static int bestSplit(long[] v) {
        int best = MIN_SEGMENT;
        long bestU = -1;
        long u = 0;
        for (int split = 1; split <= v.length - MIN_SEGMENT; split++) {
            u += v[split - 1];
            if (split >= MIN_SEGMENT && Math.abs(u) > bestU) {
                best = split;
                bestU = Math.abs(u);
            }
        }
        return best;
    }

    /**
     * |U| of Pettitt at a split: Σ over i before it and j after it of sgn(x_j − x_i), which is minus
     * the sum of v over the values before the split (pairs within one side cancel).
     */
    static long statistic(long[] v, int split) {
        long u = 0;
        for (int k = 0; k < split; k++) {
            u += v[k];
        }
        return Math.abs(u);
    }

    private static void shuffle(long[] x, Random random) {
        for (int i = x.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            long t = x[i];
            x[i] = x[j];
            x[j] = t;
        }
    }
}
