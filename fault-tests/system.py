"""The whole system (PostgreSQL, RabbitMQ, backend, one worker) on ports and a folder of its own,
started, stopped and broken only through the project's scripts in scripts/."""

import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from api import Api
from database import Database

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "scripts"


@dataclass
class Settings:
    """Where the instance lives and how its timeouts are shortened."""

    state_dir: Path
    db_port: int
    amqp_port: int
    backend_port: int
    worker_id: str = "faults-w1"
    # A second worker, of a hardware class of its own, is the one a test kills for good while the
    # first goes on serving the other cases.
    spare_worker_id: str = "faults-w2"
    spare_class: str = "faults-spare"
    # The worker's heartbeat, shortened with the watchdog (SOAPBENCH_WORKER_HEARTBEAT).
    heartbeat_interval: str = "2s"
    # Further variables for the backend and the workers, set last (e.g. SOAPBENCH_STACKSDIR and
    # SOAPBENCH_STACK_RUNNERS for a stacks folder of a benchmark's own).
    extra_env: dict = field(default_factory=dict)

    @staticmethod
    def from_env(prefix, defaults):
        """Settings from SOAPBENCH_<prefix>_{DIR,DB_PORT,AMQP_PORT,PORT}, else from defaults."""

        def pick(name, fallback):
            return os.environ.get(f"SOAPBENCH_{prefix}_{name}", fallback)

        return Settings(
            state_dir=Path(pick("DIR", defaults["dir"])),
            db_port=int(pick("DB_PORT", defaults["db_port"])),
            amqp_port=int(pick("AMQP_PORT", defaults["amqp_port"])),
            backend_port=int(pick("PORT", defaults["backend_port"])),
        )


# Short enough that a test sees the watchdog act (application.yaml, soapbench.watchdog); the worker
# beats every 2 s (heartbeat_interval), so 6 s of silence is three missed beats, and 40 s leaves a
# killed worker's successor or a worker reconnecting after a broker restart the time to speak again.
BACKEND_ENV = {
    "SOAPBENCH_WATCHDOG_INTERVAL": "PT1S",
    "SOAPBENCH_WATCHDOG_SILENT_AFTER": "PT6S",
    "SOAPBENCH_WATCHDOG_FAIL_AFTER": "PT40S",
    "SOAPBENCH_WATCHDOG_CANCEL_TIMEOUT": "PT15S",
    # The rate limit is not what is tested here.
    "SOAPBENCH_WRITES_PER_MINUTE": "100000",
    "SOAPBENCH_WRITE_BURST": "10000",
    # Official leaderboard runs would share the worker with the runs under test.
    "SOAPBENCH_LEADERBOARDS_AUTOMATIC": "false",
}


