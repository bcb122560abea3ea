"""The fault figures of issue 13: the suite's faults, several times each, on a fresh instance of
its own; prints per fault kind the faults injected, what became of the runs they hit and the
seconds to recover, with the targets (0 lost, 0 duplicated, 0 stuck).

    python3 figures.py [--rounds N]       (make -C bench faults)
"""

import argparse
import statistics
import sys
import time
from collections import defaultdict

import faults
from system import Settings, System
from verdicts import settle

DEFAULTS = {"dir": "/tmp/soapbench-fault-figures", "db_port": 17452, "amqp_port": 17702, "backend_port": 18084}
SETTLE_SECONDS = 300

# What each scenario's "seconds to recover" measures.
RECOVERY = {
    "worker killed while building": "new worker started -> next event of the run ingested",
    "worker killed while measuring": "new worker started -> next event of the run ingested",
    "broker restart during a run": "RabbitMQ back -> next event of the run ingested",
    "broker restart during submissions": "RabbitMQ back -> first event of a run submitted while it was down",
    "database restart during a run": "PostgreSQL back -> next event of the run ingested",
    "database restart during submissions": "PostgreSQL back -> API answers 200 again",
    "cancel while queued": "cancel asked -> run shown cancelled",
    "cancel while measuring": "cancel asked -> run shown cancelled (worker stopped)",
    "worker gone for good": "worker killed -> run failed by the watchdog",
}


def scenarios():
    """One round: every scenario once. The worker gone for good is the spare worker, started again
    each round (its dead job stays in its own class's queue and the watchdog fails its run)."""
    return [
        (faults.worker_killed, ("building",)),
        (faults.worker_killed, ("measuring",)),
        (faults.broker_restart, ()),
        (faults.database_restart, ()),
        (faults.cancels, ()),
        (faults.worker_gone, (15, 70)),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="how often each fault is injected (default 3)")
    args = parser.parse_args()

    system = System(Settings.from_env("FAULT_FIGURES", DEFAULTS), log=lambda m: print(m, file=sys.stderr, flush=True))
    started = time.monotonic()
    rows = defaultdict(lambda: defaultdict(int))
    recover = defaultdict(list)
    problems = []
    restarts = 0
    try:
        system.start()
        for round_ in range(1, args.rounds + 1):
            for scenario, scenario_args in scenarios():
                label = f"round {round_}: {scenario.__name__}{scenario_args or ''}"
                print(label, file=sys.stderr, flush=True)
                try:
                    injections = scenario(system, *scenario_args)
                except faults.ScenarioError as e:
                    problems.append(f"{label}: not injected: {e}")
                    continue
                restarts += 1
                for inj in injections:
                    row = rows[inj.kind]
                    row["injected"] += 1
                    if inj.recover_seconds is not None:
                        recover[inj.kind].append(inj.recover_seconds)
                    else:
                        row["not recovered"] += 1
                    problems += [f"{label}: {p}" for p in inj.problems]
                    for v in settle(system, [inj], SETTLE_SECONDS):
                        row["runs"] += 1
                        row["completed"] += v.status == "completed"
                        row["failed with a reason"] += v.status == "failed" and bool((v.failure or "").strip())
                        row["failed without a reason"] += v.status == "failed" and not (v.failure or "").strip()
                        row["cancelled"] += v.status == "cancelled"
                        row["lost"] += v.lost
                        row["stuck"] += v.stuck
                        row["duplicated"] += v.duplicated
                        problems += [f"{label}: {p}" for p in v.problems]
    finally:
        system.stop()
    report(rows, recover, problems, restarts, time.monotonic() - started)


def report(rows, recover, problems, faults_injected, seconds):
    cols = ["injected", "runs", "completed", "failed with a reason", "cancelled", "lost", "stuck", "duplicated"]
    width = max(len(k) for k in RECOVERY)
    print(f"\nFault figures ({faults_injected} faults injected in {seconds / 60:.1f} min; a broker or database restart and a "
          f"cancel scenario each count once but serve two kinds below)\n")
    print(f"{'fault kind':<{width}}  " + "  ".join(f"{c:>{max(len(c), 5)}}" for c in cols) + "  recover s (median / max)")
    totals = defaultdict(int)
    for kind in RECOVERY:
        row = rows.get(kind, {})
        for c in cols:
            totals[c] += row.get(c, 0)
        times = recover.get(kind, [])
        rec = f"{statistics.median(times):.1f} / {max(times):.1f}" if times else "-"
        if row.get("not recovered"):
            rec += f" ({row['not recovered']} never)"
        print(f"{kind:<{width}}  " + "  ".join(f"{row.get(c, 0):>{max(len(c), 5)}}" for c in cols) + f"  {rec}")
    print(f"{'all':<{width}}  " + "  ".join(f"{totals[c]:>{max(len(c), 5)}}" for c in cols))
    print()
    for kind, what in RECOVERY.items():
        print(f"  recover, {kind}: {what}")
    print()
    for name, value in (("runs lost", totals["lost"]), ("measurements duplicated", totals["duplicated"]), ("runs stuck", totals["stuck"])):
        print(f"{name}: {value} (target 0) {'PASS' if value == 0 else 'MISS'}")
    unexpected = len(problems)
    print(f"broken promises (wrong end, missing repetition, slow or wrong answer during an outage): {unexpected} "
          f"{'PASS' if unexpected == 0 else 'MISS'}")
    for p in problems:
        print(f"  - {p}")


if __name__ == "__main__":
    main()
