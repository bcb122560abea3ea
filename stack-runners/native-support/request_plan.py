#!/usr/bin/env python3
"""Turns a requests folder (the samples layout) into the native client's request plan.

One tab-separated line per request, in index.json's order: operation, SOAP action, SOAP
version, 1 when the sample response is a SOAP Fault (the fault is then the expected answer)
else 0, and the request envelope's absolute path.

Usage: request_plan.py REQUESTS_DIR PLAN_FILE
Exit 0, or 1 with one line on stderr starting `error: `.
"""
import json
import os
import sys
import xml.etree.ElementTree as ET

ENVELOPES = ("http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope")


def is_fault(path):
    if not os.path.isfile(path):
        return False
    root = ET.parse(path).getroot()
    return any(root.find(f"{{{ns}}}Body/{{{ns}}}Fault") is not None for ns in ENVELOPES)


def plan_lines(folder):
    index_path = os.path.join(folder, "index.json")
    with open(index_path, encoding="utf-8") as f:
        entries = json.load(f)
    if not isinstance(entries, list) or not entries:
        raise ValueError(f"{index_path} lists no requests")
    lines = []
    for number, entry in enumerate(entries, 1):
        request = os.path.abspath(os.path.join(folder, entry.get("request") or ""))
        if not entry.get("request") or not os.path.isfile(request):
            raise ValueError(f"{index_path} entry {number}: request file {entry.get('request')!r} not found")
        response = entry.get("response")
        fault = bool(response) and is_fault(os.path.join(folder, response))
        fields = [entry.get("operation", ""), entry.get("soapAction", ""), entry.get("soapVersion", "1.1"),
                  "1" if fault else "0", request]
        if any("\t" in field or "\n" in field for field in fields):
            raise ValueError(f"{index_path} entry {number}: a tab or a newline in a field")
        lines.append("\t".join(fields))
    return lines


def main(argv):
    if len(argv) != 3:
        print("error: usage: request_plan.py REQUESTS_DIR PLAN_FILE", file=sys.stderr)
        return 1
    try:
        lines = plan_lines(argv[1])
    except (OSError, ValueError, AttributeError, ET.ParseError) as problem:
        print(f"error: requests {argv[1]}: {problem}", file=sys.stderr)
        return 1
    with open(argv[2], "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
