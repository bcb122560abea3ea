#!/usr/bin/env python3
"""What WS-Security costs each stack, measured through a running instance (issue 19's figures).

Two whole runs, each with every stack that claims a secured mode and every mode those stacks claim,
measured by the stacks' own clients (secured requests need them), in interleaved rounds:
  echo     the catalog echo service, the 1 KB message, 1 connection
  seismic  the catalog seismic service's default workload (the 2010 article's small sequence)
Per stack and mode it prints the throughput (median and its 95 % interval over the rounds), p99,
the cost against `plain` (the paired ratio mode/plain of the same stack, round by round, as the
service's verdicts pair stacks: Hodges-Lehmann estimate and Wilcoxon interval, bench/verdicts/
paired.py; fewer than 6 rounds give no interval), and the client's and the server's peak RSS.

The target it is held to: every mode a stack claims is measured (no cell failed, none with errors
flagged), and every secured mode costs throughput (ratio below 1) or is called tied; a secured mode
measured faster than plain beyond its interval is a MISS (the server does not do the work).

How long: a JVM stack's native-client cell warms up until steady before it measures, 50-90 s on a
2-core machine, so a round of CXF, Metro and Axis2 in every mode takes about 15 minutes and the
two runs at 6 rounds about 3 hours; gSOAP alone (--stacks gsoap) takes minutes. A round flagged
for steal or a busy machine is left out of the pairs: --repetitions 8 leaves room for two. A run
this script stops waiting for (--timeout, SIGTERM, Ctrl-C) is cancelled.
"""
import argparse
import signal
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "verdicts"))
sys.path.insert(0, str(HERE.parents[1] / "fault-tests"))
import paired  # noqa: E402
from api import Api  # noqa: E402

FINAL = ("completed", "failed", "cancelled")
SECURED = ("username", "sign", "signencr")


def scenarios(stacks, modes, repetitions):
    common = {"stacks": stacks, "security": ["plain", *modes], "driver": "native", "repetitions": repetitions}
    return {
        "echo": ("echo", {**common, "requests": {"dataset": "echo/1kb"},
                          "load": {"model": "closed", "connections": 1, "requests": 1000},
                          "warmup": {"requests": 500}}),
        "seismic": ("seismic", {**common}),
    }


def claiming_stacks(api, wanted):
    """The stacks (newest version) whose manifests claim a secured mode, each with the secured modes
    it claims at that version, and every mode any of them claims (the run asks for all of them; a
    stack is measured in those it claims)."""
    r = api.request("GET", "/api/v1/stacks")
    if r.status != 200:
        sys.exit(f"cannot list the stacks: {r.describe()}")
    claims = {}
    for s in r.body if isinstance(r.body, list) else r.body.get("stacks", []):
        at_default = (s.get("securityByVersion") or {}).get(s.get("defaultVersion"))
        claimed = [m for m in (at_default or s.get("features", {}).get("security", [])) if m in SECURED]
        if claimed and s.get("available", True) and (not wanted or s["id"] in wanted):
            claims[s["id"]] = claimed
    modes = {m for claimed in claims.values() for m in claimed}
    return claims, [m for m in SECURED if m in modes]


def run_and_wait(api, catalog, workload, timeout):
    r = api.request("POST", "/api/v1/runs", {"catalog": catalog, "workload": workload, "visibility": "public"})
    if r.status != 201:
        return None, f"refused: {r.describe()}"
    run_id, started = r.body["id"], time.monotonic()
    print(f"  run {run_id} ({catalog}) submitted", flush=True)
    try:
        while time.monotonic() - started < timeout:
            got = api.request("GET", f"/api/v1/runs/{run_id}", timeout=30)
            if got.status == 200 and got.body.get("status") in FINAL:
                return got.body, None
            time.sleep(10)
    except KeyboardInterrupt:
        stop(api, run_id, r.body.get("manageToken"))
        raise
    # A run not waited for would hold the worker for hours: it is the submitter's to cancel.
    stop(api, run_id, r.body.get("manageToken"))
    return None, f"run {run_id} not ended after {timeout} s (cancelled)"


def stop(api, run_id, manage_token):
    got = api.cancel(run_id, manage_token)
    print(f"  run {run_id} cancelled: HTTP {got.status}", flush=True)


def read_run(api, run_id):
    got = api.request("GET", f"/api/v1/runs/{run_id}", timeout=30)
    if got.status != 200:
        return None, f"run {run_id}: {got.describe()}"
    return got.body, None


def usable(m):
    return not m.get("flags") and m.get("throughput")


