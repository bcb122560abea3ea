#!/usr/bin/env python3
"""Binds wsdl2h's xmime prefixes in svc.h to the xmlmime namespace the bundle's schemas use.

wsdl2h takes the xmlmime namespaces as built in: a reference to xmime:contentType (or another
xmlmime declaration) becomes a member named xmime__contentType (xmime4__ for the 2004/11
namespace), but svc.h gets no `//gsoap xmime schema namespace:` line for the prefix, so soapcpp2
binds it to http://tempuri.org/xmime.xsd. gSOAP then reads no xmime:contentType of a message
(the attribute is dropped) and would write one in the wrong namespace. This appends the missing
declaration, with the namespace the bundle's schemas refer to (a QName in ref, type, base or
itemType). wsdl2h gives the 2004/06 and 2005/05 namespaces the same prefix; a bundle that refers
to both is refused, naming the second reference.

Usage: xmime_namespaces.py SVC_H BUNDLE ENTRY   (appends to SVC_H; prints what it declared)
"""
import os
import sys
import xml.parsers.expat

import check_bundle
import xml_walk

XSD = "http://www.w3.org/2001/XMLSchema"
QNAME_ATTRIBUTES = ("ref", "type", "base", "itemType")
# wsdl2h's prefix for each xmlmime namespace (its built-in 2005/05 one, typemap.dat's others)
PREFIXES = {
    "http://www.w3.org/2005/05/xmlmime": "xmime",
    "http://www.w3.org/2004/06/xmlmime": "xmime",
    "http://www.w3.org/2004/11/xmlmime": "xmime4",
}


def referenced_namespaces(bundle, entry):
    """{xmlmime namespace: "file:line" of its first reference} over the documents entry reaches."""
    found = {}
    for name in sorted(check_bundle.read_bundle(bundle, entry)):
        def start(walk, element, attrs, name=name):
            if element[0] != XSD:
                return
            for attribute in QNAME_ATTRIBUTES:
                uri, _ = walk.qname(attrs.get(attribute)) if attrs.get(attribute) else ("", "")
                if uri in PREFIXES and uri not in found:
                    found[uri] = f"{name}:{walk.line}"
        xml_walk.walk(os.path.join(bundle, name), start)
    return found


def declarations(header, found):
    """The `//gsoap P schema namespace:` lines svc.h lacks for the prefixes it uses, or raises
    BundleProblem when two namespaces of the bundle would need one prefix."""
    lines, chosen = [], {}
    for uri, where in found.items():
        prefix = PREFIXES[uri]
        if prefix in chosen:
            first = chosen[prefix]
            raise check_bundle.BundleProblem(
                "unsupported", f"xmlmime namespace {uri}, in {where}, beside {first[0]} (in {first[1]}):"
                f" wsdl2h names both with the prefix {prefix}, so gSOAP can keep only one of them")
        chosen[prefix] = (uri, where)
    for prefix, (uri, _) in sorted(chosen.items()):
        declared = f"//gsoap {prefix} schema namespace:"
        if f"{prefix}__" in header and declared not in header:
            lines.append(f"{declared}\t{uri}")
    return lines


def main(svc_h, bundle, entry):
    try:
        found = referenced_namespaces(bundle, entry)
        with open(svc_h, encoding="utf-8") as f:
            header = f.read()
        lines = declarations(header, found)
    except check_bundle.BundleProblem as problem:
        print(f"{problem.kind}: {problem}", file=sys.stderr)
        return 1
    except (OSError, xml.parsers.expat.ExpatError) as e:
        print(f"error: cannot read the bundle for its xmlmime namespaces: {e}", file=sys.stderr)
        return 1
    if lines:
        with open(svc_h, "a", encoding="utf-8") as f:
            f.write("\n// xmlmime namespaces wsdl2h uses but does not declare (xmime_namespaces.py)\n")
            f.write("\n".join(lines) + "\n")
        for line in lines:
            print(f"== svc.h: {line.split(None, 1)[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
