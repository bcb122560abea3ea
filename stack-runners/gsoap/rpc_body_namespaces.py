#!/usr/bin/env python3
"""States the rpc wrapper namespace the WSDL leaves unstated, in the build's copy of the bundle.

An rpc operation's Body wrapper is in the namespace its soap:body names. WSDL 1.1 does not make
that attribute required (only WS-I BP R2717 does), and JAX-WS, CXF and the backend's samples take
the entry WSDL's targetNamespace when it is absent. wsdl2h instead prints "Error: no soap:body
namespace attribute" and leaves the operation out, and a WSDL of only such operations ends in
soapcpp2 making no service class at all. So the copy wsdl2h reads gets namespace="<the entry's
targetNamespace>" on every rpc soap:body (input and output, SOAP 1.1 and 1.2) that has none: the
same wire contract the samples and the other stacks use. The attribute is inserted into the start
tag in place, so every line of the file keeps its number.

Usage: rpc_body_namespaces.py BUNDLE_COPY ENTRY
Prints one line per file rewritten. Exit 1 with one last stderr line `unsupported: ...` when a
file that needs it is not UTF-8 (the insertion is done on bytes).
"""
import os
import sys
from xml.sax.saxutils import quoteattr

import check_bundle
import xml_walk

WSDL11 = check_bundle.WSDL11
SOAP_BINDINGS = tuple(check_bundle.SOAP_BINDINGS)


def missing_namespaces(path):
    """(byte offset, line) of the start tags of rpc soap:body elements without a namespace
    attribute."""
    found = []
    state = {"binding_style": None, "operation_style": None}

    def start(walk, element, attrs):
        uri, name = element
        parent = walk.ancestor(1)
        if element == (WSDL11, "binding"):
            state["binding_style"] = "document"
        elif element == (WSDL11, "operation") and parent == (WSDL11, "binding"):
            state["operation_style"] = None
        elif uri in SOAP_BINDINGS and name == "binding" and parent == (WSDL11, "binding"):
            state["binding_style"] = attrs.get("style", "document")
        elif uri in SOAP_BINDINGS and name == "operation" and parent == (WSDL11, "operation"):
            state["operation_style"] = attrs.get("style")
        elif (uri in SOAP_BINDINGS and name == "body" and parent in ((WSDL11, "input"), (WSDL11, "output"))
              and walk.ancestor(3) == (WSDL11, "binding")):
            style = state["operation_style"] or state["binding_style"]
            if style == "rpc" and not attrs.get("namespace"):
                found.append((walk.byte_index, walk.line))

    xml_walk.walk(path, start)
    return found


def main(argv):
    if len(argv) != 3:
        print("error: usage: rpc_body_namespaces.py BUNDLE_COPY ENTRY", file=sys.stderr)
        return 2
    bundle, entry = os.path.realpath(argv[1]), argv[2]
    try:
        documents = check_bundle.read_bundle(bundle, entry)
    except check_bundle.BundleProblem as problem:
        print(f"{problem.kind}: {problem}", file=sys.stderr)
        return 1
    namespace = documents[os.path.normpath(entry)].attrs.get("targetNamespace", "")
    for name in sorted(documents):
        path = os.path.join(bundle, name)
        found = missing_namespaces(path)
        if not found:
            continue
        if not namespace:
            print(f"unsupported: rpc soap:body without a namespace attribute in a WSDL without a targetNamespace "
                  f"(wsdl2h needs the rpc wrapper's namespace), in {name}:{found[0][1]}", file=sys.stderr)
            return 1
        attributes = {offset: " namespace=" + quoteattr(namespace) for offset, _ in found}
        if not xml_walk.insert_attributes(path, attributes):
            print(f"unsupported: rpc soap:body without a namespace attribute in a UTF-16 document (wsdl2h needs "
                  f"the rpc wrapper's namespace stated), in {name}:{found[0][1]}", file=sys.stderr)
            return 1
        lines = ", ".join(str(line) for _, line in found)
        print(f"{name}: rpc soap:body without namespace at line(s) {lines}: the entry's targetNamespace "
              f"{namespace} stated for wsdl2h")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
