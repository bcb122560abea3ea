#!/usr/bin/env python3
"""Refuses a WSDL bundle whose names, URIs or literals could become code in a generated server.

Every runner's `build` calls this before any code generator runs. Code generators write names,
namespaces, SOAP actions, enumeration values and documentation of the WSDL into Java and C++
source (WSDLToJava puts soapAction into `@WebMethod(action = "...")`, soapcpp2 into
`soap_action = "...";`), and none of them escapes every value for its target language, so a value
that could close a string literal or a comment is refused here, whatever the backend let through.
The rules are those of docs/runner-contract.md, "Values a runner may trust"; the backend applies
the same rules at submission.

The bundle is read with expat: no DOCTYPE (so no entities), nothing fetched. A URL a generator
could dereference (a remote or absolute import, a policy reference other than `#fragment`,
xml:base) is refused too, and so is a file name that a tool could take for an option.

Usage: safe_values.py --bundle DIR --entry FILE [--samples DIR]
Exit 0 when every value is safe; otherwise exit 1 with one stderr line
`error: unsafe value: <file>:<line>: <attribute> "<value>" <why>`.
"""
import argparse
import json
import os
import re
import stat
import sys
import xml.parsers.expat

WSDL11 = "http://schemas.xmlsoap.org/wsdl/"
XSD = "http://www.w3.org/2001/XMLSchema"
SOAP_BINDINGS = ("http://schemas.xmlsoap.org/wsdl/soap/", "http://schemas.xmlsoap.org/wsdl/soap12/")
DESCRIPTION_NAMESPACES = (WSDL11, XSD, "http://www.w3.org/ns/wsdl") + SOAP_BINDINGS
XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace"
# JAX-WS and JAXB customisations inside a WSDL name Java classes, methods and conversion code
# (jaxb:javaType/@parseMethod is a Java expression): no user chooses code.
CUSTOMISATION_NAMESPACES = (
    "http://java.sun.com/xml/ns/jaxws", "https://jakarta.ee/xml/ns/jaxws",
    "http://java.sun.com/xml/ns/jaxb", "https://jakarta.ee/xml/ns/jaxb",
    "http://java.sun.com/xml/ns/jaxb/xjc", "http://jaxb.dev.java.net/plugin/code-injector",
)

NAME_MAX = 255
URI_MAX = 2048
LITERAL_MAX = 1024
DOCUMENTATION_MAX = 65536

# XML 1.0 (fifth edition) NameStartChar and NameChar, without the colon: an NCName.
_START = ("A-Z_a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c-\u200d"
          "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\U00010000-\U000effff")
