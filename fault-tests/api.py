"""The backend's HTTP API as a client sees it (docs/api.md): every answer, connection failures
included, comes back as a Response instead of an exception, since a fault suite counts them."""

import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass


@dataclass
class Response:
    # 0 when no HTTP answer came (refused, reset, timed out); then `error` says what happened.
    status: int
    headers: dict
    body: object
    seconds: float
    error: str = ""

    def header(self, name):
        return self.headers.get(name.lower())

    def describe(self):
        if self.status == 0:
            return f"no answer ({self.error}) after {self.seconds:.1f} s"
        detail = self.body.get("detail") or self.body.get("title") if isinstance(self.body, dict) else str(self.body)[:200]
        return f"{self.status} after {self.seconds:.1f} s: {detail}"


class Api:
    def __init__(self, base):
        self.base = base.rstrip("/")

    def request(self, method, path, body=None, headers=None, timeout=15):
        data = None
        all_headers = {"Accept": "application/json, application/problem+json"}
        if body is not None:
            data = json.dumps(body).encode()
            all_headers["Content-Type"] = "application/json"
        all_headers.update(headers or {})
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=all_headers)
        start = time.monotonic()
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return _response(r.status, r.headers, r.read(), start)
        except urllib.error.HTTPError as e:
            return _response(e.code, e.headers, e.read(), start)
        except (urllib.error.URLError, OSError, TimeoutError) as e:
            return Response(0, {}, None, time.monotonic() - start, error=str(getattr(e, "reason", e)))

    def submit(self, workload, catalog="echo"):
        return self.request("POST", "/api/v1/runs", {"catalog": catalog, "workload": workload, "visibility": "public"})

    def run(self, run_id, timeout=15):
        return self.request("GET", f"/api/v1/runs/{run_id}", timeout=timeout)

    def cancel(self, run_id, manage_token):
        headers = {"X-Run-Manage-Token": manage_token} if manage_token else {}
        return self.request("POST", f"/api/v1/runs/{run_id}/cancel", headers=headers)


def _response(status, headers, raw, start):
    seconds = time.monotonic() - start
    try:
        body = json.loads(raw) if raw else None
    except ValueError:
        body = raw.decode(errors="replace")
    return Response(status, {k.lower(): v for k, v in headers.items()}, body, seconds)
