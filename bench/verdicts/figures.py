"""The three measurements of the paired verdicts' error rates, each printing its figures and the
target it is held to with PASS or MISS; every run's wall time beside it, and per workload one run
with the old default (one repetition, no minimum length) for comparison."""

import math
import statistics
from pathlib import Path

import calibration
import instance
from runs import ECHO_1KB, echo_workload, submit_and_wait

RUN_TIMEOUT = 1800
# The most a verdict run may cost, in wall time, as a multiple of one run of the old default (one
# round, each measurement as long as its request count makes it).
OLD_DEFAULT_COST = 2.0
# The CI gate's default (benchctl --threshold, docs/ci.md): a regression is a verdict "slower"
# whose estimate is more than this below 1.
GATE_THRESHOLD = 0.05


def verdict(ok):
    return "PASS" if ok else "MISS"


def load_average():
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def old_default(stacks, min_seconds=True):
    """The same workload as it ran before verdicts; min_seconds false for a backend that has no
    load.minSeconds."""
    w = {"stacks": list(stacks), **ECHO_1KB, "repetitions": 1}
    if min_seconds:
        w["load"] = {"minSeconds": 0}
    return w


def clopper_pearson(k, n, level=0.95):
    """The exact binomial interval of a rate of k in n."""
    tail = (1 - level) / 2

    def at_most(x, p):
        return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(x + 1))

    def crossing(x, value):  # at_most(x, p) falls as p rises: the p where it equals value
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if at_most(x, mid) > value else (lo, mid)
        return (lo + hi) / 2

    low = 0.0 if k == 0 else crossing(k - 1, 1 - tail)  # P(X >= k) = tail
    high = 1.0 if k == n else crossing(k, tail)  # P(X <= k) = tail
    return low, high


def rate_text(k, n):
    low, high = clopper_pearson(k, n)
    return f"{k} of {n} ({100 * k / n:.0f} %, 95 % CI {100 * low:.0f}-{100 * high:.0f} %)" if n else "0 of 0"


class Bench:
    def __init__(self, system, runs, repetitions):
        self.system, self.runs, self.repetitions = system, runs, repetitions

    def run(self, label, w, a, b):
        out = submit_and_wait(self.system.api, w, a, b, RUN_TIMEOUT)
        if out.status == "refused":
            print(f"  {label}: refused: {out.failure}", flush=True)
            return out
        wall = f"{out.wall_seconds:.0f} s" if out.wall_seconds is not None else "?"
        rounds = (out.workload or {}).get("repetitions")
        print(f"  {label}: run {out.run_id} {out.status}, wall {wall}, {rounds} rounds: {out.describe_verdict()}", flush=True)
        for note in out.notes + ([f"failure: {out.failure}"] if out.failure else []):
            print(f"      {note}", flush=True)
        return out

    def series(self, name, a, b, runs=None, old=True):
        """runs verdict runs of one workload (default: --runs), then its old-default run unless old
        is false; returns the verdict runs."""
        runs = runs or self.runs
        print(f"{name}: load average {load_average()} at the start", flush=True)
        outs = [self.run(f"run {i + 1}/{runs}", echo_workload((a, b), self.repetitions), a, b) for i in range(runs)]
        if old:
            self.compare_cost(name, outs, self.old_default_run(a, b))
        print(f"{name}: load average {load_average()} at the end", flush=True)
        return outs

    def old_default_run(self, a, b):
        out = self.run("old default (1 round)", old_default((a, b)), a, b)
        if out.status == "refused" and "minSeconds" in (out.failure or ""):
            print("      this backend knows no load.minSeconds: the old default is one round alone", flush=True)
            out = self.run("old default (1 round)", old_default((a, b), min_seconds=False), a, b)
        return out

    def compare_cost(self, name, outs, old):
        walls = [o.wall_seconds for o in outs if o.status == "completed" and o.wall_seconds]
        if not walls or old.status != "completed":
            print(f"{name} cost: not judged (verdict runs completed: {len(walls)}, old default {old.status}) MISS")
            return
        median = statistics.median(walls)
        factor = median / old.wall_seconds
        print(f"{name} cost: verdict run wall median {median:.0f} s (range {min(walls):.0f}-{max(walls):.0f} s, {len(walls)} runs) "
              f"against {old.wall_seconds:.0f} s for the old default: {factor:.2f}x (target <= {OLD_DEFAULT_COST:.0f}x) "
              f"{verdict(factor <= OLD_DEFAULT_COST)}", flush=True)


def with_verdict(outs):
    return [o for o in outs if o.verdict is not None and o.verdict.ratio is not None]


def judged(outs, name):
    """The runs with a verdict; prints those without."""
    have = with_verdict(outs)
    if len(have) < len(outs):
        print(f"{name}: {len(outs) - len(have)} of {len(outs)} runs gave no verdict (see above)")
    return have


def aa(bench):
    """gSOAP against itself under two names: how often does a verdict call one faster?"""
    outs = bench.series("A/A", "aa-a", "aa-b")
    have = judged(outs, "A/A")
    false = sum(1 for o in have if o.verdict.verdict in ("faster", "slower"))
    ratios = [o.verdict.ratio for o in have]
    if ratios:
        print(f"A/A ratios aa-b/aa-a: median {statistics.median(ratios):.3f}, {min(ratios):.3f}-{max(ratios):.3f}")
    allowed = len(outs) / 20
    ok = len(have) == len(outs) and false <= allowed
    print(f"A/A: a verdict called one faster in {rate_text(false, len(have))} (target <= 1 in 20) {verdict(ok)}", flush=True)
    gate(outs, have, "A/A", "a false regression", lambda k, n: k <= n / 20, "<= 1 in 20")


