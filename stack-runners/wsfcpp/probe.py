#!/usr/bin/env python3
"""Waits until a just-started server answers a real SOAP request: the first two-way operation's
sample request, sent as the samples' index says (SOAP version, action). Exit 0 once it answers
with a SOAP envelope; exit 1 with an `error: ` line if the server exits or never answers.

Usage: probe.py --endpoint URL --samples DIR --pid SERVER_PID [--name SERVER_NAME] [--timeout SECONDS]
"""
import argparse
import http.client
import json
import os
import sys
import time
from urllib.parse import urlparse


def first_request(samples):
    with open(os.path.join(samples, "index.json"), encoding="utf-8") as f:
        index = json.load(f)
    entry = next((e for e in index if not e.get("oneWay")), index[0] if index else None)
    if entry is None:
        raise ValueError("the samples' index.json lists no operation")
    with open(os.path.join(samples, entry["request"]), "rb") as f:
        body = f.read()
    action = entry.get("soapAction", "")
    if entry.get("soapVersion") == "1.2":
        headers = {"Content-Type": f'application/soap+xml; charset=utf-8; action="{action}"'}
    else:
        headers = {"Content-Type": "text/xml; charset=utf-8", "SOAPAction": f'"{action}"'}
    return body, headers, entry


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--endpoint", required=True)
    parser.add_argument("--samples", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--name", default="the server")
    parser.add_argument("--timeout", type=float, default=30)
    args = parser.parse_args()
    try:
        body, headers, entry = first_request(args.samples)
    except (OSError, ValueError, KeyError) as problem:
        print(f"error: cannot read the sample request: {problem}", file=sys.stderr)
        return 1
    url = urlparse(args.endpoint)
    deadline = time.monotonic() + args.timeout
    last = "no answer"
    while time.monotonic() < deadline:
        if not alive(args.pid):
            print(f"error: {args.name} exited during start-up", file=sys.stderr)
            return 1
        try:
            connection = http.client.HTTPConnection(url.hostname, url.port, timeout=5)
            connection.request("POST", url.path, body, headers)
            response = connection.getresponse()
            text = response.read()
            connection.close()
            if b"Envelope" in text and (response.status == 200 or (entry.get("oneWay") and response.status == 202)):
                return 0
            last = f"HTTP {response.status} to operation {entry['operation']}: {' '.join(text[:300].decode('utf-8', 'replace').split())}"
            if response.status >= 400:
                break
        except OSError as problem:
            last = str(problem)
        time.sleep(0.1)
    print(f"error: the service did not answer its first sample request ({last})", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
