#!/usr/bin/env python3
"""Compares the SOAP Body payloads of two envelopes the way the contract's verification does.

Element names and namespaces, attributes and trimmed text must match; namespace prefixes and
xsi:type are ignored, numbers compare as numbers and date-times as instants.
Usage: compare_payload.py EXPECTED ACTUAL  (exit 0 when equal, else prints the first difference)
"""
import sys
import xml.etree.ElementTree as ET
from datetime import datetime
from decimal import Decimal, InvalidOperation

SOAP_NAMESPACES = ("http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope")
XSI_TYPE = "{http://www.w3.org/2001/XMLSchema-instance}type"


def body_payload(path):
    root = ET.parse(path).getroot()
    for ns in SOAP_NAMESPACES:
        body = root.find(f"{{{ns}}}Body")
        if body is not None:
            return list(body)
    raise ValueError(f"{path}: no SOAP Body")


def same_value(a, b):
    a, b = (a or "").strip(), (b or "").strip()
    if a == b:
        return True
    try:
        return Decimal(a) == Decimal(b)
    except InvalidOperation:
        pass
    try:
        return datetime.fromisoformat(a.replace("Z", "+00:00")) == datetime.fromisoformat(b.replace("Z", "+00:00"))
    except ValueError:
        return False


def difference(expected, actual, path):
    if expected.tag != actual.tag:
        return f"{path}: element {actual.tag}, expected {expected.tag}"
    here = f"{path}/{expected.tag}"
    attrs_e = {k: v for k, v in expected.attrib.items() if k != XSI_TYPE}
    attrs_a = {k: v for k, v in actual.attrib.items() if k != XSI_TYPE}
    if attrs_e.keys() != attrs_a.keys() or any(not same_value(v, attrs_a[k]) for k, v in attrs_e.items()):
        return f"{here}: attributes {attrs_a}, expected {attrs_e}"
    if len(expected) == 0 and len(actual) == 0 and not same_value(expected.text, actual.text):
        return f"{here}: text {actual.text!r}, expected {expected.text!r}"
    return list_difference(list(expected), list(actual), here)


def list_difference(expected, actual, path):
    if len(expected) != len(actual):
        return f"{path}: {len(actual)} child elements, expected {len(expected)}"
    for e, a in zip(expected, actual):
        found = difference(e, a, path)
        if found:
            return found
    return None


def main():
    found = list_difference(body_payload(sys.argv[1]), body_payload(sys.argv[2]), "Body")
    if found:
        print(found)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
