#!/usr/bin/env python3
"""A seed study run end to end through a running instance, printed beside its article.

Starts `POST /api/v1/studies/{id}/runs` (or, with --study-run, reads one already made), waits for
every cell, and prints:
  per cell and stack  the total time of the sequence (best and median of the rounds), the throughput
                      median with its 95 % interval and the rounds it rests on, the client's and the
                      server's CPU time per request and peak RSS, or why the stack is not measured
                      there (a mode it does not claim, with the runner's reason);
  per published claim the article's words and ratio, our paired ratio and 95 % interval per cell
                      (the service's verdicts: Hodges-Lehmann estimate, Wilcoxon interval), and the
                      verdict with its reason.

The target it is held to: every cell a stack claims is filled (the stack `done`, with a total time),
and every claim has a verdict; a claim is "not measurable" only where no stack pair claims one of
its cells. A cell whose run failed or was cancelled, or a claimed stack without figures, is a MISS.
A stack the worker cannot run at all (its runner answered `unavailable: ...`, e.g. WSF/C++ without
an installation) is listed as NOT HERE with that reason instead: the run says so on its page, and
the claims that need the stack are "not measurable here".

How long, on a quiet 2-core machine: the Sosnoski 2010 study (3 JVM stacks, 2 sequences, 4 modes,
8 rounds) about 70 minutes, its signed cells the slowest; a probe of it as long, or less where it
measures some modes only. A study run this script stops waiting for (--timeout, SIGTERM, Ctrl-C) is
cancelled.
"""
import argparse
import signal
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "fault-tests"))
from api import Api  # noqa: E402

CELL_FINAL = ("completed", "failed", "cancelled", "pending")


def start(api, study, probe):
    body = {"probe": probe} if probe else {}
    r = api.request("POST", f"/api/v1/studies/{study}/runs", body, timeout=60)
    if r.status != 201:
        sys.exit(f"the study run was refused: {r.describe()}")
    print(f"study run {r.body['id']} of {study}{' probe ' + probe if probe else ''} started", flush=True)
    return r.body["id"], r.body.get("manageToken")


def wait(api, run_id, manage_token, timeout):
    started, last = time.monotonic(), None
    try:
        while time.monotonic() - started < timeout:
            got = api.request("GET", f"/api/v1/study-runs/{run_id}", timeout=30)
            if got.status == 200:
                done = sum(1 for c in got.body["cells"] if c["status"] in CELL_FINAL)
                progress = f"{done} of {len(got.body['cells'])} cells ended"
                if progress != last:
                    print(f"  {progress} after {time.monotonic() - started:.0f} s", flush=True)
                    last = progress
                if done == len(got.body["cells"]):
                    return got.body, time.monotonic() - started
            time.sleep(20)
    except KeyboardInterrupt:
        cancel(api, run_id, manage_token)
        raise
    # A study run not waited for would hold the worker for hours: it is the submitter's to cancel.
    cancel(api, run_id, manage_token)
    sys.exit(f"study run {run_id} not ended after {timeout} s (cancelled)")


def cancel(api, run_id, manage_token):
    headers = {"X-Run-Manage-Token": manage_token} if manage_token else {}
    got = api.request("POST", f"/api/v1/study-runs/{run_id}/cancel", headers=headers, timeout=60)
    print(f"study run {run_id} cancelled: HTTP {got.status}", flush=True)


def read(api, run_id):
    got = api.request("GET", f"/api/v1/study-runs/{run_id}", timeout=30)
    if got.status != 200:
        sys.exit(f"study run {run_id}: {got.describe()}")
    return got.body


def mib(b):
    return f"{b / 2**20:.0f} MiB" if b else "-"


def ms(seconds):
    return f"{seconds * 1000:.2f} ms" if seconds is not None else "-"


def print_cells(view):
    print(f"\n{view['studyName']}: per cell and stack, total time of the sequence best / median of the rounds, "
          "throughput median (95 % interval, rounds), CPU per request client / server (client '<=': whole drive, "
          "start-up and warm-up included), peak RSS client / server")
    for cell in view["cells"]:
        print(f"  {cell['id']} ({cell['status']}, run {cell.get('runSlug') or '-'})")
        for s in cell["stacks"]:
            name = f"{s['stack']}@{s['version']}" if s.get("version") else s["stack"]
            total, rate = s.get("totalSeconds"), s.get("throughput")
            if not total or not rate:
                print(f"    {name:<16} {s['status']}: {s.get('reason') or 'no figures'}")
                continue
            print(f"    {name:<16} {total['best']:8.2f} / {total['median']:8.2f} s  {describe_rate(rate):<26} "
                  f"CPU {client_cpu(s)} / {ms(s.get('serverCpuSecondsPerRequest'))}  "
                  f"RSS {mib(s.get('clientPeakRssBytes'))} / {mib(s.get('serverPeakRssBytes'))}")


