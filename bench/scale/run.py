"""The leaderboards and the runs list at scale (bench/README.md, `make scale`): a private instance
(PostgreSQL, RabbitMQ, backend; no worker) seeded with RUNS completed runs of four stacks and ten
repetitions each (1,000,000 measurements at the default 25,000), the newest runs recorded as the
official runs of two boards and twenty older ones still running; then bench/bin/scaleload reads the
boards, the boards' index and 100 pages of the runs list at RATE requests per second for SECONDS,
while the database announces a change of one of the running runs every CHURN seconds, as their
workers' measurements do. Target: p99 <= 50 ms, no errors. Then headless Chromium opens the board,
the boards' index and the runs list as first visits (render.mjs). Target: usable within 1 s.

    python3 run.py [--runs N] [--rate N] [--seconds N] [--churn S] [--render-rounds N] [--dir DIR]
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(1, str(ROOT / "fault-tests"))

from system import Settings, System  # noqa: E402

BOARDS = ("echo-1kb-plain-local", "echo-150b-plain-local")
OFFICIAL_PER_BOARD = 50
SCALELOAD = ROOT / "bench" / "bin" / "scaleload"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=25_000, help="seeded runs (40 measurements each; default 25,000)")
    parser.add_argument("--rate", type=float, default=200, help="requests per second (default 200)")
    parser.add_argument("--seconds", type=int, default=60, help="length of the timed load (default 60)")
    parser.add_argument("--churn", type=float, default=0.5, help="seconds between run change notices (default 0.5; 0: none)")
    parser.add_argument("--render-rounds", type=int, default=7, help="first visits of each page in Chromium (default 7; 0: none)")
    parser.add_argument("--dir", default="/tmp/soapbench-scale-bench", help="the instance's folder, emptied first")
    args = parser.parse_args()
    if args.runs < 300:
        parser.error("--runs must be at least 300")

    settings = Settings(
        state_dir=Path(args.dir),
        db_port=int(os.environ.get("SOAPBENCH_SCALE_DB_PORT", 19410)),
        amqp_port=int(os.environ.get("SOAPBENCH_SCALE_AMQP_PORT", 19450)),
        backend_port=int(os.environ.get("SOAPBENCH_SCALE_PORT", 19480)),
        extra_env={
            "SOAPBENCH_LEADERBOARDS_AUTOMATIC": "false",
            "SOAPBENCH_BACKEND_JAR": str(Path(args.dir).parent / "soapbench-scale-backend.jar"),
            # The seeded running runs have no worker: the watchdog must leave them running.
            "SOAPBENCH_WATCHDOG_SILENT_AFTER": "PT24H",
            "SOAPBENCH_WATCHDOG_FAIL_AFTER": "PT48H",
        },
    )
    copy_backend(Path(settings.extra_env["SOAPBENCH_BACKEND_JAR"]))
    system = System(settings, log=lambda m: print(m, file=sys.stderr, flush=True))
    try:
        system.stop()
        shutil.rmtree(settings.state_dir, ignore_errors=True)
        system.start_db()
        system.start_broker()
        system._script("services.sh", "start-backend", settings.state_dir, settings.backend_port, settings.db_port, settings.amqp_port)
        began = time.monotonic()
        print(seed(settings, args.runs), flush=True)
        print(f"scale: seeded in {time.monotonic() - began:.0f} s; database {database_size(settings)}", flush=True)
        paths = write_paths(settings.state_dir)
        stop = threading.Event()
        churn = threading.Thread(target=announce_changes, args=(settings, args.runs, args.churn, stop), daemon=True)
        if args.churn > 0:
            churn.start()
        try:
            done = subprocess.run([str(SCALELOAD), "-base", f"http://127.0.0.1:{settings.backend_port}", "-paths", str(paths),
                                   "-rate", str(args.rate), "-seconds", str(args.seconds), "-p99", "50ms"])
        finally:
            stop.set()
        rendered = 0
        if args.render_rounds > 0:
            rendered = subprocess.run(["node", str(HERE / "render.mjs"), f"http://127.0.0.1:{settings.backend_port}",
                                       str(args.render_rounds)]).returncode
        print(f"scale: {args.runs * 40:,} measurements in {args.runs:,} runs, {OFFICIAL_PER_BOARD} official runs on each of "
              f"{len(BOARDS)} boards, a running run's change every {args.churn} s; backend log {settings.state_dir}/backend.log",
              flush=True)
        return done.returncode or rendered
    finally:
        system.stop()


def copy_backend(target):
    """A copy of the built jar: a rebuild of backend/target under the running backend must not break it."""
    jars = [p for p in (ROOT / "backend" / "target").glob("soapbench-backend-*.jar") if "plain" not in p.name]
    if not jars:
        sys.exit("the backend is not built (make build)")
    shutil.copyfile(jars[0], target)


def psql(settings, *args, stdin=None):
    return ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", str(settings.state_dir / "postgres" / "sock"),
            "-p", str(settings.db_port), "-U", "postgres", "-d", "soapbench", *args]


def seed(settings, runs):
    histogram = subprocess.run([str(SCALELOAD), "-histogram"], check=True, capture_output=True, text=True).stdout.strip()
    done = subprocess.run(
        psql(settings, "-v", f"runs={runs}", "-v", f"official={OFFICIAL_PER_BOARD}", "-v", f"histogram={histogram}",
             "-v", f"boards={','.join(BOARDS)}", "-f", str(HERE / "seed.sql")),
        check=True, capture_output=True, text=True)
    return "scale: " + " ".join(done.stdout.split())


def database_size(settings):
    done = subprocess.run(psql(settings, "-t", "-A", "-c", "SELECT pg_size_pretty(pg_database_size('soapbench'))"),
                          check=True, capture_output=True, text=True)
    return done.stdout.strip()


def write_paths(folder):
    lines = [f"board\t/api/v1/leaderboards/{board}" for board in BOARDS]
    lines.append("boards\t/api/v1/leaderboards")
    lines += [f"runs-list\t/api/v1/runs?page={page}" for page in range(50)]
    lines += [f"runs-list\t/api/v1/runs?stack=cxf&page={page}" for page in range(50)]
    # Spread the boards among the list pages, so each kind is read all through the load.
    ordered = []
    lists = [line for line in lines if line.startswith("runs-list")]
    others = [line for line in lines if not line.startswith("runs-list")]
    for i, line in enumerate(lists):
        ordered.append(line)
        if i % 5 == 0:
            ordered.append(others[(i // 5) % len(others)])
    path = Path(folder) / "paths.tsv"
    path.write_text("\n".join(ordered) + "\n")
    return path


def announce_changes(settings, runs, every, stop):
    """pg_notify on the backend's change channel, for one of the running seeded runs, every `every` seconds."""
    notifier = subprocess.Popen(psql(settings), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        while not stop.wait(every):
            run = random.randint(runs - 219, runs - 200)
            notifier.stdin.write(f"SELECT pg_notify('run_changed', md5('scale-run-{run}')::uuid::text);\n")
            notifier.stdin.flush()
    finally:
        notifier.stdin.close()
        notifier.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
