"""The faults, injected into a running System: each scenario submits the runs it needs, waits for
the moment it breaks something, breaks it, repairs it, and returns what it did as Injections. What
the runs became afterwards is judged by verdicts.py; the suite (test_faults.py) and the figures
script (figures.py) share both."""

import threading
import time
from dataclasses import dataclass, field

# gSOAP builds in seconds. The open model at 100 requests/s makes every measurement last about a
# second whatever the machine's load, so a scenario can reliably break a run between two of them;
# minSeconds 0 keeps the worker from lengthening such short measurements.
def measured_workload(repetitions, requests=100):
    return {
        "stacks": ["gsoap"],
        "load": {"model": "open", "ratePerSecond": 100, "requests": requests, "minSeconds": 0},
        "warmup": {"requests": 20},
        "repetitions": repetitions,
    }


# The cheapest run that still goes the whole way: built, verified, measured once.
QUICK_WORKLOAD = {"stacks": ["gsoap"], "load": {"connections": 2, "requests": 200, "minSeconds": 0}, "warmup": {"requests": 0}, "repetitions": 1}

FINAL = ("completed", "failed", "cancelled")
# How long a scenario waits for the moment to inject its fault; a worker may first finish the
# runs an earlier scenario left queued.
PHASE_TIMEOUT = 300
# Every answer of the API while PostgreSQL is down must come this fast (issue 13: 503 within 2 s).
OUTAGE_ANSWER_SECONDS = 2.0
OUTAGE_SECONDS = 5
# Longer than two measurements of the run it hits: the run's last measurement and its end reach
# the backend while PostgreSQL is down, and must count in the order they were sent.
DATABASE_OUTAGE_SECONDS = 12
# Requests per measurement (5 s) of a run a restart must hit between two measurements: stopping
# RabbitMQ takes a few seconds before its connections close.
LONG_MEASUREMENT = 500
# How long after a repair the runs it hit must show progress again.
RECOVERY_TIMEOUT = 180


@dataclass
class Submission:
    """One run a scenario submitted, and what it expects of the run's end."""

    role: str
    workload: dict
    expect: str = "completed"
    run_id: str = None
    manage_token: str = None
    # Every answer to the submission, retries after 503/429 included.
    answers: list = field(default_factory=list)
    # failed runs: words the failure reason must contain (the worker's id).
    failure_mentions: str = None
    # cancelled runs: the least number of measurements that must be kept.
    keep_at_least: int = 0
    # cancelled while queued: no worker may have started it (no building or measuring event).
    never_started: bool = False

    @property
    def repetitions(self):
        return self.workload.get("repetitions", 1)

    def describe(self):
        return f"run {self.run_id} ({self.role})"


@dataclass
class Injection:
    """One kind of fault as it happened: the runs it hit, how long the system took to recover,
    and what went wrong while it lasted."""

    kind: str
    submissions: list = field(default_factory=list)
    recover_seconds: float = None
    # Broken promises seen while the fault lasted (a 500 instead of a 503, a run that never
    # reached the moment to break it, a cancel refused).
    problems: list = field(default_factory=list)
    notes: list = field(default_factory=list)