def client_cpu(figures):
    """The client's CPU per request, '<=' where it is the whole drive's: an upper bound."""
    bound = "<=" if figures.get("clientCpuCovers") == "whole-drive" else ""
    return bound + ms(figures.get("clientCpuSecondsPerRequest"))


def describe_rate(rate):
    if rate.get("low") is None:
        return f"{rate['median']:.0f}/s (no interval, {rate['n']} rounds)"
    return f"{rate['median']:.0f}/s ({rate['low']:.0f}-{rate['high']:.0f}, {rate['n']} rounds)"


def print_claims(view):
    print("\nPublished claims: the article's ratio, ours per cell (95 % interval, rounds), the verdict")
    for c in view["comparisons"]:
        p = c["published"]
        print(f"  \"{p['text']}\" ({p['stack']}/{p['baseline']}: {c['claim']['text']})")
        for v in c["cellVerdicts"]:
            if v.get("ratio") is not None:
                print(f"    {v['cell']:<28} x{v['ratio']:.2f} ({v['low']:.2f}-{v['high']:.2f}, {v['rounds']} rounds): "
                      f"{v['verdict']}")
            else:
                print(f"    {v['cell']:<28} {v['verdict']}: {v.get('reason')}")
        print(f"    => {c['verdict']}: {c.get('verdictReason')}")


def not_here(stack):
    """Whether the worker cannot run the stack at all: its runner said `unavailable: ...`."""
    return stack["status"] == "unsupported" and (stack.get("reason") or "").startswith("unavailable:")


def absent(view):
    """The claimed stacks the worker cannot run, one line per cell, with the runner's reason."""
    return [f"{cell['id']}: {s['stack']}: {s['reason']}"
            for cell in view["cells"] for s in cell["stacks"] if not_here(s)]


def judge(view):
    misses = []
    for cell in view["cells"]:
        if cell["status"] in ("failed", "cancelled"):
            misses.append(f"{cell['id']}: {cell['status']}: {cell.get('reason')}")
            continue
        for s in cell["stacks"]:
            claimed = s.get("version") is not None  # an unclaimed mode leaves the stack without one
            if claimed and not not_here(s) and (s["status"] != "done" or not s.get("totalSeconds")):
                misses.append(f"{cell['id']}: {s['stack']} {s['status']}: {s.get('reason') or 'no total time'}")
    for c in view["comparisons"]:
        measured = [v for v in c["cellVerdicts"] if v.get("ratio") is not None]
        if c["verdict"] == "not-measurable" and any(v.get("notEnoughData") for v in c["cellVerdicts"]):
            misses.append(f"claim \"{c['published']['text'][:60]}...\": not enough data")
        elif c["verdict"] != "not-measurable" and not measured:
            misses.append(f"claim \"{c['published']['text'][:60]}...\": a verdict without a measured cell")
    return misses


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--base", default="http://localhost:8080")
    p.add_argument("--study", default="sosnoski-2010")
    p.add_argument("--probe", help="run one of the study's probes instead of the study itself")
    p.add_argument("--study-run", help="print a study run already made instead of starting one")
    p.add_argument("--timeout", type=int, default=4 * 3600, help="seconds the study run may take")
    args = p.parse_args()
    # `timeout` stops it with SIGTERM: raised as Ctrl-C is, so the study run is cancelled.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    api = Api(args.base)
    if args.study_run:
        view = read(api, args.study_run)
    else:
        run_id, token = start(api, args.study, args.probe)
        view, seconds = wait(api, run_id, token, args.timeout)
        print(f"study run {run_id} ended in {seconds / 60:.0f} min")
    print_cells(view)
    print_claims(view)
    misses = judge(view)
    print("\ntarget: every cell a stack claims filled, every claim given a verdict (not measurable only "
          "where no pair of stacks claims its cells); a stack this worker cannot run is named, not counted")
    for line in absent(view):
        print(f"  NOT HERE {line}")
    for miss in misses:
        print(f"  MISS {miss}")
    print("PASS" if not misses else f"MISS ({len(misses)})")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
