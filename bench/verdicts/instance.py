"""A private instance (PostgreSQL, RabbitMQ, backend, one worker) through fault-tests/system.py,
with the backend and the worker pointed at a stacks folder of the benchmark's own:

    <dir>/stacks/cxf, gsoap, toolset, jvm-host, ...
                                     stack-runners/ less its other stacks, as trees of hard links:
                                     a runner finds its shared folders beside its own, the sandbox
                                     binds the stacks folder alone, and the worker gives each verb
                                     private copies of the *.lock files it finds there, which it
                                     would not look for behind a symbolic link
    <dir>/stacks/aa-a, aa-b          gSOAP registered twice: its stack.json under another id and
                                     name, every other file a symbolic link to ../gsoap/
    <dir>/stacks/ab-a, ab-b          bench/soapserver with a calibrated CPU cost per request
    <dir>/datasets                   a link to datasets/ (the worker looks for it beside the stacks)
"""

import json
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(1, str(ROOT / "fault-tests"))

from system import Settings, System  # noqa: E402

RUNNERS = ROOT / "stack-runners"
SOAPSERVER = ROOT / "bench" / "bin" / "soapserver"
SOAPSERVER_STACK = Path(__file__).resolve().parent / "soapserver-stack"

# Ports 19100-19399: RabbitMQ also takes its port + 100 and + 200.
DEFAULTS = {"db_port": 19100, "amqp_port": 19150, "backend_port": 19180}


def stacks_dir(base):
    return Path(base) / "stacks"


def make_stacks(base, ab_work):
    """The stacks folder under base, made afresh; ab_work: rounds of work of ab-a and ab-b."""
    stacks = stacks_dir(base)
    shutil.rmtree(stacks, ignore_errors=True)
    stacks.mkdir(parents=True)
    for entry in RUNNERS.iterdir():
        if (entry / "stack.json").exists() and entry.name not in ("cxf", "gsoap"):
            continue
        if entry.is_dir():
            shutil.copytree(entry, stacks / entry.name, symlinks=True, copy_function=link_or_copy)
        else:
            link_or_copy(entry, stacks / entry.name)
    datasets = Path(base) / "datasets"
    if not datasets.exists():
        datasets.symlink_to(ROOT / "datasets")
    for id_, name in (("aa-a", "gSOAP (A/A copy a)"), ("aa-b", "gSOAP (A/A copy b)")):
        clone_gsoap(stacks, id_, name)
    for id_, work in zip(("ab-a", "ab-b"), ab_work):
        make_soapserver_stack(stacks / id_, id_, work)
    return stacks


def copy_backend(base):
    """The backend runs from a copy: `make build` elsewhere rewrites backend/target's jar in place,
    and the running JVM then fails to load its classes."""
    jars = [j for j in (ROOT / "backend" / "target").glob("soapbench-backend-*.jar") if "plain" not in j.name]
    if not jars:
        raise SystemExit("the backend is not built: run `make build` at the top")
    shutil.copy2(sorted(jars)[0], Path(base) / "backend.jar")


def link_or_copy(src, dst):
    """A hard link, or a copy where the folders lie on different file systems."""
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def clone_gsoap(stacks, id_, name):
    """gSOAP under another id. Its runner finds its files through its own folder (server/,
    services/, the generators) and ../toolset, ../native-support; nothing names the folder."""
    folder = stacks / id_
    folder.mkdir()
    manifest = json.loads((stacks / "gsoap" / "stack.json").read_text())
    manifest.update(id=id_, displayName=name)
    (folder / "stack.json").write_text(json.dumps(manifest, indent=2) + "\n")
    for entry in (stacks / "gsoap").iterdir():
        if entry.name != "stack.json":
            (folder / entry.name).symlink_to(Path("..") / "gsoap" / entry.name)


def make_soapserver_stack(folder, id_, work):
    """Copies: the sandbox sees the stacks folder, not bench/."""
    folder.mkdir()
    manifest = {
        "id": id_,
        "displayName": f"soapserver ({id_})",
        "language": "Go",
        "description": "bench/soapserver answering the catalog echo service through net/http, with a fixed CPU cost per request (bench/verdicts).",
        "versions": [{"version": "1.0", "label": "bench/soapserver"}],
        "container": "native process",
        "features": {"soapVersions": ["1.1"], "styles": ["document-literal-wrapped"], "mtom": False, "security": ["plain"], "nativeClient": False},
        "catalog": ["echo"],
    }
    (folder / "stack.json").write_text(json.dumps(manifest, indent=2) + "\n")
    shutil.copy2(SOAPSERVER_STACK / "runner", folder / "runner")
    shutil.copy2(SOAPSERVER, folder / "soapserver")
    set_work(folder, work)


def set_work(folder, work):
    (Path(folder) / "work").write_text(f"{int(work)}\n")


def port(name):
    return int(os.environ.get(f"SOAPBENCH_VERDICTS_{name}", DEFAULTS[name.lower()]))


def settings(base):
    """The instance's settings, its folder under base; the ports from SOAPBENCH_VERDICTS_*."""
    stacks = str(stacks_dir(base))
    extra_env = {
        "SOAPBENCH_STACKSDIR": stacks,
        "SOAPBENCH_STACK_RUNNERS": stacks,
        "SOAPBENCH_BACKEND_JAR": str(Path(base) / "backend.jar"),
        # Official leaderboard runs would share the worker with the measured runs.
        "SOAPBENCH_LEADERBOARDS_AUTOMATIC": "false",
    }
    return Settings(state_dir=Path(base) / "instance", db_port=port("DB_PORT"), amqp_port=port("AMQP_PORT"),
                    backend_port=port("BACKEND_PORT"), worker_id="verdicts-w1", spare_worker_id="verdicts-w2", extra_env=extra_env)


def system(base, log):
    return System(settings(base), log=log)


def restart_worker(instance):
    """A new worker process: it reads the stacks' sources again (its build cache names them once)."""
    instance.stop_worker()
    since = time.time()
    instance.start_worker()
    instance.wait_for_worker_heartbeat(since=since, timeout=120)