def regression(v):
    """What `benchctl --fail-on regression` fails on, for b as the head and a as the base."""
    return v.verdict == "slower" and v.ratio < 1 - GATE_THRESHOLD


def gate(outs, have, name, what, meets, target):
    """The same runs read as the CI gate reads them, with the time from submission to verdict."""
    k = sum(1 for o in have if regression(o.verdict))
    walls = [o.wall_seconds for o in have if o.wall_seconds]
    took = f"; submission to verdict median {statistics.median(walls):.0f} s ({min(walls):.0f}-{max(walls):.0f} s)" if walls else ""
    ok = len(have) == len(outs) and meets(k, len(outs))
    print(f"{name} as a CI gate (threshold {100 * GATE_THRESHOLD:.0f} %): {what} in {rate_text(k, len(have))} "
          f"(target {target}){took} {verdict(ok)}", flush=True)


def power(bench, folder, calibration_rounds):
    """ab-b truly 10 % (then 5 %) slower than ab-a: how often is b found slower?"""
    print(f"power: calibrating ab-b (load average {load_average()})", flush=True)
    levels = calibration.calibrate(bench, folder, (0.90, 0.95), calibration_rounds, lambda m: print(m, flush=True))
    for level in levels:
        print(f"power calibration: {level.describe()}", flush=True)
    for level, target in zip(levels, (0.9, None)):
        instance.set_work(instance.stacks_dir(folder) / "ab-b", level.work)
        instance.restart_worker(bench.system)
        name = f"power {100 * (1 - level.target):.0f} %"
        # One old-default run serves both levels: the workload is the same.
        outs = bench.series(name, "ab-a", "ab-b", old=target is not None)
        have = judged(outs, name)
        found = sum(1 for o in have if o.verdict.verdict == "slower")
        wrong = sum(1 for o in have if o.verdict.verdict == "faster")
        ratios = [o.verdict.ratio for o in have]
        if ratios:
            print(f"{name}: ratios ab-b/ab-a median {statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f}) "
                  f"against the calibrated {level.ratio:.3f}; b called faster in {wrong}")
        line = f"{name}: b found slower in {rate_text(found, len(have))}"
        if target:
            ok = len(have) == len(outs) and found >= 0.9 * len(outs)
            print(f"{line} (target >= 18 of 20) {verdict(ok)}", flush=True)
            gate(outs, have, name, "a regression found", lambda k, n: k >= 0.9 * n, ">= 18 of 20")
        else:
            print(f"{line} (no target)", flush=True)


def repeatability(bench):
    """CXF against gSOAP, 3 whole runs in a row: do the ratio estimates agree?"""
    outs = bench.series("repeatability", "gsoap", "cxf", runs=3)
    have = judged(outs, "repeatability")
    for i, o in enumerate(have):
        v = o.verdict
        print(f"repeatability run {i + 1}: cxf/gsoap {v.ratio:.3f} (95 % CI {v.low:.3f}-{v.high:.3f}, {v.rounds} rounds) {v.verdict}")
    if len(have) < 2:
        print("repeatability: fewer than 2 runs with a verdict: not judged MISS")
        return
    ratios = [o.verdict.ratio for o in have]
    spread = max(ratios) / min(ratios) - 1
    covered = all(o.verdict.low <= p.verdict.ratio <= o.verdict.high for o in have for p in have)
    sides = {math.copysign(1, math.log(r)) for r in ratios if r != 1}
    complete = len(have) == len(outs)
    print(f"repeatability: estimates within {100 * spread:.1f} % of each other (target <= 5 %) {verdict(complete and spread <= 0.05)}")
    print(f"repeatability: each run's CI holds the other runs' estimates: {'yes' if covered else 'no'} {verdict(complete and covered)}")
    print(f"repeatability: order never flips: {'yes' if len(sides) <= 1 else 'no'} {verdict(complete and len(sides) <= 1)}", flush=True)
    q, df, p = cochran_q([(o.verdict.ratio, o.verdict.low, o.verdict.high) for o in have])
    # "Each CI holds the others' estimates" fails 17 % of the time per pair for a perfect method (the
    # difference of two estimates has sqrt(2) times their error); this asks the right question: do
    # the runs' estimates differ more than their own intervals allow?
    print(f"repeatability: the runs agree with one ratio: Cochran's Q = {q:.2f} on {df} degrees of freedom, p = {p:.2f} "
          f"(target p >= 0.05) {verdict(complete and p >= 0.05)}", flush=True)


def cochran_q(estimates):
    """Cochran's Q over (estimate, low, high) triples of 95 % intervals, on the log scale, each
    standard error read from its interval's width: Q, its degrees of freedom and the chi-square p."""
    logs = [math.log(r) for r, _, _ in estimates]
    weights = [(3.92 / (math.log(high) - math.log(low))) ** 2 for _, low, high in estimates]
    mean = sum(w * x for w, x in zip(weights, logs)) / sum(weights)
    q = sum(w * (x - mean) ** 2 for w, x in zip(weights, logs))
    df = len(estimates) - 1
    return q, df, chi2_sf(q, df)


def chi2_sf(x, df):
    """P(X >= x) for X chi-square with df degrees of freedom: 1 minus the regularized lower gamma
    function P(df/2, x/2), from its power series (x here is a few units at most)."""
    if x <= 0:
        return 1.0
    a, half = df / 2, x / 2
    term = total = 1 / a
    n = 1
    while term > 1e-15 * total:
        term *= half / (a + n)
        total += term
        n += 1
    return max(0.0, 1 - total * math.exp(-half + a * math.log(half) - math.lgamma(a)))
