"""Fault tests of issue 13 against a real PostgreSQL, RabbitMQ, backend and worker started by the
project's scripts on ports of their own (README.md). One instance serves every case, in the order
of their names; the broker, database and cancel scenarios each inject one fault that two cases
judge (a run in progress and submissions; a run measuring and one queued). The worker gone for
good is a second worker, killed at the start, whose run is judged by the last case."""

import sys
import time
import unittest

import faults
from system import Settings, System
from verdicts import settle

DEFAULTS = {"dir": "/tmp/soapbench-faults", "db_port": 17442, "amqp_port": 17692, "backend_port": 18082}
# How long the runs a fault hit may take to end: a redelivered run builds its server again.
SETTLE_SECONDS = 240
# The watchdog's timeouts (system.WATCHDOG) plus the time the backend takes to notice.
SILENT_WITHIN = 15
FAIL_WITHIN = 70


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class FaultsTest(unittest.TestCase):
    system = None
    gone = None
    done = {}
    failed = False

    @classmethod
    def setUpClass(cls):
        cls.system = System(Settings.from_env("FAULTS", DEFAULTS), log=log)
        started = time.monotonic()
        try:
            cls.system.start()
        except Exception:
            cls._print_logs()
            cls.system.stop()
            raise
        log(f"instance up in {time.monotonic() - started:.0f} s (state in {cls.system.dir})")
        cls.gone = faults.WorkerGone(cls.system, SILENT_WITHIN, FAIL_WITHIN).start_in_background()

    @classmethod
    def tearDownClass(cls):
        if cls.failed:
            cls._print_logs()
        cls.system.stop()

    @classmethod
    def _print_logs(cls):
        for name in ("backend.log", "worker.log"):
            log(f"--- {name} (last lines without stack frames) ---\n{cls.system.tail(name)}")

    def inject(self, scenario, *args):
        """The Injections of a scenario, injected once for all the cases that judge it."""
        key = (scenario.__name__, args)
        if key not in self.done:
            started = time.monotonic()
            try:
                self.done[key] = {i.kind: i for i in scenario(self.system, *args)}
            except faults.ScenarioError as e:
                self.done[key] = e
            log(f"[{scenario.__name__}{args or ''}: {time.monotonic() - started:.0f} s]")
        if isinstance(self.done[key], Exception):
            type(self).failed = True
            self.fail(str(self.done[key]))
        return self.done[key]

    def judge(self, injection):
        started = time.monotonic()
        verdicts = settle(self.system, [injection], SETTLE_SECONDS)
        problems = injection.problems + [p for v in verdicts for p in v.problems]
        runs = ", ".join(f"{v.submission.role}: {v.status}" for v in verdicts)
        log(f"{injection.kind}: recovered in {injection.recover_seconds} s; {runs}; "
            f"settled in {time.monotonic() - started:.0f} s {'; '.join(injection.notes)}")
        if problems:
            type(self).failed = True
            self.fail(f"{injection.kind}:\n  - " + "\n  - ".join(problems)
                      + f"\n(logs: {self.system.dir}/backend.log, worker.log)")

    def test_01_worker_killed_while_building(self):
        self.judge(self.inject(faults.worker_killed, "building")["worker killed while building"])

    def test_02_worker_killed_while_measuring(self):
        self.judge(self.inject(faults.worker_killed, "measuring")["worker killed while measuring"])

    def test_03_broker_restart_during_a_run(self):
        self.judge(self.inject(faults.broker_restart)["broker restart during a run"])

    def test_04_broker_restart_during_submissions(self):
        self.judge(self.inject(faults.broker_restart)["broker restart during submissions"])

    def test_05_database_restart_during_a_run(self):
        self.judge(self.inject(faults.database_restart)["database restart during a run"])

    def test_06_database_restart_during_submissions(self):
        self.judge(self.inject(faults.database_restart)["database restart during submissions"])

    def test_07_cancel_while_queued(self):
        self.judge(self.inject(faults.cancels)["cancel while queued"])

    def test_08_cancel_while_measuring(self):
        self.judge(self.inject(faults.cancels)["cancel while measuring"])

    # Injected when the instance started; by now its time is up.
    def test_09_worker_gone_for_good(self):
        try:
            injection = self.gone.finish()[0]
        except faults.ScenarioError as e:
            type(self).failed = True
            self.fail(str(e))
        self.judge(injection)


if __name__ == "__main__":
    unittest.main(verbosity=2)