_CHAR = _START + "\\-.0-9\u00b7\u0300-\u036f\u203f-\u2040"
NCNAME = re.compile(f"[{_START}][{_CHAR}]*\\Z")
# RFC 3986's characters, less the apostrophe, which would close a quoted literal; a percent
# sign only as a percent-encoding.
URI = re.compile(r"(?:[A-Za-z0-9\-._~:/?#\[\]@!$&()*+,;=]|%[0-9A-Fa-f]{2})*\Z")
SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
FILE_SEGMENT = re.compile(r"[A-Za-z0-9._][A-Za-z0-9._\-]*\Z")
# Control characters, and the bidirectional overrides that make source read other than it compiles.
CONTROL = re.compile("[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
TEXT_CONTROL = re.compile("[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
# ??/ is a backslash to a C++ compiler in strict mode (gSOAP builds with -std=c++11).
TRIGRAPH = re.compile(r"\?\?[=/'()!<>\-]")
# The escapes an XML Schema regular expression may use; any other backslash (\u above all, a
# Unicode escape to javac) is refused.
PATTERN_ESCAPE = re.compile(r"\\(?:[nrt\\|.?*+(){}\-\[\]^sSiIcCdDwW]|[pP]\{)")

QNAME_ATTRIBUTES = {"type", "element", "ref", "base", "itemType", "substitutionGroup", "refer", "message", "binding"}
QNAME_LIST_ATTRIBUTES = {"memberTypes"}
NAME_LIST_ATTRIBUTES = {"parts"}
NAME_ATTRIBUTES = {"name", "part"}
URI_ATTRIBUTES = {"targetNamespace", "soapAction", "transport", "source", "location"}
URI_LIST_ATTRIBUTES = {"encodingStyle"}
IMPORT_LOCATIONS = {(WSDL11, "import"): "location", (XSD, "import"): "schemaLocation",
                    (XSD, "include"): "schemaLocation", (XSD, "redefine"): "schemaLocation",
                    (XSD, "override"): "schemaLocation"}
XML_FILE = re.compile(r".*\.(?:wsdl|xsd|xml)\Z", re.I)


class Unsafe(Exception):
    pass


class Unreadable(Exception):
    """A bundle that cannot be checked at all: malformed XML, a missing entry."""


def shown(value):
    """The value as the refusal prints it: quoted, escaped, ASCII, cut to 80 characters."""
    text = json.dumps(value[:80])
    return text[:-1] + '..."' if len(value) > 80 else text


def refuse(where, what, value, why):
    raise Unsafe(f"{where}: {what} {shown(value)} {why}")


def common(where, what, value, limit):
    if len(value) > limit:
        refuse(where, what, value, f"is longer than {limit} characters")
    if CONTROL.search(value):
        refuse(where, what, value, "holds a control character")
    if "*/" in value or "/*" in value:
        refuse(where, what, value, "holds a comment delimiter (*/ or /*)")
    if TRIGRAPH.search(value):
        refuse(where, what, value, "holds a C trigraph (??x)")


def check_name(where, what, value):
    common(where, what, value, NAME_MAX)
    if not NCNAME.match(value):
        refuse(where, what, value, "is not an NCName")


def check_qname(where, what, value):
    common(where, what, value, 2 * NAME_MAX + 1)
    prefix, colon, local = value.rpartition(":")
    if not NCNAME.match(local) or (colon and not NCNAME.match(prefix)):
        refuse(where, what, value, "is not a QName")


def check_uri(where, what, value):
    common(where, what, value, URI_MAX)
    if not URI.match(value):
        refuse(where, what, value, "holds a character outside RFC 3986 (quotes, backslashes, whitespace "
               "and non-ASCII are refused; percent-encode them)")


def check_literal(where, what, value, limit=LITERAL_MAX):
    common(where, what, value, limit)
    if '"' in value or "'" in value or "\\" in value:
        refuse(where, what, value, "holds a quote or a backslash")


def check_pattern(where, what, value):
    common(where, what, value, LITERAL_MAX)
    if '"' in value or "'" in value:
        refuse(where, what, value, "holds a quote")
    if "\\" in PATTERN_ESCAPE.sub("", value):
        refuse(where, what, value, "holds a backslash that is no XML Schema regular expression escape")


def check_text(where, value):
    what = "text"
    if len(value) > DOCUMENTATION_MAX:
        refuse(where, what, value, f"is longer than {DOCUMENTATION_MAX} characters")
    if TEXT_CONTROL.search(value):
        refuse(where, what, value, "holds a control character")
    if "*/" in value or "/*" in value:
        refuse(where, what, value, "holds a comment delimiter (*/ or /*)")
    if re.search(r"\\u", value, re.I):
        refuse(where, what, value, "holds \\u, a Unicode escape to a Java compiler")
    if TRIGRAPH.search(value):
        refuse(where, what, value, "holds a C trigraph (??x)")


def check_file_name(where, relative):
    if len(relative) > 1024:
        refuse(where, "file name", relative, "is longer than 1024 characters")
    for segment in relative.split("/"):
        if segment in (".", "..") or not FILE_SEGMENT.match(segment) or len(segment) > NAME_MAX:
            refuse(where, "file name", relative, "may hold only A-Z a-z 0-9 . _ - and /, no segment starting "
                   "with - and no . or .. segment")


class Document:
    """Checks one XML document of the bundle as expat reads it; collects the imports it names."""

    def __init__(self, bundle, relative):
        self.bundle, self.relative = bundle, relative
        self.imports = []
        self.parser = xml.parsers.expat.ParserCreate(namespace_separator="\x01")
        self.parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
        self.parser.buffer_text = True
        self.parser.StartDoctypeDeclHandler = self.doctype
        self.parser.EntityDeclHandler = self.doctype
        self.parser.ExternalEntityRefHandler = lambda *_: 0
        self.parser.StartNamespaceDeclHandler = self.namespace
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end
        self.parser.CharacterDataHandler = self.text
        self.texts = []

    def where(self):
        return f"{self.relative}:{self.parser.CurrentLineNumber}"

    def doctype(self, *_args):
        raise Unsafe(f"{self.where()}: a DOCTYPE declaration (entities are not read)")

    def namespace(self, prefix, uri):
        if prefix is not None:
            check_name(self.where(), "namespace prefix", prefix)
        check_uri(self.where(), f"xmlns{':' + prefix if prefix else ''}", uri or "")

    def start(self, tag, attributes):
        uri, _, local = tag.rpartition("\x01")
        where = self.where()
        self.texts.append([])
        if uri in CUSTOMISATION_NAMESPACES:
            refuse(where, "element", f"{{{uri}}}{local}", "is a code generator customisation")
        for key, value in attributes.items():
            attribute_uri, _, name = key.rpartition("\x01")
            self.attribute(where, uri, local, attribute_uri, name, value)

    def attribute(self, where, uri, local, attribute_uri, name, value):
        what = f"{local}/@{'xml:' if attribute_uri == XML_NAMESPACE else ''}{name}"
        if attribute_uri in CUSTOMISATION_NAMESPACES:
            refuse(where, "attribute", f"{{{attribute_uri}}}{name}", "is a code generator customisation")
        if attribute_uri == XML_NAMESPACE and name == "base":
            refuse(where, what, value, "would move where imports are read from")
        if name in ("URI", "PolicyURIs"):
            for reference in value.split() or [""]:
                check_uri(where, what, reference)
                if not reference.startswith("#"):
                    refuse(where, what, reference, "is a policy reference outside this document (only #fragment "
                           "references are read)")
            return
        if name == "Action" or (attribute_uri and name.lower() == "action"):
            check_uri(where, what, value)
            return
        if attribute_uri:
            check_literal(where, what, value)
            return
        described = uri in DESCRIPTION_NAMESPACES
        if (uri, local) in IMPORT_LOCATIONS and name == IMPORT_LOCATIONS[(uri, local)]:
            check_uri(where, what, value)
            self.imports.append((where, what, value))
        elif described and name == "namespace" and uri == XSD and local in ("any", "anyAttribute"):
            for token in value.split():
                if not token.startswith("##"):
                    check_uri(where, what, token)
                else:
                    check_name(where, what, token[2:])
        elif described and name == "namespace":
            check_uri(where, what, value)
        elif described and name in URI_ATTRIBUTES:
            check_uri(where, what, value)
        elif described and name in URI_LIST_ATTRIBUTES:
            for token in value.split():
                check_uri(where, what, token)
        elif described and name in NAME_ATTRIBUTES:
            check_name(where, what, value)
        elif described and name in QNAME_ATTRIBUTES:
            check_qname(where, what, value)
        elif described and name in QNAME_LIST_ATTRIBUTES:
            for token in value.split():
                check_qname(where, what, token)
        elif described and name in NAME_LIST_ATTRIBUTES:
            for token in value.split():
                check_name(where, what, token)
        elif uri == XSD and local == "pattern" and name == "value":
            check_pattern(where, what, value)
        else:
            # enumeration, default and fixed values, facets and every other attribute
            check_literal(where, what, value)

    def text(self, data):
        self.texts[-1].append((self.parser.CurrentLineNumber, data))

    def end(self, _tag):
        chunks = self.texts.pop()
        if chunks:
            check_text(f"{self.relative}:{chunks[0][0]}", "".join(data for _, data in chunks))

    def read(self, path):
        try:
            with open(path, "rb") as f:
                self.parser.ParseFile(f)
        except xml.parsers.expat.ExpatError as e:
            raise Unreadable(f"{self.relative}:{e.lineno}:{e.offset + 1}: malformed XML: "
                             f"{xml.parsers.expat.ErrorString(e.code)}") from None


def bundle_files(bundle):
    """Every file of the bundle by its relative path; a link or a special file is refused."""
    files = []
    for folder, folders, names in os.walk(bundle):
        for name in sorted(folders + names):
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, bundle).replace(os.sep, "/")
            check_file_name("bundle", relative)
            mode = os.lstat(path).st_mode
            if stat.S_ISLNK(mode) or not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
                refuse("bundle", "file", relative, "is a link or a special file")
            if stat.S_ISREG(mode):
                files.append(relative)
        folders.sort()
    return files


def import_target(bundle, importer, where, what, location):
    """The bundle file an import names; anything a tool would fetch from elsewhere is refused."""
    if SCHEME.match(location) or location.startswith(("/", "\\")) or "?" in location or "#" in location:
        refuse(where, what, location, "is not a relative path inside the bundle (nothing is fetched)")
    target = os.path.normpath(os.path.join(os.path.dirname(importer), location)).replace(os.sep, "/")
    if target.startswith("../") or target == ".." or os.path.isabs(target):
        refuse(where, what, location, "leaves the bundle")
    return target


def check_bundle(bundle, entry):
    bundle = os.path.realpath(bundle)
    check_file_name("entry", entry)
    files = bundle_files(bundle)
    if entry not in files:
        raise Unreadable(f"entry WSDL {entry} is not a file of the bundle")
    pending = [entry] + [f for f in files if XML_FILE.match(f)]
    checked = set()
    while pending:
        relative = pending.pop(0)
        if relative in checked:
            continue
        checked.add(relative)
        document = Document(bundle, relative)
        document.read(os.path.join(bundle, relative))
        for where, what, location in document.imports:
            target = import_target(bundle, relative, where, what, location)
            if target not in files:
                refuse(where, what, location, "names no file of the bundle")
            pending.append(target)
    return len(checked)


def check_samples(samples):
    where = "samples/index.json"
    bundle_files(samples)
    try:
        with open(os.path.join(samples, "index.json"), encoding="utf-8") as f:
            index = json.load(f)
    except (OSError, ValueError) as e:
        raise Unreadable(f"{where}: cannot read: {e}") from None
    if not isinstance(index, list):
        raise Unreadable(f"{where}: not a list of operations")
    for entry in index:
        if not isinstance(entry, dict) or not isinstance(entry.get("operation"), str):
            raise Unreadable(f"{where}: an entry without an operation name")
        check_name(where, "operation", entry["operation"])
        check_uri(where, "soapAction", str(entry.get("soapAction") or ""))
        # Runners write header block names into generated source (gSOAP's impl.cpp, the JAX-WS
        # endpoints' annotations), so they are held to the rules of the WSDL names they came from.
        for role in ("headersIn", "headersOut"):
            blocks = entry.get(role) or []
            if not isinstance(blocks, list) or not all(isinstance(b, dict) for b in blocks):
                raise Unreadable(f"{where}: {role} of operation {entry['operation']} is not a list of header blocks")
            for block in blocks:
                check_name(where, f"{role} name", str(block.get("name") or ""))
                check_uri(where, f"{role} namespace", str(block.get("namespace") or ""))
        for role in ("request", "response"):
            file_name = entry.get(role)
            if file_name is None:
                continue
            check_file_name(where, str(file_name))
            if "/" in str(file_name) or not os.path.isfile(os.path.join(samples, file_name)):
                refuse(where, role, str(file_name), "names no file of the samples folder")


def main(argv):
    parser = argparse.ArgumentParser(description="Refuses values that could become code.")
    parser.add_argument("--bundle", required=True)
    parser.add_argument("--entry", required=True)
    parser.add_argument("--samples")
    args = parser.parse_args(argv)
    try:
        documents = check_bundle(args.bundle, args.entry)
        if args.samples:
            check_samples(args.samples)
    except Unsafe as unsafe:
        print(f"error: unsafe value: {unsafe}", file=sys.stderr)
        return 1
    except Unreadable as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"error: cannot read the bundle: {e.strerror}", file=sys.stderr)
        return 1
    print(f"values checked: {documents} document(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
