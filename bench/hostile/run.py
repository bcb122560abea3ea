#!/usr/bin/env python3
"""Submits every case of testdata/hostile/manifest.json to a running SOAPBench and prints figures.

    bench/hostile/run.py [--base http://localhost:8080] [--wait-runs 900]

Each case is one multipart POST /api/v1/runs, as the manifest says. Afterwards (optionally once the
accepted runs have finished on the workers) it looks for the marker files the payloads would create
and counts connections to its loopback listener, then prints

    inputs tried / as expected / 4xx with problem+json / 5xx / hangs (> 10 s) / code executions /
    listener connections

with the targets: 0 code executions, 0 5xx, 0 hangs, 0 connections, every case as expected.
A 429 is waited out (Retry-After) and retried; start the instance with SOAPBENCH_WRITE_BURST=1000
to run without waiting. Exits non-zero when a target is missed.
"""

import argparse
import io
import json
import os
import socket
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
import zipfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
HANG_SECONDS = 10


class Listener:
    """Counts connections on a loopback port: a payload that ran, or a URL that was fetched."""

    def __init__(self):
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(50)
        self.connections = 0
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            self.connections += 1
            connection.close()

    @property
    def address(self):
        return "127.0.0.1:%d" % self.socket.getsockname()[1]


def read(corpus, path, case, marker, listener):
    with open(os.path.join(corpus, path), "rb") as source:
        content = source.read()
    if case.get("template"):
        content = content.decode("utf-8").replace("{{MARKER}}", marker).replace("{{LISTENER}}", listener)
        content = content.encode("utf-8")
    return content


def upload(corpus, case, marker, listener):
    submit = case["submit"]
    if submit["kind"] == "file":
        return submit["fileName"], read(corpus, submit["file"], case, marker, listener)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for entry in submit["entries"]:
            info = zipfile.ZipInfo(entry["name"])
            info.compress_type = zipfile.ZIP_DEFLATED
            if "zeros" in entry:
                with archive.open(info, "w", force_zip64=True) as out:
                    left = entry["zeros"]
                    block = bytes(1 << 16)
                    while left > 0:
                        out.write(block[: min(left, len(block))])
                        left -= len(block)
            else:
                archive.writestr(info, read(corpus, entry["file"], case, marker, listener))
    return submit["fileName"], buffer.getvalue()


def multipart(fields):
    boundary = "----soapbench" + uuid.uuid4().hex
    body = io.BytesIO()
    for name, file_name, content in fields:
        disposition = 'form-data; name="%s"' % name
        if file_name is not None:
            disposition += '; filename="%s"' % file_name.replace('"', "%22")
        body.write(("--%s\r\nContent-Disposition: %s\r\n" % (boundary, disposition)).encode("utf-8"))
        if file_name is not None:
            body.write(b"Content-Type: application/octet-stream\r\n")
        body.write(b"\r\n" + content + b"\r\n")
    body.write(("--%s--\r\n" % boundary).encode("utf-8"))
    return "multipart/form-data; boundary=" + boundary, body.getvalue()


def post(base, content_type, body):
    """(status, content type, body, seconds), status None for a hang or a reset."""
    while True:
        request = urllib.request.Request(base + "/api/v1/runs", data=body, headers={"Content-Type": content_type})
        started = time.monotonic()
        try:
            with urllib.request.urlopen(request, timeout=HANG_SECONDS) as response:
                return response.status, response.headers.get("Content-Type", ""), response.read(), \
                    time.monotonic() - started
        except urllib.error.HTTPError as error:
            if error.code == 429:
                time.sleep(float(error.headers.get("Retry-After", "2")))
                continue
            return error.code, error.headers.get("Content-Type", ""), error.read(), time.monotonic() - started
        except (socket.timeout, TimeoutError):
            return None, "", b"hang", time.monotonic() - started
        except (urllib.error.URLError, ConnectionError) as error:
            return None, "", str(error).encode(), time.monotonic() - started


