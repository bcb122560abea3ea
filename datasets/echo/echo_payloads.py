#!/usr/bin/env python3
"""Echo messages of the four sizes of the 2010 WSO2 test: 150 B, 1 KB, 10 KB and 100 KB.

Usage: echo_payloads.py --out DIR [--sizes 150b,1kb,...]

Writes DIR/<size>/ in the runner contract's samples layout (index.json, echo.request.xml,
echo.response.xml). The size is that of the request's SOAP Body payload, the `echo` element as
written, in UTF-8 bytes: a whole envelope cannot be as small as the article's 150 bytes. As in the
article, only the text of the one `text` element changes between sizes. The response carries the
same text, so its payload is 16 bytes longer (`echoResponse` instead of `echo`, twice).
"""
import argparse
import json
import os
import sys

SIZES = {"150b": 150, "1kb": 1024, "10kb": 10 * 1024, "100kb": 100 * 1024}
SOAP_ACTION = "urn:soapbench:echo:echo"
FILLER = "SOAPBench echo: the quick brown fox jumps over the lazy dog, 0123456789 times over. "

_ENVELOPE = ('<?xml version="1.0" encoding="UTF-8"?>\n'
             '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">\n'
             '  <soapenv:Body>\n    {payload}\n  </soapenv:Body>\n</soapenv:Envelope>\n')
_PAYLOAD = '<e:{element} xmlns:e="urn:soapbench:echo"><e:text>{text}</e:text></e:{element}>'


def payload(element, text):
    return _PAYLOAD.format(element=element, text=text)


def envelope(element, text):
    return _ENVELOPE.format(payload=payload(element, text))


def text_for(size):
    """Filler text that makes the request payload exactly `size` bytes."""
    length = size - len(payload("echo", "").encode("utf-8"))
    if length < 1:
        raise ValueError(f"{size} bytes is too small for an echo envelope")
    return (FILLER * (length // len(FILLER) + 1))[:length]


def write(folder, size):
    os.makedirs(folder, exist_ok=True)
    text = text_for(size)
    for name, element in (("echo.request.xml", "echo"), ("echo.response.xml", "echoResponse")):
        with open(os.path.join(folder, name), "w", encoding="utf-8", newline="") as f:
            f.write(envelope(element, text))
    entry = {"operation": "echo", "soapAction": SOAP_ACTION, "soapVersion": "1.1", "oneWay": False,
             "request": "echo.request.xml", "response": "echo.response.xml", "payloadBytes": size}
    with open(os.path.join(folder, "index.json"), "w", encoding="utf-8", newline="\n") as f:
        f.write("[\n  " + json.dumps(entry) + "\n]\n")


def main(argv):
    parser = argparse.ArgumentParser(description="Write the echo messages of the WSO2 sizes.")
    parser.add_argument("--out", required=True, help="output folder (created if missing)")
    parser.add_argument("--sizes", default=",".join(SIZES), help=f"comma-separated, of {', '.join(SIZES)}")
    args = parser.parse_args(argv)
    names = [s.strip() for s in args.sizes.split(",") if s.strip()]
    unknown = [s for s in names if s not in SIZES]
    if unknown:
        print(f"error: --sizes: unknown size {unknown[0]!r}; known: {', '.join(SIZES)}", file=sys.stderr)
        return 2
    try:
        for name in names:
            write(os.path.join(args.out, name), SIZES[name])
    except OSError as e:
        print(f"error: cannot write {e.filename}: {e.strerror}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
