#!/usr/bin/env python3
"""States which parts a soap:body carries when soap:header binds others of its message, in the
build's copy of the bundle.

A binding may bind some parts of an operation's input (or output) message as SOAP headers
(`<soap:header message="tns:In" part="auth"/>`) and leave `parts` off the soap:body. JAX-WS,
CXF and the backend's samples read that as: the header-bound parts go in the Header, the
others in the Body. wsdl2h reads the absent attribute literally and puts every part of the
message in the Body too, so a request whose Body holds only the body part reaches no method
("method name or namespace not recognized"). So the copy wsdl2h reads gets
parts="<the message's other parts>" on every soap:body (input and output, SOAP 1.1 and 1.2,
document and rpc) that has no parts attribute and whose own binding operation direction binds a
part of the same message as a header: the same wire contract the samples and the other stacks
use. A soap:body whose direction binds no part of its own message as a header is left alone,
and so is one inside a MIME part. The attribute is inserted into the start tag in place, so
every line of the file keeps its number.

Usage: header_body_parts.py BUNDLE_COPY ENTRY
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
DIRECTIONS = ("input", "output")


class Document:
    """What one WSDL document declares: its messages' parts, its port types' operations'
    messages, and its bindings' soap:body start tags and soap:header parts."""

    def __init__(self):
        self.target_namespace = ""
        self.messages = {}      # name -> [part name]
        self.port_types = {}    # name -> [(operation name, {direction: (message QName, its name)})]
        self.bindings = []      # [(type QName, [BoundOperation])]


class BoundOperation:
    def __init__(self, name):
        self.name = name
        # direction -> {"name": ..., "body": (byte offset, line, has parts) or None,
        #               "headers": [(message QName, part name)]}
        self.directions = {}


def read_document(path):
    document = Document()
    current = {"message": None, "port_operation": None, "operation": None, "direction": None}

    def start(walk, element, attrs):
        uri, name = element
        parent, grandparent = walk.ancestor(1), walk.ancestor(2)
        if element == (WSDL11, "definitions") and parent is None:
            document.target_namespace = attrs.get("targetNamespace", "")
        elif element == (WSDL11, "message") and parent == (WSDL11, "definitions"):
            current["message"] = document.messages.setdefault(attrs.get("name", ""), [])
        elif element == (WSDL11, "part") and parent == (WSDL11, "message"):
            current["message"].append(attrs.get("name", ""))
        elif element == (WSDL11, "portType") and parent == (WSDL11, "definitions"):
            current["port_type"] = document.port_types.setdefault(attrs.get("name", ""), [])
        elif element == (WSDL11, "operation") and parent == (WSDL11, "portType"):
            current["port_operation"] = {}
            current["port_type"].append((attrs.get("name", ""), current["port_operation"]))
        elif name in DIRECTIONS and uri == WSDL11 and parent == (WSDL11, "operation") \
                and grandparent == (WSDL11, "portType"):
            current["port_operation"][name] = (walk.qname(attrs.get("message")), attrs.get("name"))
        elif element == (WSDL11, "binding") and parent == (WSDL11, "definitions"):
            document.bindings.append((walk.qname(attrs.get("type")), []))
        elif element == (WSDL11, "operation") and parent == (WSDL11, "binding"):
            current["operation"] = BoundOperation(attrs.get("name", ""))
            document.bindings[-1][1].append(current["operation"])
        elif name in DIRECTIONS and uri == WSDL11 and parent == (WSDL11, "operation") \
                and grandparent == (WSDL11, "binding"):
            current["direction"] = current["operation"].directions.setdefault(
                name, {"name": attrs.get("name"), "body": None, "headers": []})
        elif uri in SOAP_BINDINGS and parent in ((WSDL11, "input"), (WSDL11, "output")) \
                and walk.ancestor(3) == (WSDL11, "binding"):
            if name == "body" and current["direction"]["body"] is None:
                current["direction"]["body"] = (walk.byte_index, walk.line, "parts" in attrs)
            elif name == "header" and attrs.get("message") and attrs.get("part"):
                current["direction"]["headers"].append((walk.qname(attrs["message"]), attrs["part"]))

    xml_walk.walk(path, start)
    return document


def port_operation(operations, bound, direction_names):
    """The port type operation a binding operation binds: by name, and by its input and output
    names when the port type overloads the name."""
    named = [messages for name, messages in operations if name == bound.name]
    if len(named) > 1:
        named = [m for m in named
                 if all(direction_names.get(d) in (None, m.get(d, (None, None))[1]) for d in DIRECTIONS)] or named
    return named[0] if named else None


def body_parts(documents):
    """{document name: [(byte offset, line, [part names])]} for each soap:body to state."""
    messages, port_types = {}, {}
    for document in documents.values():
        for name, parts in document.messages.items():
            messages.setdefault((document.target_namespace, name), parts)
        for name, operations in document.port_types.items():
            port_types.setdefault((document.target_namespace, name), operations)
    found = {}
    for file_name, document in documents.items():
        for port_type, operations in document.bindings:
            for bound in operations:
                direction_names = {d: v["name"] for d, v in bound.directions.items()}
                declared = port_operation(port_types.get(port_type, []), bound, direction_names)
                if declared is None:
                    continue
                for direction, binding in bound.directions.items():
                    body = binding["body"]
                    message = declared.get(direction, (None, None))[0]
                    if body is None or body[2] or message not in messages:
                        continue
                    in_headers = {part for header_message, part in binding["headers"] if header_message == message}
                    if not in_headers:
                        continue
                    parts = [part for part in messages[message] if part not in in_headers]
                    found.setdefault(file_name, []).append((body[0], body[1], parts))
    return found


def main(argv):
    if len(argv) != 3:
        print("error: usage: header_body_parts.py BUNDLE_COPY ENTRY", file=sys.stderr)
        return 2
    bundle, entry = os.path.realpath(argv[1]), argv[2]
    try:
        names = check_bundle.read_bundle(bundle, entry)
    except check_bundle.BundleProblem as problem:
        print(f"{problem.kind}: {problem}", file=sys.stderr)
        return 1
    documents = {name: read_document(os.path.join(bundle, name)) for name in sorted(names)}
    for name, found in sorted(body_parts(documents).items()):
        attributes = {offset: " parts=" + quoteattr(" ".join(parts)) for offset, _, parts in found}
        if not xml_walk.insert_attributes(os.path.join(bundle, name), attributes):
            print(f"unsupported: soap:body without a parts attribute beside a soap:header of its own message "
                  f"in a UTF-16 document (wsdl2h needs the body's parts stated), in {name}:{found[0][1]}",
                  file=sys.stderr)
            return 1
        stated = "; ".join(f"line {line}: parts=\"{' '.join(parts)}\"" for _, line, parts in found)
        print(f"{name}: soap:body without parts beside a soap:header of its own message, "
              f"the other parts stated for wsdl2h ({stated})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