def cost_rows(view):
    """One row per stack and mode from a run view's measurements and summary."""
    measurements = [m for m in view.get("measurements", []) if usable(m)]
    by_key = {}
    for m in measurements:
        cell = m.get("cell") or {}
        by_key.setdefault((m["stack"], m["version"], cell.get("security", "plain")), {})[m["repetition"]] = m
    stacks_of = {}
    for c in (view.get("summary") or {}).get("cells", []):
        for s in c.get("stacks", []):
            stacks_of[(s["stack"], s["version"], c["key"]["security"])] = (s, c)
    rows = []
    for (stack, version, mode), rounds in sorted(by_key.items()):
        figures, _ = stacks_of.get((stack, version, mode), ({}, None))
        plain = by_key.get((stack, version, "plain"), {})
        pairs = [(m["throughput"], plain[rep]["throughput"]) for rep, m in rounds.items() if rep in plain]
        cost = paired.compare(f"{stack}/{mode}", f"{stack}/plain", pairs) if mode != "plain" else None
        rows.append({
            "stack": f"{stack}@{version}", "mode": mode, "rounds": len(rounds),
            "throughput": figures.get("throughput"), "p99": (figures.get("latencyMs") or {}).get("p99"),
            "cost": cost,
            "serverRss": max((m.get("peakRssBytes") or 0 for m in rounds.values()), default=0),
            "clientRss": max((m.get("driverPeakRssBytes") or 0 for m in rounds.values()), default=0),
        })
    return rows


def mib(b):
    return f"{b / 2**20:.0f} MiB" if b else "-"


def describe_cost(cost):
    if cost is None:
        return "(baseline)"
    if cost.ratio is None:
        return f"not enough data ({cost.rounds} paired rounds, 6 needed)"
    return f"x{cost.ratio:.3f} (95 % CI {cost.low:.3f}-{cost.high:.3f}, {cost.rounds} rounds): {cost.verdict}"


def print_rows(name, rows):
    print(f"\n{name}: stack, mode, throughput req/s (median, 95 % CI), p99, cost against plain, client / server peak RSS")
    for r in rows:
        t = r["throughput"] or {}
        through = f"{t['median']:.0f} ({t['low']:.0f}-{t['high']:.0f})" if t.get("low") is not None else (
            f"{t['median']:.0f}" if t else "-")
        p99 = f"{r['p99']:.2f} ms" if r["p99"] is not None else "-"
        print(f"  {r['stack']:<16} {r['mode']:<9} {through:<22} p99 {p99:<11} {describe_cost(r['cost']):<58} "
              f"client {mib(r['clientRss'])} / server {mib(r['serverRss'])}")


def judge(name, view, rows, claims):
    misses = []
    if view.get("status") != "completed":
        misses.append(f"{name}: run {view.get('status')}: {view.get('failure')}")
    measured = {(r["stack"].split("@")[0], r["mode"]) for r in rows}
    for s in view.get("stacks", []):
        if s["id"] in claims and s.get("status") != "done":
            misses.append(f"{name}: {s['id']} {s.get('status')}: {s.get('reason')}")
    for stack, claimed in claims.items():
        for mode in ["plain", *claimed]:
            if (stack, mode) not in measured:
                misses.append(f"{name}: {stack} {mode}: no usable measurement")
    for r in rows:
        c = r["cost"]
        if c is not None and c.low is not None and c.low > 1:
            misses.append(f"{name}: {r['stack']} {r['mode']} faster than plain (x{c.ratio:.3f}, CI from {c.low:.3f})")
    return misses


def interrupted(signum, frame):
    raise KeyboardInterrupt


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--base", default="http://localhost:8080")
    p.add_argument("--stacks", default="", help="comma-separated stack ids (default: every stack claiming a secured mode)")
    p.add_argument("--repetitions", type=int, default=6)
    p.add_argument("--only", choices=["echo", "seismic"], help="one of the two runs")
    p.add_argument("--timeout", type=int, default=5400, help="seconds a run may take")
    p.add_argument("--run", action="append", default=[], metavar="NAME=ID",
                   help="read the figures of a run already made (echo=ID or seismic=ID) instead of starting one")
    args = p.parse_args()
    signal.signal(signal.SIGTERM, interrupted)  # `timeout` stops it so: the runs it made are cancelled
    api = Api(args.base)
    claims, modes = claiming_stacks(api, [s for s in args.stacks.split(",") if s])
    stacks = list(claims)
    if not stacks:
        sys.exit("no stack of this instance claims a secured mode")
    print(f"stacks {', '.join(stacks)}; modes plain, {', '.join(modes)}; {args.repetitions} rounds each run")
    misses = []
    for name, (catalog, workload) in scenarios(stacks, modes, args.repetitions).items():
        if args.only and name != args.only:
            continue
        given = dict(r.split("=", 1) for r in args.run)
        if name in given:
            view, problem = read_run(api, given[name])
        elif args.run:
            continue
        else:
            view, problem = run_and_wait(api, catalog, workload, args.timeout)
        if problem:
            misses.append(f"{name}: {problem}")
            continue
        rows = cost_rows(view)
        print_rows(f"{name} (run {view['id']}, {view.get('shareUrl', '')})", rows)
        misses += judge(name, view, rows, claims)
    print("\ntarget: every claimed mode of every stack measured without flags; no secured mode faster than plain beyond its interval")
    for m in misses:
        print(f"  {m}")
    print("MISS" if misses else "PASS")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
