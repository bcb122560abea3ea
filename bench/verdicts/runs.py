"""Whole runs through the API: submit a workload on the catalog echo service, wait for its end, and
read the paired verdict of two stacks from GET /api/v1/runs/{id} (summary.cells[].comparisons[],
the paired-verdict contract), checked against the benchmark's own computation (paired.py)."""

import math
import time
from dataclasses import dataclass, field
from datetime import datetime

import paired

FINAL = ("completed", "failed", "cancelled")
ECHO_1KB = {"requests": {"dataset": "echo/1kb"}}
# Reading a run costs the backend and PostgreSQL CPU, which the worker counts as another process
# busy beside its measurement; the wall time comes from the backend's own clock anyway.
POLL_SECONDS = 5


def echo_workload(stacks, repetitions=None):
    """The default workload but for its stacks and the 1 KB echo message (and its rounds, when
    given)."""
    w = {"stacks": list(stacks), **ECHO_1KB}
    if repetitions:
        w["repetitions"] = repetitions
    return w
SWAPPED = {"faster": "slower", "slower": "faster"}


@dataclass
class Outcome:
    """One run as the benchmark judges it: the verdict on b against a, oriented so whatever
    stack the backend chose as the reference."""

    run_id: str = None
    status: str = None
    failure: str = None
    wall_seconds: float = None
    workload: dict = None
    verdict: paired.Paired = None
    # b/a per round, disturbed measurements included, and how many rounds held one.
    round_ratios: list = field(default_factory=list)
    disturbed_rounds: int = 0
    notes: list = field(default_factory=list)

    def describe_verdict(self):
        v = self.verdict
        if v is None:
            return "no verdict"
        if v.ratio is None:
            return f"no verdict ({v.verdict}, {v.rounds} paired rounds)"
        src = "" if v.source == "backend" else f", computed by the {v.source}"
        return f"{v.stack}/{v.against} {v.ratio:.3f} (95 % CI {v.low:.3f}-{v.high:.3f}, {v.rounds} rounds{src}): {v.verdict}"


def submit_and_wait(api, workload, a, b, timeout):
    """Runs workload and returns its Outcome for stack b against stack a (stack ids)."""
    out = Outcome()
    started = time.monotonic()
    r = api.submit(workload)
    if r.status != 201:
        out.status, out.failure = "refused", r.describe()
        return out
    out.run_id, token = r.body["id"], r.body.get("manageToken")
    view = None
    while time.monotonic() - started < timeout:
        got = api.run(out.run_id)
        if got.status == 200:
            view = got.body
            if view.get("status") in FINAL:
                break
        time.sleep(POLL_SECONDS)
    else:
        out.notes.append(f"not ended after {timeout} s: cancelled")
        api.cancel(out.run_id, token)
    local_seconds = time.monotonic() - started
    if view is None:
        out.status = "unknown"
        return out
    out.status, out.failure, out.workload = view.get("status"), view.get("failure"), view.get("workload")
    out.wall_seconds = server_seconds(view) or local_seconds
    for s in view.get("stacks") or []:
        if s.get("status") in ("unsupported", "build_failed", "verify_failed", "failed"):
            out.notes.append(f"{s.get('id')}: {s.get('status')}: {s.get('reason')}")
    out.verdict = read_verdict(view, a, b, out.notes)
    keys = stack_keys(view, (a, b))
    if len(keys) == 2:
        measurements = view.get("measurements") or []
        out.round_ratios = [x / r for x, r in paired.round_pairs(measurements, keys[b], keys[a], flagged=True)]
        out.disturbed_rounds = len(out.round_ratios) - len(paired.round_pairs(measurements, keys[b], keys[a]))
    return out


def server_seconds(view):
    """Submission to end by the backend's own clock (createdAt, finishedAt)."""
    try:
        return (parse_time(view["finishedAt"]) - parse_time(view["createdAt"])).total_seconds()
    except (KeyError, TypeError, ValueError):
        return None


def parse_time(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def read_verdict(view, a, b, notes):
    """The comparison of b against a from the backend, oriented b/a; where the backend gives none,
    the benchmark's own, named as such. Disagreements between the two go to notes."""
    keys = stack_keys(view, (a, b))
    if len(keys) < 2:
        notes.append(f"no measurements of both {a} and {b}")
        return None
    ka, kb = keys[a], keys[b]
    local = paired.from_measurements(view.get("measurements") or [], kb, ka)
    cells = (view.get("summary") or {}).get("cells") or []
    if not any("comparisons" in c for c in cells):
        notes.append("the backend's summary has no comparisons: the verdict is the benchmark's own computation")
        return local
    found = None
    for c in cells:
        for comp in c.get("comparisons") or []:
            pair = (key_id(comp.get("stack")), key_id(comp.get("against")))
            if pair == (b, a):
                found = backend(comp, swap=False)
            elif pair == (a, b):
                found = backend(comp, swap=True)
        if found is None and c.get("notEnoughData"):
            notes.append(f"backend: {c['notEnoughData']}")
    if found is None:
        reasons = sorted({f"{st.get('stack')}: {st.get('reason')}" for c in cells for st in c.get("stacks") or [] if st.get("reason")})
        notes.append(f"the backend's summary has no comparison of {a} and {b}" + (f" ({'; '.join(reasons)})" if reasons else ""))
        return paired.Paired(kb, ka, local.rounds)
    disagreement = differs(found, local)
    if disagreement:
        notes.append(f"backend and benchmark disagree: {disagreement}")
    return found


def backend(comp, swap):
    ratio, low, high = comp.get("ratio"), comp.get("low"), comp.get("high")
    out = paired.Paired(comp.get("stack"), comp.get("against"), comp.get("rounds") or 0, ratio, low, high,
                        comp.get("coverage"), comp.get("verdict") or "not-enough-data")
    if swap:
        out.stack, out.against = out.against, out.stack
        out.verdict = SWAPPED.get(out.verdict, out.verdict)
        if ratio:
            out.ratio, out.low, out.high = 1 / ratio, 1 / high, 1 / low
    return out


def differs(theirs, ours):
    if theirs.verdict != ours.verdict or theirs.rounds != ours.rounds:
        return f"backend {theirs.verdict} over {theirs.rounds} rounds, benchmark {ours.verdict} over {ours.rounds}"
    for name in ("ratio", "low", "high"):
        x, y = getattr(theirs, name), getattr(ours, name)
        if (x is None) != (y is None) or (x is not None and not math.isclose(x, y, rel_tol=1e-6)):
            return f"{name}: backend {x}, benchmark {y}"
    return ""


def stack_keys(view, ids):
    """id -> "id@version" of the stacks measured in the run."""
    keys = {}
    for m in view.get("measurements") or []:
        if m.get("stack") in ids:
            keys[m["stack"]] = f"{m['stack']}@{m.get('version')}"
    return keys


def key_id(key):
    return (key or "").split("@", 1)[0]
