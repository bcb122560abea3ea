"""The error rates of the paired verdicts, measured through the whole system on this machine
(bench/README.md, `make verdicts`):

  aa             gSOAP against itself under two names (aa-a, aa-b), RUNS runs: how often a verdict
                 calls one faster (target: at most 1 in 20)
  power          soapserver b calibrated 10 % slower than a, RUNS runs: how often b is found slower
                 (target: at least 18 of 20); then 5 % slower, RUNS runs (no target)
  repeatability  CXF against gSOAP, 3 runs in a row: the ratio estimates within 5 % of each other,
                 each run's CI holding the others' estimates, the order never flipped

Every run is the default workload but for its stacks and the 1 KB echo message, on a private
instance (PostgreSQL, RabbitMQ, backend, one worker) in --dir. Needs `make build` at the top and
`make -C bench tools`.

    python3 run.py [--runs N] [--only aa|power|repeatability] [--repetitions N]
"""

import argparse
import json
import shutil
import signal
import sys
import time
from pathlib import Path

import figures
import instance
import runs

PARTS = ("aa", "power", "repeatability")
STACKS = {"aa": ("aa-a", "aa-b"), "power": ("ab-a", "ab-b"), "repeatability": ("gsoap", "cxf")}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20, help="runs per A/A and power series (default 20)")
    parser.add_argument("--only", choices=PARTS, help="one part only")
    parser.add_argument("--repetitions", type=int,
                        help="rounds per run instead of the workload's default (to try the benchmark before the default has enough rounds for a verdict)")
    parser.add_argument("--calibration-rounds", type=int, default=20, help="rounds of the calibration run of each power level (default 20)")
    parser.add_argument("--dir", default="/tmp/soapbench-verdicts-bench", help="the instance's and the stacks' folder, emptied first")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    # `timeout` ends the benchmark with SIGTERM: the instance is stopped all the same.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped by SIGTERM"))
    base = Path(args.dir)
    shutil.rmtree(base, ignore_errors=True)
    instance.make_stacks(base, (0, 0))
    instance.copy_backend(base)
    system = instance.system(base, log=lambda m: print(m, file=sys.stderr, flush=True))
    parts = [args.only] if args.only else list(PARTS)
    began = time.monotonic()
    try:
        print(f"verdicts: starting a private instance in {base} (load average {figures.load_average()})", flush=True)
        system.start()
        check_stacks(system, {s for p in parts for s in STACKS[p]})
        print(f"verdicts: each run {json.dumps(runs.echo_workload(('<a>', '<b>'), args.repetitions))}, "
              f"the old default {json.dumps(figures.old_default(('<a>', '<b>')))}", flush=True)
        bench = figures.Bench(system, args.runs, args.repetitions)
        for part in parts:
            started = time.monotonic()
            if part == "aa":
                figures.aa(bench)
            elif part == "power":
                figures.power(bench, base, args.calibration_rounds)
            else:
                figures.repeatability(bench)
            print(f"{part}: {time.monotonic() - started:.0f} s", flush=True)
    finally:
        print(f"verdicts: {time.monotonic() - began:.0f} s; stopping the instance (logs in {system.dir})", flush=True)
        system.stop()


def check_stacks(system, wanted):
    """The backend offers every stack of the benchmark: a manifest that broke the schema would be
    left out, and its runs refused."""
    r = system.api.request("GET", "/api/v1/stacks")
    offered = {s.get("id") for s in (r.body if isinstance(r.body, list) else (r.body or {}).get("stacks", []))}
    missing = sorted(wanted - offered)
    if missing:
        raise SystemExit(f"the backend does not offer {missing} (offered: {sorted(offered)}); see {system.dir}/backend.log")


if __name__ == "__main__":
    main()
