"""What became of each run a scenario submitted: waits until every run ended (or its time is up)
and judges it against what its Submission expects. The outside check of issue 13 is the rule here:
every run ends completed, failed with a reason, or cancelled, with each requested repetition
measured exactly once."""

import json
import time
from collections import Counter
from dataclasses import dataclass, field

from faults import FINAL

STARTED_KINDS = ("building", "built", "verified", "measuring", "measurement")


@dataclass
class Verdict:
    submission: object
    status: str = None
    failure: str = None
    lost: bool = False
    stuck: bool = False
    duplicated: int = 0
    problems: list = field(default_factory=list)

    @property
    def ended(self):
        return self.status in FINAL


def settle(system, injections, timeout):
    """Waits up to timeout seconds for every accepted run of the injections to end; returns one
    Verdict per accepted run, in the injections' order."""
    subs = [s for inj in injections for s in inj.submissions if s.run_id]
    views = {}
    deadline = time.monotonic() + timeout
    while True:
        for s in subs:
            if s.run_id in views and views[s.run_id].get("status") in FINAL:
                continue
            r = system.api.run(s.run_id)
            if r.status in (200, 404):
                views[s.run_id] = r.body if r.status == 200 else {"status": None, "notFound": True}
        if all(views.get(s.run_id, {}).get("status") in FINAL for s in subs) or time.monotonic() >= deadline:
            break
        time.sleep(1)
    return [judge(system, s, views.get(s.run_id), timeout) for s in subs]


def judge(system, s, v, timeout):
    out = Verdict(s)
    if v is None or v.get("notFound"):
        out.lost = True
        out.problems.append(f"{s.describe()} was accepted (201) but the API " + ("does not know it (404)" if v else "never answered for it"))
        return out
    out.status, out.failure = v["status"], v.get("failure")
    measurements = v.get("measurements") or []
    keys = Counter(_key(m) for m in measurements)
    out.duplicated = sum(n - 1 for n in keys.values())
    try:
        stored = system.db.stored_duplicates(s.run_id)
    except RuntimeError as e:
        stored = 0
        out.problems.append(f"{s.describe()}: could not count its stored measurements: {e}")
    out.duplicated = max(out.duplicated, stored)
    if out.duplicated:
        twice = ", ".join(f"{k[0]} repetition {k[3]} x{n}" for k, n in keys.items() if n > 1) or f"{stored} in the database"
        out.problems.append(f"{s.describe()}: {out.duplicated} measurement(s) duplicated ({twice})")

    if not out.ended:
        out.stuck = True
        stacks = ", ".join(f"{x['id']} {x['status']}" for x in v.get("stacks", []))
        out.problems.append(f"{s.describe()} is still '{out.status}' {timeout} s after the fault (stacks: {stacks}; "
                            f"{len(measurements)} measurement(s); worker silent since {v.get('workerSilentSince')})")
        return out
    if out.status != s.expect:
        out.problems.append(f"{s.describe()} ended '{out.status}'" + (f" ({out.failure})" if out.failure else "") + f", expected '{s.expect}'")
    if out.status == "failed" and not (out.failure or "").strip():
        out.problems.append(f"{s.describe()} failed without a reason")
    if s.failure_mentions and s.failure_mentions not in (out.failure or ""):
        out.problems.append(f"{s.describe()}: its failure reason {out.failure!r} does not name {s.failure_mentions!r}")
    if out.status == "completed":
        out.problems += _repetitions(s, v, measurements)
    if s.expect == "cancelled" and len(measurements) < s.keep_at_least:
        out.problems.append(f"{s.describe()}: {len(measurements)} measurement(s) kept after the cancel, expected at least {s.keep_at_least}")
    if s.never_started:
        try:
            started = [e["kind"] for e in system.db.events(s.run_id) if e["kind"] in STARTED_KINDS]
        except RuntimeError as e:
            started = [f"(events unreadable: {e})"]
        if started:
            out.problems.append(f"{s.describe()} reached a worker after it was cancelled: events {', '.join(started)}")
    return out


def _repetitions(s, v, measurements):
    """Every stack that is done has each requested repetition exactly once in each of its cells."""
    problems = []
    want = list(range(1, s.repetitions + 1))
    for stack in v.get("stacks", []):
        if stack["status"] != "done":
            problems.append(f"{s.describe()} completed, but stack {stack['id']} is '{stack['status']}': {stack.get('reason')}")
            continue
        cells = {}
        for m in measurements:
            if m["stack"] == stack["id"]:
                cells.setdefault(json.dumps(m.get("cell"), sort_keys=True), []).append(m["repetition"])
        if not cells:
            problems.append(f"{s.describe()}: stack {stack['id']} is done without any measurement")
        for cell, reps in cells.items():
            if sorted(reps) != want:
                problems.append(f"{s.describe()}: stack {stack['id']} has repetitions {sorted(reps)}, want each of {want} once (cell {cell})")
    return problems


def _key(m):
    return (m["stack"], m.get("version"), json.dumps(m.get("cell"), sort_keys=True), m["repetition"])