def judge(expect, status, content_type, body):
    if status != expect["status"]:
        return "expected %d, got %s: %s" % (expect["status"], status, body[:300].decode("utf-8", "replace"))
    if status >= 400:
        if not content_type.startswith("application/problem+json"):
            return "not problem+json: " + content_type
        detail = json.loads(body).get("detail", "")
        if expect.get("detail", "") not in detail:
            return "detail lacks %r: %s" % (expect.get("detail"), detail)
    return None


def wait_for_runs(base, run_ids, seconds):
    deadline = time.monotonic() + seconds
    open_runs = set(run_ids)
    while open_runs and time.monotonic() < deadline:
        for run_id in sorted(open_runs):
            try:
                with urllib.request.urlopen(base + "/api/v1/runs/" + run_id, timeout=HANG_SECONDS) as response:
                    if json.loads(response.read()).get("status") in ("completed", "failed"):
                        open_runs.discard(run_id)
            except (urllib.error.URLError, OSError):
                pass
        if open_runs:
            time.sleep(5)
    return open_runs


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="http://localhost:8080")
    parser.add_argument("--corpus", default=os.path.join(ROOT, "testdata", "hostile"))
    parser.add_argument("--wait-runs", type=float, default=0,
                        help="seconds to wait for accepted runs to finish before looking for markers")
    args = parser.parse_args()

    with open(os.path.join(args.corpus, "manifest.json"), encoding="utf-8") as source:
        manifest = json.load(source)
    workload = json.dumps(manifest["workload"]).encode("utf-8")
    listener = Listener()
    figures = dict(tried=0, expected=0, problem_json=0, server_errors=0, hangs=0)
    wrong, accepted = [], []
    for case in manifest["cases"]:
        marker = manifest["markerPrefix"] + case["id"]
        if os.path.exists(marker):
            os.remove(marker)
        file_name, content = upload(args.corpus, case, marker, listener.address)
        fields = [("wsdl", file_name, content), ("workload", None, workload)]
        if "entry" in case["submit"]:
            fields.append(("entry", None, case["submit"]["entry"].encode("utf-8")))
        status, content_type, body, seconds = post(args.base, *multipart(fields))
        figures["tried"] += 1
        if status is None or seconds > HANG_SECONDS:
            figures["hangs"] += 1
        elif status >= 500:
            figures["server_errors"] += 1
        elif status >= 400 and content_type.startswith("application/problem+json"):
            figures["problem_json"] += 1
        elif status == 201:
            accepted.append(json.loads(body)["id"])
        fault = judge(case["expect"], status, content_type, body) if status is not None else "no answer: " + \
            body.decode("utf-8", "replace")
        if fault:
            wrong.append("%s: %s" % (case["id"], fault))
        else:
            figures["expected"] += 1

    unfinished = wait_for_runs(args.base, accepted, args.wait_runs) if args.wait_runs > 0 else set(accepted)
    executions = [case["id"] for case in manifest["cases"]
                  if os.path.exists(manifest["markerPrefix"] + case["id"])]

    for line in wrong:
        print("unexpected  " + line)
    print()
    print("inputs tried                    %4d" % figures["tried"])
    print("answered as expected            %4d   target %d" % (figures["expected"], figures["tried"]))
    print("4xx with problem+json           %4d" % figures["problem_json"])
    print("201 (harmless, accepted)        %4d   %d not finished when markers were checked"
          % (len(accepted), len(unfinished)))
    print("5xx                             %4d   target 0" % figures["server_errors"])
    print("hangs (> %d s) or resets        %4d   target 0" % (HANG_SECONDS, figures["hangs"]))
    print("code executions (marker files)  %4d   target 0 %s" % (len(executions), " ".join(executions)))
    print("listener connections            %4d   target 0" % listener.connections)
    missed = wrong or figures["server_errors"] or figures["hangs"] or executions or listener.connections
    print("MISS" if missed else "PASS")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
