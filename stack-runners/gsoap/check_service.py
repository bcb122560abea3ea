#!/usr/bin/env python3
"""Posts every sample request to a running server and compares each answer with its sample.

Compares the SOAP Body payloads as the worker's verification does: element names and
namespaces, attributes (xsi:type and SOAP encodingStyle ignored, the prefix of a SOAP array's
arrayType ignored), text with whitespace trimmed, numbers as numbers,
date-times as instants; prefixes do not matter. A sample response that is a SOAP Fault must
come back as that fault (HTTP 500), its fault code compared without the prefix. With --connections N, N keep-alive
connections are held open at once and each sends every sample --rounds times.

Usage: check_service.py URL SAMPLES_DIR [--connections N] [--rounds R]
Exit 0 when every answer matches; otherwise prints each difference and exits 1.
"""
import argparse
import datetime
import http.client
import json
import os
import sys
import threading
import urllib.parse
import xml.etree.ElementTree as ET

ENVELOPES = {"1.1": "http://schemas.xmlsoap.org/soap/envelope/", "1.2": "http://www.w3.org/2003/05/soap-envelope"}
CONTENT_TYPES = {"1.1": "text/xml", "1.2": "application/soap+xml"}
XSI_TYPE = "{http://www.w3.org/2001/XMLSchema-instance}type"
# SOAP encoding: encodingStyle is inherited, so it may sit on the Body instead of the payload,
# and arrayType is a QName whose prefix is the writer's choice.
ENCODING_STYLES = {f"{{{uri}}}encodingStyle" for uri in ENVELOPES.values()}
ARRAY_TYPE = "{http://schemas.xmlsoap.org/soap/encoding/}arrayType"


# A fault code is a QName; the prefix bound to the envelope namespace is the writer's choice.
FAULT_CODES = {"faultcode", f"{{{ENVELOPES['1.2']}}}Value"}


def local_part(text):
    return (text or "").strip().rpartition(":")[2]


def significant_attributes(element):
    kept = {}
    for name, value in element.attrib.items():
        if name == XSI_TYPE or name in ENCODING_STYLES:
            continue
        kept[name] = value.rpartition(":")[2] if name == ARRAY_TYPE else value
    return kept


def payload(xml_bytes, version):
    body = ET.fromstring(xml_bytes).find(f"{{{ENVELOPES[version]}}}Body")
    if body is None:
        raise ValueError(f"no SOAP {version} Body")
    return list(body)


def as_number(text):
    try:
        return float(text)
    except ValueError:
        return None


def as_instant(text):
    try:
        return datetime.datetime.fromisoformat(text).timestamp()
    except ValueError:
        return None


def same_text(expected, actual):
    expected, actual = (expected or "").strip(), (actual or "").strip()
    if expected == actual:
        return True
    for parse in (as_number, as_instant):
        a, b = parse(expected), parse(actual)
        if a is not None and b is not None:
            return a == b
    return False


def differences(expected, actual, path=""):
    where = f"{path}/{expected.tag}"
    if expected.tag != actual.tag:
        return [f"{where}: got element {actual.tag}"]
    found = []
    attrs = [significant_attributes(e) for e in (expected, actual)]
    if attrs[0].keys() != attrs[1].keys() or not all(same_text(v, attrs[1][k]) for k, v in attrs[0].items()):
        found.append(f"{where}: attributes {attrs[0]} != {attrs[1]}")
    if expected.tag in FAULT_CODES:
        expected.text, actual.text = (local_part(e.text) for e in (expected, actual))
    if not same_text(expected.text, actual.text):
        found.append(f"{where}: text {expected.text!r} != {actual.text!r}")
    if len(expected) != len(actual):
        found.append(f"{where}: {len(expected)} child elements expected, got {len(actual)}")
    for e, a in zip(expected, actual):
        found.extend(differences(e, a, where))
    return found


class Sample:
    def __init__(self, folder, entry):
        self.operation = entry["operation"]
        self.version = entry.get("soapVersion", "1.1")
        self.one_way = entry.get("oneWay", False)
        self.request = open(os.path.join(folder, entry["request"]), "rb").read()
        self.expected = None
        if not self.one_way:
            self.expected = payload(open(os.path.join(folder, entry["response"]), "rb").read(), self.version)
        self.expects_fault = bool(self.expected) and self.expected[0].tag == f"{{{ENVELOPES[self.version]}}}Fault"
        action = entry.get("soapAction", "")
        if self.version == "1.2":
            self.headers = {"Content-Type": f'application/soap+xml; charset=utf-8; action="{action}"'}
        else:
            self.headers = {"Content-Type": "text/xml; charset=utf-8", "SOAPAction": f'"{action}"'}

    def check(self, connection, path):
        connection.request("POST", path, body=self.request, headers=self.headers)
        response = connection.getresponse()
        body = response.read()
        if self.one_way:
            if response.status not in (200, 202) or body.strip():
                return [f"{self.operation}: one-way answered HTTP {response.status} with {len(body)} bytes"]
            return []
        expected_status = 500 if self.expects_fault else 200
        if response.status != expected_status:
            return [f"{self.operation}: HTTP {response.status}: {body[:300]!r}"]
        content_type = response.getheader("Content-Type", "")
        if not content_type.startswith(CONTENT_TYPES[self.version]):
            return [f"{self.operation}: Content-Type {content_type} for a SOAP {self.version} request"]
        try:
            actual = payload(body, self.version)
        except (ET.ParseError, ValueError) as e:
            return [f"{self.operation}: unreadable answer ({e}): {body[:300]!r}"]
        if len(actual) != len(self.expected):
            return [f"{self.operation}: {len(actual)} payload elements, expected {len(self.expected)}"]
        return [f"{self.operation}: {d}" for e, a in zip(self.expected, actual) for d in differences(e, a)]


def run_connection(url, samples, rounds, all_open, problems):
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    try:
        samples[0].check(connection, url.path)
        first_socket = connection.sock
        all_open.wait()
        for _ in range(rounds):
            for sample in samples:
                problems.extend(sample.check(connection, url.path))
        if connection.sock is not first_socket:
            problems.append("the server closed a keep-alive connection")
    except (OSError, http.client.HTTPException, threading.BrokenBarrierError) as e:
        problems.append(f"connection failed: {e!r}")
    finally:
        connection.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("samples")
    parser.add_argument("--connections", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    url = urllib.parse.urlparse(args.url)
    samples = [Sample(args.samples, e) for e in json.load(open(os.path.join(args.samples, "index.json")))]
    problems = []
    all_open = threading.Barrier(args.connections, timeout=20)
    threads = [threading.Thread(target=run_connection, args=(url, samples, args.rounds, all_open, problems))
               for _ in range(args.connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for problem in sorted(set(problems)):
        print(f"  MISMATCH {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
