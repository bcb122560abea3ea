"""The benchmark's own statistics against published values: if these drift, its cross-check of the
backend's verdicts and its error-rate intervals would drift with them. python3 -m unittest."""

import math
import unittest

import figures
import paired
import runs


class SignedRankInterval(unittest.TestCase):
    def test_ranks_match_the_two_sided_5_percent_critical_values(self):
        # Wilcoxon signed-rank tables, two-sided 0.05: the largest T still significant is k - 1.
        critical = {6: 0, 7: 2, 8: 3, 9: 5, 10: 8, 11: 10, 12: 13, 15: 25, 20: 52}
        for n, t in critical.items():
            self.assertEqual(paired.interval_rank(n)[0], t + 1, n)

    def test_no_interval_below_six_rounds(self):
        for n in range(1, 6):
            self.assertEqual(paired.interval_rank(n), (0, None))
        self.assertEqual(paired.compare("x", "r", [(1.1, 1.0)] * 5).verdict, "not-enough-data")

    def test_six_rounds_cover_31_of_32(self):
        self.assertAlmostEqual(paired.interval_rank(6)[1], 0.96875)

    def test_a_steady_difference_is_a_verdict(self):
        c = paired.compare("x", "r", [(110.0, 100.0)] * 6)
        self.assertAlmostEqual(c.ratio, 1.1)
        self.assertEqual((c.verdict, round(c.low, 9), round(c.high, 9)), ("faster", 1.1, 1.1))
        self.assertEqual(paired.compare("x", "r", [(90.0, 100.0)] * 6).verdict, "slower")

    def test_interval_ends_are_the_extreme_walsh_averages_at_six(self):
        ratios = [1.02, 0.97, 1.05, 0.99, 1.01, 0.95]
        c = paired.compare("x", "r", [(r, 1.0) for r in ratios])
        self.assertAlmostEqual(c.low, min(ratios))
        self.assertAlmostEqual(c.high, max(ratios))
        self.assertEqual(c.verdict, "tied")


class Measurements(unittest.TestCase):
    def test_rounds_pair_by_repetition_and_leave_flagged_ones_out(self):
        ms = [
            {"stack": "a", "version": "1", "repetition": 2, "throughput": 20.0, "flags": []},
            {"stack": "b", "version": "1", "repetition": 2, "throughput": 10.0, "flags": []},
            {"stack": "a", "version": "1", "repetition": 1, "throughput": 30.0, "flags": []},
            {"stack": "b", "version": "1", "repetition": 1, "throughput": 15.0, "flags": ["busy"]},
            {"stack": "a", "version": "1", "repetition": 3, "throughput": 40.0},
        ]
        self.assertEqual(paired.round_pairs(ms, "b@1", "a@1"), [(10.0, 20.0)])
        self.assertEqual(paired.round_pairs(ms, "b@1", "a@1", flagged=True), [(15.0, 30.0), (10.0, 20.0)])


class Orientation(unittest.TestCase):
    def test_a_comparison_against_the_other_stack_is_turned_round(self):
        comp = {"stack": "a@1", "against": "b@1", "rounds": 6, "ratio": 1.25, "low": 1.1, "high": 1.6, "verdict": "faster"}
        b = runs.backend(comp, swap=True)
        self.assertEqual((b.stack, b.against, b.verdict), ("b@1", "a@1", "slower"))
        self.assertAlmostEqual(b.ratio, 0.8)
        self.assertAlmostEqual(b.low, 1 / 1.6)
        self.assertAlmostEqual(b.high, 1 / 1.1)


class BinomialInterval(unittest.TestCase):
    def test_clopper_pearson_matches_published_values(self):
        for (k, n), (low, high) in {(1, 20): (0.00126, 0.24873), (18, 20): (0.68302, 0.98765), (0, 20): (0.0, 0.16843)}.items():
            got = figures.clopper_pearson(k, n)
            self.assertTrue(math.isclose(got[0], low, abs_tol=1e-4) and math.isclose(got[1], high, abs_tol=1e-4), (k, n, got))


class Homogeneity(unittest.TestCase):
    def test_chi_square_tail_matches_published_critical_values(self):
        # 95th percentiles of chi-square with 1, 2, 3 and 5 degrees of freedom.
        for df, x in {1: 3.841, 2: 5.991, 3: 7.815, 5: 11.070}.items():
            self.assertAlmostEqual(figures.chi2_sf(x, df), 0.05, places=3, msg=df)
        self.assertAlmostEqual(figures.chi2_sf(2.0, 2), math.exp(-1), places=9)

    def test_cochran_q_of_agreeing_and_disagreeing_runs(self):
        same = [(0.5, 0.45, 0.55), (0.5, 0.46, 0.54), (0.5, 0.44, 0.56)]
        self.assertAlmostEqual(figures.cochran_q(same)[0], 0, places=12)
        q, df, p = figures.cochran_q([(0.45, 0.44, 0.46), (0.55, 0.54, 0.56)])
        self.assertEqual(df, 1)
        self.assertGreater(q, 100)
        self.assertLess(p, 1e-6)


if __name__ == "__main__":
    unittest.main()
