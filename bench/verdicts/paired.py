"""The paired verdict of the contract (docs of summary.cells[].comparisons[]), computed again from a
run's stored measurements: the benchmark checks the backend's figures against it, and falls back on
it, saying so, where a backend gives no comparisons."""

import math
from dataclasses import dataclass
from functools import lru_cache

ALPHA = 0.05
MIN_ROUNDS = 6


@dataclass
class Paired:
    """X against R: ratio X/R (Hodges-Lehmann), its interval and the verdict on X."""

    stack: str
    against: str
    rounds: int
    ratio: float = None
    low: float = None
    high: float = None
    coverage: float = None
    verdict: str = "not-enough-data"
    source: str = "backend"


@lru_cache(maxsize=None)
def signed_rank_counts(n):
    """How many of the 2**n sign patterns give each value of the signed-rank statistic T."""
    counts = [1]
    for rank in range(1, n + 1):
        grown = counts + [0] * rank
        for t, c in enumerate(counts):
            grown[t + rank] += c
        counts = grown
    return counts


def interval_rank(n):
    """k and the coverage: the largest k with 2 P(T <= k-1) <= ALPHA (0 when none)."""
    counts, total = signed_rank_counts(n), 2**n
    k, below = 0, 0
    while True:
        below += counts[k]  # P(T <= k) * 2**n
        if 2 * below / total > ALPHA:
            break
        k += 1
    return k, 1 - 2 * (below - counts[k]) / total if k else None


def compare(stack, against, pairs):
    """pairs: (throughput of stack, throughput of against) per round both measured usably."""
    out = Paired(stack, against, len(pairs), source="benchmark")
    if len(pairs) < MIN_ROUNDS:
        return out
    d = [math.log(x / r) for x, r in pairs]
    walsh = sorted((d[i] + d[j]) / 2 for i in range(len(d)) for j in range(i, len(d)))
    m = len(walsh)
    hl = (walsh[(m - 1) // 2] + walsh[m // 2]) / 2
    k, coverage = interval_rank(len(d))
    out.ratio, out.low, out.high, out.coverage = math.exp(hl), math.exp(walsh[k - 1]), math.exp(walsh[m - k]), coverage
    out.verdict = "faster" if out.low > 1 else "slower" if out.high < 1 else "tied"
    return out


def from_measurements(measurements, stack, against):
    """The comparison of stack with against (both "id@version"); measurements as
    GET /api/v1/runs/{id} lists them."""
    return compare(stack, against, round_pairs(measurements, stack, against))


def round_pairs(measurements, stack, against, flagged=False):
    """(throughput of stack, throughput of against) per round, in round order, over the rounds
    where both have an unflagged measurement (any measurement, with flagged)."""
    by_round = {}
    for m in measurements:
        if m.get("flags") and not flagged:
            continue
        key = f"{m.get('stack')}@{m.get('version')}"
        if key in (stack, against) and m.get("throughput"):
            by_round.setdefault(m.get("repetition"), {})[key] = m["throughput"]
    return [(r[stack], r[against]) for _, r in sorted(by_round.items()) if stack in r and against in r]
