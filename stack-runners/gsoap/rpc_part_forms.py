#!/usr/bin/env python3
"""Keeps the parts of rpc/literal operations unqualified in wsdl2h's header.

The part accessors of an rpc/literal message (the children of the operation's wrapper element)
are unqualified (WSDL 1.1 section 3.5, WS-I BP R2735). wsdl2h names them as plain members of the
wrapper's namespace prefix, so soapcpp2 qualifies them whenever a schema of that same namespace
says elementFormDefault="qualified": gSOAP then writes <ns1:out> where every other stack and the
samples have <out>, and reads none of the samples' parts. soapcpp2's own notation for an
unqualified member of a qualified schema is a leading colon (wsdl2h writes `:name` for
form="unqualified"), so this gives that colon to the plain-named input parameters and response
struct members of every rpc/literal operation whose prefix is qualified. Parts declared by
element are named prefix__name and keep their element's namespace.

Usage: rpc_part_forms.py SVC_H       (rewrites SVC_H in place, prints what it changed)
"""
import re
import sys

QUALIFIED = re.compile(r"^//gsoap (\w+)\s+schema elementForm:\s+qualified\s*$", re.M)
METHOD = re.compile(r"^//gsoap (\w+)\s+service method-(style|encoding):\s+(\S+)\s+(\S+)\s*$", re.M)
# A parameter or member line: type, then a plain name (no prefix__), then , ; or the end of the list.
PLAIN_NAME = re.compile(r"^(\s+\S.*?[\s*&])([A-Za-z_][A-Za-z0-9_]*)(\s*[,;])?(\s*///.*)?$")
RESPONSE_STRUCT = re.compile(r"^\s+struct (\w+)\s*&")


def unqualify(line):
    """line with its plain member or parameter name given soapcpp2's unqualified colon."""
    match = None if line.lstrip().startswith("//") else PLAIN_NAME.match(line)
    if not match or "__" in match.group(2) or match.group(1).rstrip().endswith(":"):
        return line
    return match.group(1) + ":" + match.group(2) + (match.group(3) or "") + (match.group(4) or "")


def block(lines, start_pattern, end):
    """Indices of the lines between the line matching start_pattern and the next line equal to end."""
    for i, line in enumerate(lines):
        if re.match(start_pattern, line):
            for j in range(i + 1, len(lines)):
                if lines[j].strip() == end:
                    return range(i + 1, j)
    return range(0)


def rewrite(text):
    qualified = set(QUALIFIED.findall(text))
    styles, encodings = {}, {}
    for prefix, kind, operation, value in METHOD.findall(text):
        (styles if kind == "style" else encodings)[(prefix, operation)] = value
    lines = text.split("\n")
    changed = []
    for (prefix, operation), style in styles.items():
        if style != "rpc" or encodings.get((prefix, operation), "literal") != "literal" or prefix not in qualified:
            continue
        function = f"{prefix}__{operation}"
        before = list(lines)
        response = None
        for i in block(lines, rf"^int {re.escape(function)}\($", ");"):
            struct = RESPONSE_STRUCT.match(lines[i])
            if struct:
                response = struct.group(1)
                continue
            lines[i] = unqualify(lines[i])
        if response:
            for i in block(lines, rf"^struct {re.escape(response)}$", "};"):
                if lines[i].strip() != "{":
                    lines[i] = unqualify(lines[i])
        if lines != before:
            changed.append(operation)
    return "\n".join(lines), changed


def main(argv):
    if len(argv) != 2:
        print("error: usage: rpc_part_forms.py SVC_H", file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        text = f.read()
    rewritten, changed = rewrite(text)
    if rewritten != text:
        with open(argv[1], "w", encoding="utf-8") as f:
            f.write(rewritten)
        print(f"rpc/literal parts kept unqualified in a qualified namespace: {', '.join(changed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
