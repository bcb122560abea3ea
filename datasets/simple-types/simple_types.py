#!/usr/bin/env python3
"""Request and response envelopes of the simple-types service, from the input values in cases.json.

Usage: simple_types.py [--catalog-samples DIR] [--requests DIR]

--catalog-samples writes the first case as the catalog entry's sample; --requests writes every
case as a request sequence in the runner contract's samples layout. respond() is the service's
rule (wsdl-catalog/simple-types/README.md) that every implementation follows.
"""
import argparse
import base64
import datetime
import json
import os
import sys
from xml.sax.saxutils import escape

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases.json")
NAMESPACE = "urn:soapbench:simple-types"
SOAP_ACTION = "urn:soapbench:simple-types:simpleTypes"
PRIORITIES = ["low", "normal", "high", "urgent"]

_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"'
    f' xmlns:t="{NAMESPACE}">\n'
    "  <soapenv:Body>\n"
)
_TAIL = "  </soapenv:Body>\n</soapenv:Envelope>\n"


def respond(case):
    """The outputs a correct implementation computes from a case's inputs."""
    timestamp = datetime.datetime.fromisoformat(case["inputTimestamp"].replace("Z", "+00:00"))
    return {
        "outputBoolean": not case["inputBoolean"],
        "outputInt": case["inputByte"] + case["inputShort"] + case["inputInt"],
        "outputLong": case["inputLong"] + case["inputInt"],
        "outputDouble": case["inputDouble"] * 2,
        "outputDecimal": case["inputDecimal"],
        "outputText": f"{case['inputText']}/{case['inputEnum']}",
        "outputEnum": PRIORITIES[(PRIORITIES.index(case["inputEnum"]) + 1) % len(PRIORITIES)],
        "outputDate": (datetime.date.fromisoformat(case["inputDate"]) + datetime.timedelta(days=1)).isoformat(),
        "outputTimestamp": (timestamp + datetime.timedelta(hours=1)).astimezone(datetime.timezone.utc)
        .strftime("%Y-%m-%dT%H:%M:%SZ"),
        "outputBinaryHex": bytes.fromhex(case["inputBinaryHex"])[::-1].hex(),
        "outputList": list(reversed(case["inputList"])),
        "outputProperties": list(case["inputProperties"]),
    }


def check_ranges(case):
    """Cases must keep every output inside its XML Schema type."""
    for name, low, high in (("outputInt", -2**31, 2**31 - 1), ("outputLong", -2**63, 2**63 - 1)):
        value = respond(case)[name]
        if not low <= value <= high:
            raise ValueError(f"cases.json case {case['name']!r}: {name} {value} overflows its type")


def text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return escape(str(value))


def _scalars(prefix, values, names):
    return "".join(f"      <t:{prefix}{n}>{text(values[prefix + n])}</t:{prefix}{n}>\n" for n in names)


def _binary(hex_digits):
    return base64.b64encode(bytes.fromhex(hex_digits)).decode("ascii")


def _list(tag, items):
    inner = "".join(f"        <t:item>{text(item)}</t:item>\n" for item in items)
    return f"      <t:{tag}>\n{inner}      </t:{tag}>\n" if items else f"      <t:{tag}/>\n"


def _properties(tag, pairs):
    inner = "".join(
        f"        <t:property>\n          <t:name>{text(n)}</t:name>\n          <t:value>{text(v)}</t:value>\n"
        "        </t:property>\n" for n, v in pairs)
    return f"      <t:{tag}>\n{inner}      </t:{tag}>\n" if pairs else f"      <t:{tag}/>\n"


def request(case):
    head = ["Boolean", "Byte", "Short", "Int", "Long", "Double", "Decimal", "Text", "Enum", "Date", "Timestamp"]
    return (_HEAD + "    <t:simpleTypes>\n"
            + _scalars("input", case, head)
            + f"      <t:inputBinary>{_binary(case['inputBinaryHex'])}</t:inputBinary>\n"
            + _list("inputList", case["inputList"])
            + _properties("inputProperties", case["inputProperties"])
            + "    </t:simpleTypes>\n" + _TAIL)


def response(case):
    out = respond(case)
    head = ["Boolean", "Int", "Long", "Double", "Decimal", "Text", "Enum", "Date", "Timestamp"]
    return (_HEAD + "    <t:simpleTypesResponse>\n"
            + _scalars("output", out, head)
            + f"      <t:outputBinary>{_binary(out['outputBinaryHex'])}</t:outputBinary>\n"
            + _list("outputList", out["outputList"])
            + _properties("outputProperties", out["outputProperties"])
            + "    </t:simpleTypesResponse>\n" + _TAIL)


def load_cases(path=CASES):
    with open(path, encoding="utf-8") as f:
        cases = json.load(f)
    for case in cases:
        check_ranges(case)
    return cases


def write_samples(folder, cases):
    os.makedirs(folder, exist_ok=True)
    entries = []
    for case in cases:
        stem = "simpleTypes" if len(cases) == 1 else f"simpleTypes-{case['name']}"
        for kind, body in (("request", request(case)), ("response", response(case))):
            with open(os.path.join(folder, f"{stem}.{kind}.xml"), "w", encoding="utf-8", newline="\n") as f:
                f.write(body)
        entries.append({"operation": "simpleTypes", "soapAction": SOAP_ACTION, "soapVersion": "1.1",
                        "oneWay": False, "request": f"{stem}.request.xml", "response": f"{stem}.response.xml"})
    lines = ",\n".join("  " + json.dumps(e) for e in entries)
    with open(os.path.join(folder, "index.json"), "w", encoding="utf-8", newline="\n") as f:
        f.write(f"[\n{lines}\n]\n")


def main(argv):
    parser = argparse.ArgumentParser(description="Write the simple-types envelopes.")
    parser.add_argument("--catalog-samples", help="write the first case here as the catalog sample")
    parser.add_argument("--requests", help="write every case here as a request sequence")
    args = parser.parse_args(argv)
    try:
        cases = load_cases()
        if args.catalog_samples:
            write_samples(args.catalog_samples, cases[:1])
        if args.requests:
            write_samples(args.requests, cases)
    except KeyError as e:
        print(f"error: {CASES}: a case has no value for {e}", file=sys.stderr)
        return 1
    except ValueError as e:
        print(f"error: {CASES}: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"error: cannot write {e.filename}: {e.strerror}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
