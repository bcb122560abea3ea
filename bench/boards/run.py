"""How fast a fresh instance fills its leaderboards (bench/README.md, `make boards-fill`): a private
instance (PostgreSQL, RabbitMQ, backend, one worker with every stack of stack-runners/) started
empty with the leaderboards' automatic scheduling on, as `make up` starts one; then the boards'
index is read every 30 s for MINUTES and each official run's end is printed with the time since
the start. Target: every measurable board measured within 60 minutes.

    python3 run.py [--minutes N] [--dir DIR]
"""

import argparse
import json
import os
import shutil
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(1, str(ROOT / "fault-tests"))

from system import Settings, System  # noqa: E402

TARGET_MINUTES = 60


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=TARGET_MINUTES, help="how long to watch (default 60)")
    parser.add_argument("--dir", default="/tmp/soapbench-boards-bench", help="the instance's folder, emptied first")
    args = parser.parse_args()
    settings = Settings(
        state_dir=Path(args.dir),
        db_port=int(os.environ.get("SOAPBENCH_BOARDS_DB_PORT", 19710)),
        amqp_port=int(os.environ.get("SOAPBENCH_BOARDS_AMQP_PORT", 19750)),
        backend_port=int(os.environ.get("SOAPBENCH_BOARDS_PORT", 19780)),
        worker_id="boards-w1",
        extra_env={
            # As make up runs it: the fault tests' settings turn the scheduling off.
            "SOAPBENCH_LEADERBOARDS_AUTOMATIC": "true",
            "SOAPBENCH_BACKEND_JAR": str(Path(args.dir).parent / "soapbench-boards-backend.jar"),
        },
    )
    jars = [p for p in (ROOT / "backend" / "target").glob("soapbench-backend-*.jar") if "plain" not in p.name]
    if not jars:
        sys.exit("the backend is not built (make build)")
    shutil.copyfile(jars[0], settings.extra_env["SOAPBENCH_BACKEND_JAR"])
    system = System(settings, log=lambda m: print(m, file=sys.stderr, flush=True))
    began = time.monotonic()
    try:
        system.start()
        print(f"boards: instance up in {time.monotonic() - began:.0f} s", flush=True)
        watch(settings.backend_port, began, args.minutes)
    finally:
        system.stop()


def watch(port, began, minutes):
    seen = {}
    index = {}
    while time.monotonic() - began < minutes * 60:
        index = read(f"http://127.0.0.1:{port}/api/v1/leaderboards")
        for line in index["boards"]:
            if line.get("measuredAt") and line["id"] not in seen:
                seen[line["id"]] = time.monotonic() - began
                print(f"  {seen[line['id']] / 60:5.1f} min  {line['id']}: {line['state']}"
                      f"{', leader ' + line['leader'] if line.get('leader') else ''}", flush=True)
        progress = index["progress"]
        if progress["measurable"] and progress["measured"] >= progress["measurable"]:
            break
        time.sleep(30)
    progress = index["progress"]
    elapsed = (time.monotonic() - began) / 60
    done = progress["measurable"] and progress["measured"] >= progress["measurable"]
    verdict = "PASS" if done and elapsed <= TARGET_MINUTES else ("MISS" if elapsed >= TARGET_MINUTES else "not finished")
    print(f"boards: {progress['measured']} of {progress['measurable']} measurable boards measured after {elapsed:.1f} min "
          f"({progress['boards']} boards in all; target: all within {TARGET_MINUTES} min): {verdict}", flush=True)
    if seen:
        per_board = max(seen.values()) / len(seen) / 60
        print(f"boards: {per_board:.1f} min per board so far", flush=True)


def read(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return json.loads(response.read())


if __name__ == "__main__":
    sys.exit(main())
