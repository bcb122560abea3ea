#!/usr/bin/env python3
"""How long a compatibility check takes for a small WSDL, against a running instance.

Each round uploads the echo WSDL with a comment of its own, so that no build of an earlier round can
be reused (a new WSDL, as a user's change is), and runs `benchctl check` on every stack the instance
offers. The first round warms the worker (JVMs, toolchains) and is shown but not counted. Prints
each round's seconds and outcomes, the median, and the target: a small WSDL's check answers within
60 s on a warm worker.
"""
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET_SECONDS = 60


def one_round(benchctl, base, wsdl_text, number, stacks):
    with tempfile.TemporaryDirectory() as tmp:
        wsdl = Path(tmp) / "echo.wsdl"
        # A comment after the declaration changes the bytes, so every build is a new one.
        wsdl.write_text(wsdl_text.replace("?>", f"?>\n<!-- check round {number} {time.time_ns()} -->", 1))
        command = [str(benchctl), "check", "--server", base, "--wsdl", str(wsdl), "--json", "-", "--poll", "500ms"]
        if stacks:
            command += ["--stacks", stacks]
        started = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True, timeout=900)
        seconds = time.monotonic() - started
    report = json.loads(done.stdout[done.stdout.index("{"):]) if "{" in done.stdout else {}
    outcomes = {s["id"]: s["outcome"] for s in report.get("stacks", [])}
    return seconds, done.returncode, outcomes, report.get("failure") or done.stderr.strip()[-300:]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", default="http://localhost:8080")
    parser.add_argument("--rounds", type=int, default=3, help="counted rounds, after one to warm up")
    parser.add_argument("--stacks", default="", help="comma-separated; default every stack the instance offers")
    args = parser.parse_args()
    benchctl = ROOT / "workers" / "bin" / "benchctl"
    wsdl_text = (ROOT / "wsdl-catalog" / "echo" / "echo.wsdl").read_text()
    counted = []
    for number in range(args.rounds + 1):
        seconds, code, outcomes, failure = one_round(benchctl, args.base, wsdl_text, number, args.stacks)
        label = "warm-up" if number == 0 else f"round {number}"
        print(f"{label}: {seconds:.1f} s, exit {code}, " + ", ".join(f"{k} {v}" for k, v in outcomes.items())
              + (f" ({failure})" if code not in (0, 3) else ""), flush=True)
        if number > 0 and code in (0, 3):
            counted.append(seconds)
    if not counted:
        print("check latency: not measured, every round failed (see above)")
        return 1
    median = statistics.median(counted)
    verdict = "met" if median <= TARGET_SECONDS else "NOT met"
    print(f"check latency: median {median:.1f} s over {len(counted)} rounds (min {min(counted):.1f}, max {max(counted):.1f});"
          f" target: a small WSDL's check within {TARGET_SECONDS} s on a warm worker: {verdict}")
    return 0 if median <= TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