class System:
    def __init__(self, settings, log=print):
        self.s = settings
        self.log = log
        self.api = Api(f"http://127.0.0.1:{settings.backend_port}")
        self.db = Database(settings.db_port)
        # Process groups of killed workers: their servers outlive them, as after a real crash,
        # until the instance is stopped.
        self._orphans = []

    @property
    def dir(self):
        return self.s.state_dir

    def _env(self):
        env = dict(os.environ)
        env.update(
            SOAPBENCH_WORKER_ID=self.s.worker_id,
            SOAPBENCH_WORKER_HEARTBEAT=self.s.heartbeat_interval,
            SOAPBENCH_PUBLIC_URL=f"http://127.0.0.1:{self.s.backend_port}",
            SOAPBENCH_HARDWARE_CLASSES=f"local,{self.s.spare_class}",
            # A build cache of the instance's own, empty at its start: a build from the machine's
            # cache lasts a fraction of a second, too short for a fault to land while building.
            SOAPBENCH_BUILD_CACHE=str(self.dir / "build-cache"),
            **BACKEND_ENV,
        )
        env.update(self.s.extra_env)
        return env

    def _script(self, *args, env=None):
        """Runs scripts/<args>; its output goes to faults-scripts.log beside the other logs."""
        self.dir.mkdir(parents=True, exist_ok=True)
        with open(self.dir / "faults-scripts.log", "a") as out:
            out.write(f"\n$ {' '.join(map(str, args))}\n")
            out.flush()
            done = subprocess.run(
                [str(SCRIPTS / args[0]), *map(str, args[1:])], env=env or self._env(), stdout=out, stderr=subprocess.STDOUT
            )
        if done.returncode != 0:
            raise RuntimeError(f"scripts/{' '.join(map(str, args))} failed (exit {done.returncode}); see {self.dir}/faults-scripts.log")

    # The whole instance.

    def start(self):
        """A fresh instance: the folder is emptied first."""
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
        self.start_db()
        self.start_broker()
        self._script("services.sh", "start-backend", self.dir, self.s.backend_port, self.s.db_port, self.s.amqp_port)
        self.start_worker()
        self.wait_for_worker_heartbeat(since=0, timeout=300)

    def stop(self):
        for step in (
            lambda: self._script("services.sh", "stop", self.dir / "spare", "worker"),
            lambda: self._script("services.sh", "stop", self.dir, "worker"),
            lambda: self._script("services.sh", "stop", self.dir, "backend"),
            self.stop_broker,
            self.stop_db,
        ):
            try:
                step()
            except RuntimeError as e:
                self.log(f"while stopping: {e}")
        for pgid in self._orphans:
            try:
                os.killpg(pgid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self._orphans.clear()

    # PostgreSQL and RabbitMQ.

    def start_db(self):
        self._script("postgres.sh", "start", self.dir / "postgres", self.s.db_port, "--fast")

    def stop_db(self):
        self._script("postgres.sh", "stop", self.dir / "postgres")

    def start_broker(self):
        self._script("rabbitmq.sh", "start", self.dir / "rabbitmq", self.s.amqp_port)

    def stop_broker(self):
        self._script("rabbitmq.sh", "stop", self.dir / "rabbitmq")

    # The worker.

    def start_worker(self, spare=False):
        """The worker of class local, or the spare one (its pid and log in <dir>/spare)."""
        if not spare:
            self._script("services.sh", "start-worker", self.dir, self.s.amqp_port)
            return
        env = self._env()
        env.update(SOAPBENCH_WORKER_ID=self.s.spare_worker_id, SOAPBENCH_HARDWARE_CLASS=self.s.spare_class,
                   SOAPBENCH_RABBIT_DIR=str(self.dir / "rabbitmq"), SOAPBENCH_BUILD_CACHE=str(self.dir / "spare" / "build-cache"))
        self._script("services.sh", "start-worker", self.dir / "spare", self.s.amqp_port, env=env)

    def stop_worker(self, spare=False):
        self._script("services.sh", "stop", self.dir / ("spare" if spare else ""), "worker")

    def worker_pid(self, spare=False):
        try:
            return int((self.dir / ("spare" if spare else "") / "worker.pid").read_text().strip())
        except (FileNotFoundError, ValueError):
            return None

    def kill_worker(self, spare=False):
        """kill -9 of the worker process alone, as the kernel's OOM killer or a crash would; the
        servers it started are left to themselves."""
        pid = self.worker_pid(spare)
        if pid is None:
            raise RuntimeError("no worker.pid: the worker is not running")
        os.kill(pid, signal.SIGKILL)
        self._orphans.append(pid)  # it led its own session (setsid), so its pid is the group id
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _alive(pid):
            time.sleep(0.05)

    def wait_for_worker_heartbeat(self, since, timeout, spare=False):
        """Until the backend stored a heartbeat of the worker newer than `since` (epoch seconds)."""
        worker_id = self.s.spare_worker_id if spare else self.s.worker_id
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            rows = self.db.query_quiet(
                "select extract(epoch from last_seen_at) from workers where worker_id = :'w'", w=worker_id
            )
            if rows and float(rows[0][0]) > since:
                return True
            time.sleep(0.5)
        raise TimeoutError(f"no heartbeat of worker {worker_id} reached the backend within {timeout} s (logs in {self.dir})")

    def tail(self, name, lines=25):
        """The last lines of a log, without Java's stack frames."""
        try:
            text = (self.dir / name).read_text(errors="replace").splitlines()
        except FileNotFoundError:
            return f"({name} not found)"
        return "\n".join([line for line in text if not line.lstrip().startswith(("at ", "... "))][-lines:])


def _alive(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            return not any(line.startswith("State:") and "Z" in line for line in f)
    except FileNotFoundError:
        return False
