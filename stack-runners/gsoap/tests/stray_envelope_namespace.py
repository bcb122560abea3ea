#!/usr/bin/env python3
"""A request whose Header or Body declares the other SOAP version's envelope namespace (unused, as
Metro's UsernameToken declares SOAP 1.2's in a SOAP 1.1 request) is answered in the request's own
version: its envelope namespace and its Content-Type (server/envelope_version.h).
Usage: stray_envelope_namespace.py URL SAMPLE_REQUEST SOAP_ACTION
Prints one PASS or FAIL line per placement; exits 1 when any failed."""
import sys
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET

SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/"
SOAP12 = "http://www.w3.org/2003/05/soap-envelope"


def envelope_namespace(text):
    return ET.fromstring(text).tag[1:].split("}")[0]


def placements(request, other):
    """The sample with the other version's namespace declared in a Header block, and on the
    payload (the Body's first element)."""
    root = ET.fromstring(request)
    ns = root.tag[1:].split("}")[0]
    body = root.find(f"{{{ns}}}Body")
    payload = list(body)[0]
    prefix_end = request.index(">", request.index("Body")) + 1
    header = (f'<soapenv_h:Header xmlns:soapenv_h="{ns}"><x:note xmlns:x="urn:soapbench:test:note" '
              f'xmlns:stray="{other}">n</x:note></soapenv_h:Header>')
    body_start = request.rfind("<", 0, request.index("Body"))
    yield "in a Header block", request[:body_start] + header + request[body_start:]
    local = payload.tag.split("}")[1]
    at = request.index(local, prefix_end)
    end = request.index(">", at)
    closing = end - 1 if request[end - 1] == "/" else end
    yield "on the payload", request[:closing] + f' xmlns:stray="{other}"' + request[closing:]


def main(url, sample, action):
    request = open(sample, encoding="utf-8").read()
    own = envelope_namespace(request)
    other = SOAP12 if own == SOAP11 else SOAP11
    content_type = "text/xml; charset=utf-8" if own == SOAP11 else f'application/soap+xml; charset=utf-8; action="{action}"'
    want_type = "text/xml" if own == SOAP11 else "application/soap+xml"
    failed = 0
    for where, body in placements(request, other):
        headers = {"Content-Type": content_type}
        if own == SOAP11:
            headers["SOAPAction"] = f'"{action}"'
        try:
            with urllib.request.urlopen(urllib.request.Request(url, body.encode(), headers), timeout=30) as r:
                status, answer, answer_type = r.status, r.read().decode(), r.headers.get("Content-Type", "")
        except urllib.error.HTTPError as e:
            status, answer, answer_type = e.code, e.read().decode(), e.headers.get("Content-Type", "")
        try:
            answered = envelope_namespace(answer)
        except ET.ParseError as e:
            answered = f"unreadable ({e})"
        if status == 200 and answered == own and answer_type.startswith(want_type):
            print(f"PASS the other version's namespace declared {where}: answered {status} in {own}, {want_type}")
        else:
            print(f"FAIL the other version's namespace declared {where}: answered {status} in {answered}, {answer_type}")
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