def wait_until(predicate, timeout, interval=0.25):
    """predicate's first truthy value within timeout seconds, else None."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            return None
        time.sleep(interval)


def view(system, run_id):
    r = system.api.run(run_id)
    return r.body if r.status == 200 and isinstance(r.body, dict) else None


def submit(system, submission, patience=90):
    """Submits as a careful client does: after a 503 or 429 it waits as Retry-After says and tries
    again, after no answer at all it waits a second; any other answer ends it."""
    deadline = time.monotonic() + patience
    while True:
        r = system.api.submit(submission.workload)
        submission.answers.append(r)
        if r.status == 201:
            submission.run_id = r.body["id"]
            submission.manage_token = r.body.get("manageToken")
            return submission
        if r.status not in (0, 429, 503) or time.monotonic() >= deadline:
            return submission
        time.sleep(_retry_after(r))


def _retry_after(r):
    try:
        return min(max(float(r.header("Retry-After")), 0.2), 5.0)
    except (TypeError, ValueError):
        return 1.0


def submitted(system, role, workload, **expect):
    s = submit(system, Submission(role, workload, **expect))
    if s.run_id is None:
        raise ScenarioError(f"the {role} run was not accepted: {s.answers[-1].describe()}")
    return s


class ScenarioError(Exception):
    """The scenario could not get to inject its fault (the run never reached the moment)."""


def building(v):
    return v and v["status"] == "running" and any(s["status"] == "building" for s in v["stacks"])


def measured_some(v):
    """At least one measurement stored and at least one still to come."""
    reps = v and v["workload"].get("repetitions", 1)
    return v and v["status"] == "running" and 0 < len(v["measurements"]) < reps


def reach(system, sub, phase, name):
    """Waits until the run is in the phase; a run that ends first, or never gets there, is a
    ScenarioError: the fault was not injected."""

    def moment():
        v = view(system, sub.run_id)
        return v if v and (phase(v) or v["status"] in FINAL) else None

    v = wait_until(moment, PHASE_TIMEOUT)
    if v is None or not phase(v):
        state = "no answer" if v is None else f"'{v['status']}' with {len(v['measurements'])} measurement(s)"
        raise ScenarioError(f"{sub.describe()} never got to {name} within {PHASE_TIMEOUT} s (it was {state}), so the fault was not injected")
    return v


def progress_after(system, run_id, since, timeout):
    """Seconds from `since` (epoch) until the backend ingested an event of the run, or None: also
    at once when the run had ended before `since`, as then the fault did not hit it (the caller
    says so)."""

    def newest():
        t = _last_event(system, run_id)
        if t > since:
            return t
        if t and (view(system, run_id) or {}).get("status") in FINAL:
            return -1
        return None

    seen = wait_until(newest, timeout, interval=0.5)
    return None if seen is None or seen < 0 else round(seen - since, 1)


def no_progress(run, part, timeout, system):
    """Why a run showed no progress after `part` was back."""
    v = view(system, run.run_id) or {}
    if v.get("status") in FINAL:
        return (f"{run.describe()} had already ended ('{v['status']}') before {part} was back: the fault did not hit it "
                f"in the middle, so this case proved nothing")
    return f"{run.describe()}: no event in the {timeout} s after {part} was back"


def _last_event(system, run_id):
    try:
        return system.db.last_event_received(run_id)
    except RuntimeError:
        return 0


# The scenarios. Each returns the Injections it made; they are judged once their runs ended.


def worker_killed(system, phase):
    """kill -9 of the worker while it builds (phase 'building') or between two measurements
    ('measuring'), then a new worker process; the run must complete with every repetition once."""
    kind = f"worker killed while {phase}"
    reps = 2 if phase == "building" else 3
    run = submitted(system, "killed " + phase, measured_workload(reps))
    reach(system, run, building if phase == "building" else measured_some, phase)
    system.kill_worker()
    system.start_worker()
    back = time.time()
    inj = Injection(kind, [run])
    inj.recover_seconds = progress_after(system, run.run_id, back, RECOVERY_TIMEOUT)
    if inj.recover_seconds is None:
        inj.problems.append(no_progress(run, "the new worker", RECOVERY_TIMEOUT, system))
    return [inj]


class WorkerGone:
    """kill -9 of the spare worker (a hardware class of its own) while it builds, and no worker of
    that class comes back: the run must show that its worker went silent, then fail with a reason
    naming the worker. It waits in the background, so other scenarios run meanwhile on the other
    worker: start() injects, finish() waits for the end and returns the Injection."""

    def __init__(self, system, silent_within, fail_within):
        self.system, self.silent_within, self.fail_within = system, silent_within, fail_within
        self.inj = Injection("worker gone for good")
        self.silent_at = self.ended_at = None
        self._watch = None
        self._starter = None
        self._start_error = None

    def start_in_background(self):
        """start() in a thread of its own; finish() waits for it."""

        def start():
            try:
                self.start()
            except Exception as e:  # reported by finish()
                self._start_error = e

        self._starter = threading.Thread(target=start, daemon=True)
        self._starter.start()
        return self

    def start(self):
        system = self.system
        system.start_worker(spare=True)
        workload = dict(measured_workload(2), hardwareClass=system.s.spare_class)
        run = submitted(system, "worker gone", workload, expect="failed", failure_mentions=system.s.spare_worker_id)
        self.inj.submissions.append(run)
        try:
            reach(system, run, building, "building")
        finally:
            system.kill_worker(spare=True)
        self._watch = threading.Thread(target=self._watch_run, args=(run, time.monotonic()), daemon=True)
        self._watch.start()
        return self

    def _watch_run(self, run, killed):
        while time.monotonic() - killed < self.fail_within + 30 and self.ended_at is None:
            v = view(self.system, run.run_id)
            if v:
                if self.silent_at is None and v.get("workerSilentSince"):
                    self.silent_at = time.monotonic() - killed
                if v["status"] in FINAL:
                    self.ended_at = time.monotonic() - killed
            time.sleep(0.5)

    def finish(self):
        if self._starter:
            self._starter.join()
        if self._start_error:
            raise ScenarioError(f"the worker to kill for good was not killed: {self._start_error}")
        run, inj = self.inj.submissions[0], self.inj
        self._watch.join()
        inj.notes.append(f"silent shown after {_secs(self.silent_at)}, run ended after {_secs(self.ended_at)}")
        if self.silent_at is None or self.silent_at > self.silent_within:
            inj.problems.append(f"{run.describe()}: the run view did not show workerSilentSince within {self.silent_within} s of the kill"
                                + ("" if self.silent_at is None else f" (it did after {self.silent_at:.1f} s)"))
        if self.ended_at is not None and self.ended_at > self.fail_within:
            inj.problems.append(f"{run.describe()}: it ended {self.ended_at:.1f} s after its worker was killed, later than {self.fail_within} s")
        inj.recover_seconds = None if self.ended_at is None else round(self.ended_at, 1)
        return [inj]


def worker_gone(system, silent_within, fail_within):
    """WorkerGone, waited for at once."""
    return WorkerGone(system, silent_within, fail_within).start().finish()


def broker_restart(system):
    """RabbitMQ stopped for OUTAGE_SECONDS while a run is between two measurements, with a
    submission while it is down: every accepted run must complete, each repetition once."""
    during_run = Injection("broker restart during a run")
    during_submissions = Injection("broker restart during submissions")
    run = submitted(system, "in progress across the broker restart", measured_workload(3, requests=LONG_MEASUREMENT))
    during_run.submissions.append(run)
    reach(system, run, measured_some, "measuring")
    system.stop_broker()
    down = time.monotonic()
    s = submit(system, Submission("submitted while the broker was down", QUICK_WORKLOAD), patience=OUTAGE_SECONDS * 4)
    during_submissions.submissions.append(s)
    time.sleep(max(0.0, OUTAGE_SECONDS - (time.monotonic() - down)))
    system.start_broker()
    back = time.time()
    if s.run_id is None:
        during_submissions.problems.append(f"the submission while the broker was down was never accepted: {s.answers[-1].describe()}")
    elif any(a.status >= 500 and a.status != 503 for a in s.answers):
        during_submissions.problems.append(f"{s.describe()}: answered {_statuses(s)} while the broker was down")
    during_run.recover_seconds = progress_after(system, run.run_id, back, RECOVERY_TIMEOUT)
    if during_run.recover_seconds is None:
        during_run.problems.append(no_progress(run, "RabbitMQ", RECOVERY_TIMEOUT, system))
    if s.run_id:
        during_submissions.recover_seconds = progress_after(system, s.run_id, back, RECOVERY_TIMEOUT)
    return [during_run, during_submissions]


def database_restart(system):
    """PostgreSQL stopped for DATABASE_OUTAGE_SECONDS while a run is between two measurements, right after a
    submission was accepted: meanwhile every answer is a quick 503 with Retry-After (a submission is
    never accepted); afterwards the API answers again by itself and every accepted run completes,
    each repetition once."""
    during_run = Injection("database restart during a run")
    during_submissions = Injection("database restart during submissions")
    run = submitted(system, "in progress across the database restart", measured_workload(3, requests=LONG_MEASUREMENT))
    during_run.submissions.append(run)
    reach(system, run, measured_some, "measuring")
    # Its job is being dispatched (outbox to broker) when PostgreSQL goes.
    during_submissions.submissions.append(submitted(system, "accepted just before the database stopped", QUICK_WORKLOAD))
    system.stop_db()
    down = time.monotonic()
    outage_answers = []
    timeout = OUTAGE_ANSWER_SECONDS + 3
    while time.monotonic() - down < DATABASE_OUTAGE_SECONDS:
        outage_answers.append(("GET the run", system.api.run(run.run_id, timeout=timeout)))
        outage_answers.append(("POST a run", system.api.request("POST", "/api/v1/runs", {"catalog": "echo", "workload": QUICK_WORKLOAD}, timeout=timeout)))
        time.sleep(0.5)
    system.start_db()
    back = time.time()
    for what, owner in (("GET the run", during_run), ("POST a run", during_submissions)):
        answers = [a for w, a in outage_answers if w == what]
        wrong = [a for a in answers if a.status != 503 or not a.header("Retry-After") or a.seconds > OUTAGE_ANSWER_SECONDS]
        if wrong:
            owner.problems.append(
                f"{what} while PostgreSQL was down: {len(wrong)} of {len(answers)} answers were not a 503 with Retry-After "
                f"within {OUTAGE_ANSWER_SECONDS} s; the first: {wrong[0].describe()}, Retry-After {wrong[0].header('Retry-After')!r}")
    # A run accepted while the database was down must end like any other.
    for a in (a for w, a in outage_answers if w == "POST a run" and a.status == 201):
        during_submissions.submissions.append(
            Submission("accepted while the database was down", QUICK_WORKLOAD, run_id=a.body["id"], answers=[a]))
    during_run.notes.append(f"{len(outage_answers)} answers while down, slowest {max((a.seconds for _, a in outage_answers), default=0):.2f} s")
    ok = wait_until(lambda: system.api.run(run.run_id, timeout=5).status == 200, RECOVERY_TIMEOUT, interval=0.2)
    during_submissions.recover_seconds = round(time.time() - back, 1) if ok else None
    if not ok:
        during_submissions.problems.append(f"the API did not answer 200 again within {RECOVERY_TIMEOUT} s after PostgreSQL was back")
    during_run.recover_seconds = progress_after(system, run.run_id, back, RECOVERY_TIMEOUT)
    if during_run.recover_seconds is None:
        during_run.problems.append(no_progress(run, "PostgreSQL", RECOVERY_TIMEOUT, system))
    return [during_run, during_submissions]


def cancels(system):
    """One run cancelled while measuring and, behind it, one cancelled while still queued: the first
    stops within seconds and keeps what it measured, the second never reaches a worker."""
    measuring = Injection("cancel while measuring")
    queued = Injection("cancel while queued")
    first = submitted(system, "cancelled while measuring", measured_workload(4), expect="cancelled", keep_at_least=1)
    second = submitted(system, "cancelled while queued", QUICK_WORKLOAD, expect="cancelled", never_started=True)
    measuring.submissions.append(first)
    queued.submissions.append(second)

    asked = time.monotonic()
    r = system.api.cancel(second.run_id, second.manage_token)
    if r.status not in (200, 202):
        queued.problems.append(f"{second.describe()}: cancel answered {r.describe()}")
    ended = wait_until(lambda: (view(system, second.run_id) or {}).get("status") == "cancelled", 30)
    queued.recover_seconds = round(time.monotonic() - asked, 1) if ended else None

    reach(system, first, measured_some, "measuring")
    asked = time.monotonic()
    r = system.api.cancel(first.run_id, first.manage_token)
    if r.status not in (200, 202):
        measuring.problems.append(f"{first.describe()}: cancel answered {r.describe()}")
    ended = wait_until(lambda: (view(system, first.run_id) or {}).get("status") == "cancelled", 60)
    measuring.recover_seconds = round(time.monotonic() - asked, 1) if ended else None
    # The queued run's job, if it was ever sent, reaches the worker right after the first run:
    # give the worker the time to take it (and drop it) before judging.
    time.sleep(4)
    return [measuring, queued]


def _secs(v):
    return "never" if v is None else f"{v:.1f} s"


def _statuses(s):
    return ", ".join(str(a.status or "no answer") for a in s.answers)
