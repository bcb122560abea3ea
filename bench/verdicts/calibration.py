"""How much CPU work per request makes ab-b a given fraction as fast as ab-a, measured as the
verdicts measure: calibration runs through the worker (its driver, its sandbox, 25 connections,
the 1 KB echo message) of many interleaved rounds, ab-b's work set before each. A round measures
both stacks one after the other, so its ratio b/a shares the machine's state, and the median of the
rounds' ratios is what counts, as `benchtool vs-wrk` takes the median of its alternating pairs: one
measurement moves by 10-30 % on this shared machine, and by far more under a load average above 20,
where wrk runs of 1-2 s alternating outside the worker gave pairs from 0.16 to 3.2. Measurements
the worker flagged as disturbed count here (the verdicts leave them out): they are still paired in
their round, and under such a load the worker flags nearly all of them.

The rate is taken as 1 / (t + k * work): every ratio measured gives 1/ratio - 1 = k * work, k is
fitted through all of them, and the work for a target is (1/target - 1) / k."""

import math
import statistics
from dataclasses import dataclass

import instance
import runs

TRIAL_WORK = 4000
TRIAL_ROUNDS = 10
# A trial whose b/a is this close to 1 (or above it) prices a round of work too poorly: the next
# trial has 4 times the work.
TOO_CLOSE = 0.97
RUN_TIMEOUT = 1800


@dataclass
class Calibrated:
    target: float
    work: int
    ratios: list  # b/a per round
    run_id: str = None
    disturbed: int = 0

    @property
    def ratio(self):
        return statistics.median(self.ratios) if self.ratios else math.nan

    def describe(self):
        if not self.ratios:
            return f"{self.work} rounds of work per request: no paired round (run {self.run_id})"
        interval = median_interval(self.ratios)
        ci = f"95 % CI of the median {interval[0]:.3f}-{interval[1]:.3f}" if interval else "too few rounds for a 95 % CI"
        return (f"{self.work} rounds of work per request: b/a {self.ratio:.3f} ({ci}; median of {len(self.ratios)} "
                f"rounds of run {self.run_id}, {self.disturbed} of them disturbed, rounds {min(self.ratios):.3f}-{max(self.ratios):.3f})"
                + (f", target {self.target:.2f}" if self.target else ""))


def median_interval(xs, level=0.95):
    """The order-statistic interval of a median: [x_(k), x_(n+1-k)], k the largest rank with
    2 P(Binomial(n, 1/2) <= k-1) <= 1 - level; None when n is too small for one."""
    xs, n = sorted(xs), len(xs)
    k, below = 0, 0.0
    while k < n:
        below += math.comb(n, k) / 2**n
        if 2 * below > 1 - level:
            break
        k += 1
    return (xs[k - 1], xs[n - k]) if k else None


def measure(bench, folder, target, work, rounds):
    """One calibration run with ab-b doing work rounds of work per request."""
    instance.set_work(instance.stacks_dir(folder) / "ab-b", work)
    instance.restart_worker(bench.system)
    out = runs.submit_and_wait(bench.system.api, runs.echo_workload(("ab-a", "ab-b"), rounds), "ab-a", "ab-b", RUN_TIMEOUT)
    if out.status != "completed" or not out.round_ratios:
        raise RuntimeError(f"calibration run {out.run_id} {out.status}: {out.failure or '; '.join(out.notes)}")
    return Calibrated(target, work, out.round_ratios, out.run_id, out.disturbed_rounds)


def fit(measured):
    """k of 1/ratio - 1 = k * work, least squares through the origin over every measurement, each
    weighted by its rounds."""
    num = sum(len(c.ratios) * c.work * (1 / c.ratio - 1) for c in measured)
    den = sum(len(c.ratios) * c.work**2 for c in measured)
    return num / den


def calibrate(bench, folder, targets, rounds, log):
    """A Calibrated per target ratio: trials of TRIAL_ROUNDS price a round of work, each target is
    measured by a run of rounds, and once more after a correction when it missed by more than
    0.02. Every measurement refines the fit."""
    measured = []
    work = TRIAL_WORK
    for _ in range(3):
        measured.append(measure(bench, folder, None, work, TRIAL_ROUNDS))
        log(f"  calibration trial: {measured[-1].describe()}")
        if fit(measured) * work > 1 / TOO_CLOSE - 1:
            break
        work *= 4
    out = []
    for target in targets:
        for _ in range(2):
            k = fit(measured)
            if k <= 0:
                raise RuntimeError("work made ab-b no slower than ab-a in any calibration run")
            got = measure(bench, folder, target, max(1, round((1 / target - 1) / k)), rounds)
            measured.append(got)
            log(f"  calibration: {got.describe()}")
            if abs(got.ratio - target) <= 0.02:
                break
        out.append(got)
    return out
