"""How often four 95 % intervals for the paired throughput ratio of two stacks cover the true
ratio, on simulated rounds shaped like a shared benchmark machine's (docs/statistics.md).

Each round measures both stacks: the machine's drift in the round is shared by both and cancels in
their log-ratio; each measurement also loses its own share of throughput to disturbances. The
intervals, on the per-round log-ratios d:

  wilcoxon      the exact Wilcoxon signed-rank interval [W(k), W(M+1-k)] of the Walsh averages,
                what the backend computes (backend/.../results/WilcoxonInterval.java)
  t             mean(d) ± t(0.975, n-1) · sd(d) / sqrt(n)
  boot-median   percentile bootstrap of the median of d
  boot-mean     percentile bootstrap of the mean of d

Standard library only, fixed seed:  python3 coverage.py [--runs 20000] [--boot-runs 1000]
"""

import argparse
import math
import random
import statistics

T_975 = {6: 2.570581836, 8: 2.364624252, 10: 2.262157163}


def wilcoxon_k(n):
    counts = [1] + [0] * (n * (n + 1) // 2)
    for rank in range(1, n + 1):
        for t in range(len(counts) - 1, rank - 1, -1):
            counts[t] += counts[t - rank]
    k, below = 0, 0
    for t, count in enumerate(counts):
        below += count
        if 2 * below / 2 ** n > 0.05:
            break
        k = t + 1
    return k


def wilcoxon(d, k):
    walsh = sorted((d[i] + d[j]) / 2 for i in range(len(d)) for j in range(i, len(d)))
    return walsh[k - 1], walsh[len(walsh) - k]


def t_interval(d):
    half = T_975[len(d)] * statistics.stdev(d) / math.sqrt(len(d))
    mean = statistics.fmean(d)
    return mean - half, mean + half


def bootstrap(d, estimate, rng, resamples=1000):
    values = sorted(estimate([d[rng.randrange(len(d))] for _ in d]) for _ in range(resamples))
    return values[int(0.025 * resamples)], values[int(0.975 * resamples) - 1]


def simulate(noise, n, runs, boot_runs, rng, true_ratio=0.8):
    truth = math.log(true_ratio)
    k = wilcoxon_k(n)
    methods = {
        "wilcoxon": (runs, lambda d: wilcoxon(d, k)),
        "t": (runs, t_interval),
        "boot-median": (boot_runs, lambda d: bootstrap(d, statistics.median, rng)),
        "boot-mean": (boot_runs, lambda d: bootstrap(d, statistics.fmean, rng)),
    }
    covered = {name: 0 for name in methods}
    widths = {name: [] for name in methods}
    for run in range(runs):
        d = [truth + noise(rng) - noise(rng) for _ in range(n)]
        for name, (limit, interval) in methods.items():
            if run < limit:
                low, high = interval(d)
                covered[name] += low <= truth <= high
                widths[name].append(math.exp(high - low) - 1)
    for name, (limit, _) in methods.items():
        p = covered[name] / limit
        error = 1.96 * math.sqrt(p * (1 - p) / limit)
        print(f"  {name:12} coverage {100 * p:5.1f} % (± {100 * error:.1f}, {limit} runs)"
              f"   median width {100 * statistics.median(widths[name]):5.1f} % of the ratio")


def exponential_dips(rng):
    return -rng.expovariate(1 / 0.08)


def rare_deep_dips(rng):
    return 0.02 * rng.gauss(0, 1) + (math.log(0.7) if rng.random() < 1 / 6 else 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20000)
    parser.add_argument("--boot-runs", type=int, default=1000)
    args = parser.parse_args()
    rng = random.Random(20240607)
    for n in (6, 10):
        for name, noise in (("each measurement loses an exponential share, mean 8 %", exponential_dips),
                            ("2 % noise, and 1 measurement in 6 loses 30 %", rare_deep_dips)):
            print(f"{n} rounds, {name}:")
            simulate(noise, n, args.runs, args.boot_runs, rng)


if __name__ == "__main__":
    main()
