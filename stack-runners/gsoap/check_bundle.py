#!/usr/bin/env python3
"""Checks a WSDL bundle before wsdl2h sees it.

wsdl2h reports malformed XML without a line number and follows any import it
is given, so this walks the documents reachable from the entry WSDL first:
every document must be well-formed, every import must stay inside the bundle,
and every SOAP binding must use a style this runner serves.

Usage: check_bundle.py BUNDLE_DIR ENTRY
Exit 0 when the bundle is fine; otherwise exit 1 with one line on stderr that
starts with `error: ` or `unsupported: `.

       check_bundle.py --security-policy BUNDLE_DIR ENTRY
prints where the bundle first states a WS-Security policy or WS-Security element
(FILE:LINE, FILE relative to the bundle), for a refusal's reason; exit 1 when it
has none.
"""
import os
import sys
import xml.parsers.expat
from urllib.parse import urlparse

import xml_walk

WSDL11 = "http://schemas.xmlsoap.org/wsdl/"
WSDL20 = "http://www.w3.org/ns/wsdl"
XSD = "http://www.w3.org/2001/XMLSchema"
SOAP_BINDINGS = {
    "http://schemas.xmlsoap.org/wsdl/soap/": "SOAP 1.1",
    "http://schemas.xmlsoap.org/wsdl/soap12/": "SOAP 1.2",
}
IMPORTS = {
    (WSDL11, "import"): "location",
    (XSD, "import"): "schemaLocation",
    (XSD, "include"): "schemaLocation",
    (XSD, "redefine"): "schemaLocation",
}
SERVED_STYLES = {("document", "literal"), ("rpc", "literal"), ("rpc", "encoded")}
# What makes wsdl2h import wsse.h: WS-SecurityPolicy assertions, or WS-Security's own elements.
SECURITY_NAMESPACES = (
    "http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200702",
    "http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200512",
    "http://schemas.xmlsoap.org/ws/2005/07/securitypolicy",
    "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd",
)


class BundleProblem(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


class Element:
    def __init__(self, uri, name, attrs, line, parent):
        self.uri, self.name, self.attrs, self.line = uri, name, attrs, line
        self.children = []
        if parent is not None:
            parent.children.append(self)

    def find(self, uri, name):
        return [c for c in self.children if c.uri == uri and c.name == name]

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


def parse(path, shown_name):
    stack, root = [], []

    def start(walk, element, attrs):
        uri, name = element
        parent = stack[-1] if stack else None
        node = Element(uri, name, attrs, walk.line, parent)
        if parent is None:
            root.append(node)
        stack.append(node)

    def end(_walk, _element):
        stack.pop()

    try:
        xml_walk.walk(path, start, end)
    except xml.parsers.expat.ExpatError as e:
        raise BundleProblem("error", f"{shown_name}:{e.lineno}:{e.offset + 1}: malformed XML: "
                            f"{xml.parsers.expat.ErrorString(e.code)}") from None
    except OSError as e:
        raise BundleProblem("error", f"cannot read {shown_name}: {e.strerror}") from None
    return root[0]


def resolve(bundle, current, location, where):
    parsed = urlparse(location)
    if parsed.scheme or location.startswith("/"):
        raise BundleProblem("error", f"import of {location} is outside the bundle (only relative "
                            f"paths are resolved), in {where}")
    target = os.path.normpath(os.path.join(os.path.dirname(current), parsed.path))
    if target != bundle and not target.startswith(bundle + os.sep):
        raise BundleProblem("error", f"import of {location} leaves the bundle, in {where}")
    if not os.path.isfile(target):
        raise BundleProblem("error", f"imported file {location} is not in the bundle, in {where}")
    return target


def read_bundle(bundle, entry):
    """Returns {relative path: root Element} for every document reachable from entry."""
    bundle = os.path.realpath(bundle)
    entry_path = os.path.normpath(os.path.join(bundle, entry))
    if not entry_path.startswith(bundle + os.sep) or not os.path.isfile(entry_path):
        raise BundleProblem("error", f"entry WSDL {entry} is not a file inside the bundle")
    pending = [entry_path]
    documents = {}
    while pending:
        path = pending.pop()
        name = os.path.relpath(path, bundle)
        if name in documents:
            continue
        root = parse(path, name)
        documents[name] = root
        for element in root.walk():
            attribute = IMPORTS.get((element.uri, element.name))
            location = element.attrs.get(attribute) if attribute else None
            if location:
                pending.append(resolve(bundle, path, location, f"{name}:{element.line}"))
    return documents


def check_bindings(documents, entry):
    soap_bindings = 0
    for name, root in documents.items():
        if root.uri == WSDL20:
            raise BundleProblem("unsupported", f"WSDL 2.0 description, in {name}:{root.line}")
        if root.uri != WSDL11 or root.name != "definitions":
            continue
        for binding in root.find(WSDL11, "binding"):
            check_binding(binding, f"{name}")
            soap_bindings += any(c.uri in SOAP_BINDINGS for c in binding.children)
    if soap_bindings == 0:
        raise BundleProblem("unsupported", f"no SOAP 1.1 or 1.2 binding, in {entry}")


def check_binding(binding, file_name):
    soap = [c for c in binding.children if c.uri in SOAP_BINDINGS and c.name == "binding"]
    if not soap:
        return
    binding_style = soap[0].attrs.get("style", "document")
    binding_name = binding.attrs.get("name", "?")
    for operation in binding.find(WSDL11, "operation"):
        style = binding_style
        for child in operation.children:
            if child.uri in SOAP_BINDINGS and child.name == "operation":
                style = child.attrs.get("style", style)
        for direction in ("input", "output", "fault"):
            for message in operation.find(WSDL11, direction):
                for body in message.children:
                    if body.uri in SOAP_BINDINGS and body.name in ("body", "fault"):
                        use = body.attrs.get("use", "literal")
                        if (style, use) not in SERVED_STYLES:
                            raise BundleProblem("unsupported", f"{style}/{use} binding {binding_name}, "
                                                f"in {file_name}:{body.line}")


def security_policy(documents, entry):
    """FILE:LINE of the first WS-Security policy assertion or element, the entry WSDL first."""
    names = sorted(documents, key=lambda name: (os.path.normpath(name) != os.path.normpath(entry), name))
    for name in names:
        for element in documents[name].walk():
            if element.uri in SECURITY_NAMESPACES:
                return f"{name}:{element.line}"
    return None


def main(argv):
    if len(argv) == 4 and argv[1] == "--security-policy":
        try:
            place = security_policy(read_bundle(argv[2], argv[3]), argv[3])
        except BundleProblem:
            place = None
        if place:
            print(place)
        return 0 if place else 1
    if len(argv) != 3:
        print("error: usage: check_bundle.py BUNDLE_DIR ENTRY", file=sys.stderr)
        return 2
    bundle, entry = argv[1], argv[2]
    try:
        documents = read_bundle(bundle, entry)
        check_bindings(documents, entry)
    except BundleProblem as problem:
        print(f"{problem.kind}: {problem}", file=sys.stderr)
        return 1
    print(f"bundle checked: {len(documents)} document(s) reachable from {entry}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
