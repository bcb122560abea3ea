#!/usr/bin/env python3
"""Writes the hostile-input corpus: cases/ and manifest.json, from the templates below.

The manifest lists every case with how it is submitted and what must come back, so any tool can
run it (backend/src/test/.../HostileInputsIT.java, bench/hostile/run.py). Run this after changing
a template or a payload and commit what it writes:  python3 testdata/hostile/generate.py
"""

import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")

# A runner replaces these in every file of a case marked "template": the marker file a payload
# creates if it ever runs, and the loopback listener it would connect to.
MARKER = "{{MARKER}}"
LISTENER = "{{LISTENER}}"  # host:port

# Document/literal echo service; every {slot} holds a harmless default unless a case sets it.
SERVICE = """<?xml version="1.0" encoding="UTF-8"?>
<wsdl:definitions name="{definitions}" targetNamespace="{tns}" xmlns:tns="{tns}"
    xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
    xmlns:wsp="http://www.w3.org/ns/ws-policy" xmlns:wsam="http://www.w3.org/2007/05/addressing/metadata"
    xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
  <wsdl:documentation>{documentation}</wsdl:documentation>
  <wsdl:types>
    <xsd:schema targetNamespace="{tns}" elementFormDefault="qualified">
      {schemaExtra}
      <xsd:element name="{element}">
        <xsd:complexType>
          <xsd:sequence>
            <xsd:element name="text" type="xsd:string"/>
            <xsd:element name="mood" type="tns:{simpleType}" minOccurs="{minOccurs}" default="{default}"/>
          </xsd:sequence>
          <xsd:attribute name="{attribute}" type="xsd:string" fixed="{fixed}"/>
        </xsd:complexType>
      </xsd:element>
      <xsd:element name="echoResponse">
        <xsd:complexType>
          <xsd:sequence><xsd:element name="text" type="xsd:string"/></xsd:sequence>
        </xsd:complexType>
      </xsd:element>
      <xsd:simpleType name="{simpleType}">
        <xsd:annotation><xsd:documentation>{xsdDocumentation}</xsd:documentation></xsd:annotation>
        <xsd:restriction base="xsd:string">
          <xsd:enumeration value="{enumeration}"/>
          <xsd:enumeration value="{default}"/>
          <xsd:pattern value="{pattern}"/>
          <xsd:maxLength value="{maxLength}"/>
        </xsd:restriction>
      </xsd:simpleType>
      <xsd:complexType name="{complexType}"><xsd:sequence/></xsd:complexType>
      <xsd:group name="{group}"><xsd:sequence/></xsd:group>
    </xsd:schema>
  </wsdl:types>
  <wsdl:message name="{message}"><wsdl:part name="{part}" element="tns:{element}"/></wsdl:message>
  <wsdl:message name="echoResponse"><wsdl:part name="parameters" element="tns:echoResponse"/></wsdl:message>
  <wsdl:portType name="{portType}">
    <wsdl:operation name="{operation}">
      <wsdl:input message="tns:{message}" wsam:Action="{wsaAction}"/>
      <wsdl:output message="tns:echoResponse"/>
    </wsdl:operation>
  </wsdl:portType>
  <wsdl:binding name="{binding}" type="tns:{portType}">
    <wsp:PolicyReference URI="{policy}"/>
    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
    <wsdl:operation name="{operation}">
      <soap:operation soapAction="{soapAction}"/>
      <wsdl:input><soap:body use="literal" namespace="{bodyNamespace}"/></wsdl:input>
      <wsdl:output><soap:body use="literal"/></wsdl:output>
    </wsdl:operation>
  </wsdl:binding>
  <wsp:Policy wsu:Id="EchoPolicy"
      xmlns:wsu="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd"/>
  <wsdl:service name="{service}">
    <wsdl:port name="{port}" binding="tns:{binding}">
      <soap:address location="{address}"/>
    </wsdl:port>
  </wsdl:service>
  {definitionsExtra}
</wsdl:definitions>
"""

DEFAULTS = {
    "definitions": "Echo",
    "tns": "urn:soapbench:hostile",
    "documentation": "Echoes its text.",
    "schemaExtra": "",
    "element": "echo",
    "simpleType": "Mood",
    "default": "calm",
    "minOccurs": "0",
    "attribute": "lang",
    "fixed": "en",
    "xsdDocumentation": "A mood.",
    "enumeration": "happy",
    "pattern": "[a-z]+",
    "maxLength": "10",
    "complexType": "Empty",
    "group": "Nothing",
    "message": "echoRequest",
    "part": "parameters",
    "portType": "EchoPortType",
    "operation": "echo",
    "wsaAction": "urn:soapbench:hostile:echo",
    "binding": "EchoBinding",
    "policy": "#EchoPolicy",
    "soapAction": "urn:soapbench:hostile:echo",
    "bodyNamespace": "urn:soapbench:hostile",
    "service": "EchoService",
    "port": "EchoPort",
    "address": "http://localhost:8080/ws",
    "definitionsExtra": "",
}

# Where each value slot is reported: the element/attribute the refusal names.
SLOTS = {
    "definitions": "wsdl:definitions/@name",
    "tns": "targetNamespace",
    "documentation": "wsdl:documentation text",
    "element": "xsd:element/@name",
    "simpleType": "xsd:element/@type",
    "default": "xsd:element/@default",
    "minOccurs": "xsd:element/@minOccurs",
    "attribute": "xsd:attribute/@name",
    "fixed": "xsd:attribute/@fixed",
    "xsdDocumentation": "xsd:documentation text",
    "enumeration": "xsd:enumeration/@value",
    "pattern": "xsd:pattern/@value",
    "maxLength": "xsd:maxLength/@value",
    "complexType": "xsd:complexType/@name",
    "group": "xsd:group/@name",
    "message": "wsdl:message/@name",
    "part": "wsdl:part/@name",
    "portType": "wsdl:portType/@name",
    "operation": "wsdl:operation/@name",
    "wsaAction": "wsdl:input/@wsam:Action",
    "binding": "wsdl:binding/@name",
    "soapAction": "soap:operation/@soapAction",
    "bodyNamespace": "soap:body/@namespace",
    "service": "wsdl:service/@name",
    "port": "wsdl:port/@name",
    "address": "soap:address/@location",
}

SHELL = "touch " + MARKER + "; curl -s http://" + LISTENER + "/"

# One payload per generator or glue that writes values into source, each closing the string or
# comment it lands in and running SHELL.
PAYLOADS = {
    # CXF WSDLToJava: @WebMethod(action = "...") on the generated interface; the static
    # initialiser runs when serve loads it.
    "java": 'x"); static { try { Runtime.getRuntime().exec(new String[] {"sh", "-c", "'
    + SHELL
    + '"}); } catch (Exception e) { } } @interface Z { String action() default ("',
    # gSOAP soapcpp2: soap_action = "..."; in the generated client, and wsdl2h's header.
    "c": 'x"; system("' + SHELL + '"); static const char *y = "',
    # Javadoc and C comments written from documentation and names.
    "comment": '*/ static { try { Runtime.getRuntime().exec("' + SHELL + '"); } catch (Exception e) { } } /*',
    # Runner glue that passes values through a shell, Python or a template.
    "shell": "'$(" + SHELL + ")'`" + SHELL + "`",
    # Java's \\u escapes are read even inside strings and comments.
    "unicode-escape": "x\\u0022); static { Runtime.getRuntime().exec(\\u0022" + SHELL + "\\u0022); } //",
}

WORKLOAD = {"stacks": ["cxf", "gsoap"], "repetitions": 1, "load": {"connections": 1, "requests": 10}}


def xml_attr(value):
    return (
        value.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("\n", "&#10;")
        .replace("\r", "&#13;")
        .replace("\t", "&#9;")
    )


def service(**values):
    filled = dict(DEFAULTS)
    for slot, value in values.items():
        filled[slot] = value if slot.endswith("Extra") else xml_attr(value)
    text = SERVICE
    for slot, value in filled.items():
        text = text.replace("{" + slot + "}", value)
    return text


class Corpus:
    def __init__(self):
        self.cases = []
        self.ids = set()

    def write(self, name, content):
        path = os.path.join(CASES, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        mode = "wb" if isinstance(content, bytes) else "w"
        with open(path, mode, **({} if mode == "wb" else {"encoding": "utf-8", "newline": "\n"})) as out:
            out.write(content)
        return "cases/" + name

    def add(self, case_id, category, description, submit, status, detail=None, template=False):
        assert case_id not in self.ids, case_id
        self.ids.add(case_id)
        case = {"id": case_id, "category": category, "description": description, "submit": submit}
        if template:
            case["template"] = True
        case["expect"] = {"status": status}
        if detail is not None:
            case["expect"]["detail"] = detail
        self.cases.append(case)

    def file_case(self, case_id, category, description, content, status, detail=None, file_name=None, template=None):
        name = file_name or (case_id + ".wsdl")
        path = self.write(case_id + "/" + name, content)
        if template is None:
            template = isinstance(content, str) and ("{{MARKER}}" in content or "{{LISTENER}}" in content)
        self.add(
            case_id,
            category,
            description,
            {"kind": "file", "file": path, "fileName": name},
            status,
            detail,
            template,
        )

    def zip_case(self, case_id, category, description, entries, status, detail=None, entry=None):
        """entries: (name, content) with content text, bytes, or {"zeros": n} built by the runner."""
        listed = []
        template = False
        written = {}
        for name, content in entries:
            if isinstance(content, dict):
                listed.append(dict(name=name, **content))
            else:
                if content not in written:
                    written[content] = self.write("%s/entry%d" % (case_id, len(written)), content)
                listed.append({"name": name, "file": written[content]})
                template = template or (isinstance(content, str) and "{{" in content)
        submit = {"kind": "zip", "fileName": case_id + ".zip", "entries": listed}
        if entry is not None:
            submit["entry"] = entry
        self.add(case_id, category, description, submit, status, detail, template)


def injection(corpus):
    for slot, where in SLOTS.items():
        for family, payload in PAYLOADS.items():
            # Documentation is only ever written into comments: quotes and shell text there are
            # harmless and allowed; what ends the comment or escapes it is not.
            in_comment_only = slot in ("documentation", "xsdDocumentation") and family in ("java", "c", "shell")
            corpus.file_case(
                "inject-%s-%s" % (slot, family),
                "harmless" if in_comment_only else "code-injection",
                "a %s break-out in %s" % (family, where),
                service(**{slot: payload}),
                201 if in_comment_only else 422,
                None if in_comment_only else where,
            )
    # quotes alone, as Metro's glue would take them into a Java string
    for slot in ("service", "port", "operation", "tns", "soapAction"):
        corpus.file_case(
            "quote-%s" % slot, "code-injection", "a lone double quote in " + SLOTS[slot],
            service(**{slot: 'Echo"Service'}), 422, SLOTS[slot])
    specials = [
        ("bidi-name", "operation", "echo\u202eoht", "a bidirectional override in a name (Trojan Source)"),
        ("bidi-enumeration", "enumeration", "a\u202eb", "a bidirectional override in an enumeration"),
        ("newline-soapaction", "soapAction", "urn:a\nurn:b", "a newline in a soapAction"),
        ("crlf-service", "service", "Echo\r\nService", "CR/LF in a service name"),
        ("tab-enumeration", "enumeration", "a\tb", "a tab in an enumeration"),
        ("backslash-default", "default", "calm\\", "a trailing backslash in a default"),
        ("nbsp-port", "port", "Echo\u00a0Port", "a no-break space in a port name"),
        ("zero-width-binding", "binding", "Echo\u200bBinding", "a zero-width space in a binding name"),
        ("line-separator-doc", "documentation", "a\u2028b", "U+2028 in documentation (ends a JavaScript line)"),
        ("doc-line-continuation", "documentation", "end of line \\\nSystem.exit(1);", "a C line continuation in documentation"),
        ("doc-trigraph", "xsdDocumentation", "trigraph ??/\nx", "a C trigraph backslash in documentation"),
        ("doc-open-comment", "xsdDocumentation", "opens /* a comment", "a comment opener in documentation"),
        ("pattern-quote", "pattern", '[a-z]+"', "a quote in a pattern"),
        ("pattern-unicode-escape", "pattern", "\\u0022", "a Java unicode escape in a pattern"),
        ("uri-brace", "tns", "urn:a{b}", "braces in a namespace"),
        ("uri-space", "address", "http://localhost:8080/ws x", "a space in an address"),
        ("uri-non-ascii", "tns", "urn:größe", "non-ASCII in a namespace"),
        ("uri-bad-escape", "soapAction", "urn:%zz", "a broken percent escape"),
        ("uri-backtick", "soapAction", "urn:`id`", "backticks in a soapAction"),
        ("uri-single-quote", "soapAction", "urn:it's", "a single quote in a soapAction"),
        ("name-leading-digit", "operation", "1echo", "a name that starts with a digit"),
        ("name-leading-dash", "service", "-EchoService", "a name that starts with '-'"),
        ("name-colon", "message", "a:b", "a colon in a name"),
        ("name-dollar", "complexType", "Empty$1", "a dollar sign in a type name"),
        ("name-empty", "part", "", "an empty part name"),
    ]
    for case_id, slot, value, description in specials:
        where = SLOTS[slot]
        if slot == "tns":
            where = "targetNamespace"
        corpus.file_case(case_id, "code-injection", description, service(**{slot: value}), 422, where)


def oversize(corpus):
    corpus.file_case("long-name", "oversize", "a 201-byte operation name", service(operation="o" * 201), 422,
                     "longer than 200 bytes")
    corpus.file_case("long-multibyte-name", "oversize", "a name of 101 two-byte letters", service(service="ö" * 101),
                     422, "longer than 200 bytes")
    corpus.file_case("long-namespace", "oversize", "a 2000-character namespace",
                     service(tns="urn:" + "a" * 2000), 422, "long-namespace.wsdl:2")
    corpus.file_case("long-documentation", "oversize", "9000 characters of documentation",
                     service(documentation="word " * 1800), 422, "longer than 8192 characters")
    corpus.file_case("long-enumeration", "oversize", "a 2000-character enumeration value",
                     service(enumeration="e" * 2000), 422, "longer than 1024 characters")
    corpus.file_case("long-pattern", "oversize", "a 2000-character pattern", service(pattern="a" * 2000), 422,
                     "longer than 1024 characters")
    corpus.file_case("huge-attribute", "oversize", "a 100 kB soapAction",
                     service(soapAction="urn:" + "x" * 100_000), 422, "longer than 1024 characters")


def references(corpus):
    url = "http://" + LISTENER
    cases = [
        ("policy-http", dict(policy=url + "/policy.xml"), "wsp:PolicyReference/@URI",
         "a WS-Policy reference to a URL (Metro fetched it at start-up)"),
        ("policy-https", dict(policy="https://" + LISTENER + "/p#x"), "wsp:PolicyReference/@URI", "an https policy"),
        ("policy-file", dict(policy="file:///etc/passwd"), "wsp:PolicyReference/@URI", "a file: policy"),
        ("policy-other-document", dict(policy="other.xml#EchoPolicy"), "wsp:PolicyReference/@URI",
         "a policy in another document"),
        ("policy-fragment-quote", dict(policy="#Echo\"Policy"), "wsp:PolicyReference/@URI", "a quote in a fragment"),
        ("policy-uris", dict(definitionsExtra='<x:ext xmlns:x="urn:x" xmlns:w="http://www.w3.org/ns/ws-policy" '
                                              'w:PolicyURIs="#EchoPolicy ' + url + '/p"/>'),
         "@w:PolicyURIs", "wsp:PolicyURIs naming a URL"),
        ("wsdl-import-http", dict(definitionsExtra='<wsdl:import namespace="urn:o" location="' + url + '/o.wsdl"/>'),
         "wsdl:import/@location", "wsdl:import of a URL"),
        ("wsdl-import-file", dict(definitionsExtra='<wsdl:import namespace="urn:o" location="file:///etc/passwd"/>'),
         "wsdl:import/@location", "wsdl:import of a local file"),
        ("wsdl-import-network-path", dict(definitionsExtra='<wsdl:import namespace="urn:o" location="//'
                                                           + LISTENER + '/o.wsdl"/>'),
         "wsdl:import/@location", "wsdl:import of a network-path reference"),
        ("wsdl-import-traversal", dict(definitionsExtra='<wsdl:import namespace="urn:o" location="../../etc/passwd"/>'),
         "wsdl:import/@location", "wsdl:import climbing out of the bundle"),
        ("wsdl-import-encoded-traversal", dict(definitionsExtra='<wsdl:import namespace="urn:o" '
                                                                'location="%2e%2e/%2e%2e/etc/passwd"/>'),
         "wsdl:import/@location", "wsdl:import climbing out with percent escapes"),
        ("xsd-import-http", dict(schemaExtra='<xsd:import namespace="urn:o" schemaLocation="' + url + '/o.xsd"/>'),
         "xsd:import/@schemaLocation", "xsd:import of a URL"),
        ("xsd-include-ftp", dict(schemaExtra='<xsd:include schemaLocation="ftp://' + LISTENER + '/i.xsd"/>'),
         "xsd:include/@schemaLocation", "xsd:include over ftp"),
        ("xsd-redefine-http", dict(schemaExtra='<xsd:redefine schemaLocation="' + url + '/r.xsd"/>'),
         "xsd:redefine/@schemaLocation", "xsd:redefine of a URL"),
        ("xsd-override-jar", dict(schemaExtra='<xsd:override schemaLocation="jar:' + url + '/a.jar!/o.xsd"/>'),
         "xsd:override/@schemaLocation", "xsd:override of a jar: URL"),
        ("xinclude", dict(schemaExtra='<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="' + url
                                      + '/x.xml"/>'), "<xi:include>", "XInclude of a URL"),
        ("xsi-schema-location", dict(definitionsExtra='<x:ext xmlns:x="urn:x" '
                                                      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
                                                      'xsi:schemaLocation="urn:x ' + url + '/x.xsd"/>'),
         "@xsi:schemaLocation", "an xsi:schemaLocation hint to a URL"),
        ("unc-import", dict(schemaExtra='<xsd:import namespace="urn:o" schemaLocation="\\\\'
                                        + LISTENER + '\\share\\o.xsd"/>'),
         "xsd:import/@schemaLocation", "a Windows UNC path"),
        ("jaxws-customisation", dict(definitionsExtra='<jaxws:bindings xmlns:jaxws="http://java.sun.com/xml/ns/jaxws">'
                                                      '<jaxws:javadoc>*/ static {} /*</jaxws:javadoc>'
                                                      '</jaxws:bindings>'),
         "<jaxws:bindings>", "an inline JAX-WS customisation"),
        ("jaxb-customisation", dict(schemaExtra='<xsd:annotation><xsd:appinfo><jaxb:class '
                                                'xmlns:jaxb="https://jakarta.ee/xml/ns/jaxb" '
                                                'implClass="Evil"/></xsd:appinfo></xsd:annotation>'),
         "<jaxb:class>", "an inline JAXB customisation naming an implementation class"),
    ]
    for case_id, values, detail, description in cases:
        corpus.file_case(case_id, "remote-reference", description, service(**values), 422, detail)


def zips(corpus):
    good = service()
    schema = '<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:x"/>'
    names = [
        ("zip-dash-entry", "-oevil.wsdl", "starts with '-'", "an entry that reaches wsdl2h as an option"),
        ("zip-double-dash-entry", "--help.wsdl", "starts with '-'", "an entry named like a long option"),
        ("zip-dash-folder", "-I/etc/x.xsd", "starts with '-'", "a folder named like an option"),
        ("zip-dash-nested", "xsd/-x.xsd", "starts with '-'", "a nested file named like an option"),
        ("zip-traversal", "../evil.xsd", "refused", "a zip-slip entry"),
        ("zip-deep-traversal", "a/../../evil.xsd", "refused", "a zip-slip entry behind a folder"),
        ("zip-absolute", "/etc/evil.xsd", "refused", "an absolute entry"),
        ("zip-backslash", "a\\..\\evil.xsd", "refused", "a Windows traversal"),
        ("zip-drive", "C:/evil.xsd", "refused", "a drive letter"),
        ("zip-space", "my schema.xsd", "only letters, digits", "a space in a name"),
        ("zip-semicolon", "a;touch x.xsd", "only letters, digits", "shell punctuation in a name"),
        ("zip-dollar", "$(touch x).xsd", "only letters, digits", "a command substitution in a name"),
        ("zip-newline", "a\nb.xsd", "only letters, digits", "a newline in a name"),
        ("zip-unicode", "größe.xsd", "only letters, digits", "non-ASCII in a name"),
        ("zip-long", "a" * 120 + ".xsd", "longer than 100 characters", "a 124-character name"),
        ("zip-deep", "/".join(["d"] * 20) + "/x.xsd", "deeper than 16 folders", "twenty folders deep"),
    ]
    for case_id, name, detail, description in names:
        corpus.zip_case(case_id, "zip", description, [("service.wsdl", good), (name, schema)], 422, detail)
    corpus.zip_case("zip-duplicate", "zip", "the same entry twice",
                    [("service.wsdl", good), ("a.xsd", schema), ("./a.xsd", schema)], 422, "appears twice")
    corpus.zip_case("zip-bomb", "zip", "50 MB of zeros in one entry (ratio ~1000:1)",
                    [("service.wsdl", good), ("bomb.xsd", {"zeros": 50_000_000})], 422, "bytes uncompressed")
    corpus.zip_case("zip-ratio-bomb", "zip", "5 MB of zeros, under the size bound but far beyond any text's ratio",
                    [("service.wsdl", good), ("bomb.xsd", {"zeros": 5_000_000})], 422, "compression ratio")
    corpus.zip_case("zip-many-files", "zip", "201 entries",
                    [("service.wsdl", good)] + [("f%d.xsd" % i, schema) for i in range(200)], 422, "more than 200 files")
    corpus.zip_case("zip-empty", "zip", "a zip without entries", [], 400, "zip")
    corpus.file_case("zip-garbage", "zip", "PK magic then garbage", b"PK\x03\x04" + b"\xff" * 64, 400, "zip",
                     file_name="garbage.zip")
    corpus.zip_case("zip-harmless", "harmless", "a clean bundle with a dot-folder and dashes inside names",
                    [("service.wsdl", good), ("x-y/a_b.c-d.xsd", schema)], 201)


XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'


def xml_attacks(corpus):
    body = service().split("\n", 1)[1]
    url = "http://" + LISTENER
    attacks = [
        ("xxe-file", '<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n', "external entity reading a file"),
        ("xxe-http", '<!DOCTYPE d [<!ENTITY x SYSTEM "' + url + '/xxe">]>\n', "external entity over HTTP"),
        ("xxe-parameter", '<!DOCTYPE d [<!ENTITY % p SYSTEM "' + url + '/p.dtd"> %p;]>\n',
         "parameter entity over HTTP"),
        ("external-dtd", '<!DOCTYPE d SYSTEM "' + url + '/d.dtd">\n', "an external DTD"),
        ("billion-laughs", '<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
                           '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>\n',
         "billion laughs"),
        ("quadratic-blowup", '<!DOCTYPE d [<!ENTITY a "' + "a" * 50000 + '">]>\n', "a long internal entity"),
    ]
    for case_id, doctype, description in attacks:
        corpus.file_case(case_id, "xml", description, XML_DECLARATION + doctype + body, 422, "DOCTYPE")
    corpus.file_case("deep-nesting", "xml", "elements 150 deep", XML_DECLARATION + "<a>" * 150 + "</a>" * 150, 422,
                     "nested deeper than 100")
    corpus.file_case("malformed", "xml", "not well-formed", XML_DECLARATION + "<wsdl:definitions", 422, "")
    corpus.file_case("nul-character-reference", "xml", "&#0; in an attribute",
                     service().replace('name="EchoService"', 'name="Echo&#0;Service"'), 422, "")
    corpus.file_case("utf7-declared", "encoding", "a document declaring UTF-7 with +ACI- quotes",
                     service().replace('encoding="UTF-8"', 'encoding="UTF-7"').replace(
                         'soapAction="urn:soapbench:hostile:echo"', 'soapAction="urn:a+ACI-);+AH0-"'), 422, "")
    corpus.file_case("invalid-utf8", "encoding", "bytes that are not UTF-8",
                     service().encode("utf-8").replace(b"EchoService", b"Echo\xc3\x28Service"), 422, "")
    corpus.file_case("ebcdic-declared", "encoding", "an EBCDIC declaration over ASCII bytes",
                     service().replace('encoding="UTF-8"', 'encoding="IBM037"').encode("ascii"), 422, "")
    corpus.file_case("utf16-harmless", "harmless", "the harmless service in UTF-16 with a byte order mark",
                     service().replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16"), 201)
    corpus.file_case("utf16-injection", "encoding", "a soapAction break-out in UTF-16",
                     service(soapAction=PAYLOADS["java"]).replace('encoding="UTF-8"', 'encoding="UTF-16"')
                     .encode("utf-16"), 422, "soap:operation/@soapAction", template=False)
    corpus.file_case("cdata-documentation", "code-injection", "a comment break-out hidden in CDATA",
                     service().replace("<wsdl:documentation>Echoes its text.</wsdl:documentation>",
                                       "<wsdl:documentation><![CDATA[*/ static { } /*]]></wsdl:documentation>"),
                     422, "wsdl:documentation text")
    corpus.file_case("stylesheet-pi", "harmless", "an xml-stylesheet processing instruction naming a URL",
                     service().replace(XML_DECLARATION, XML_DECLARATION + '<?xml-stylesheet href="' + url
                                       + '/s.xsl"?>\n'), 201, template=True)
    corpus.file_case("comment-payload", "harmless", "a payload inside an XML comment, which no generator writes",
                     service().replace("<wsdl:types>", "<!-- \"); static { } */ -->\n  <wsdl:types>"), 201)
    corpus.file_case("wsdl20", "xml", "a WSDL 2.0 document",
                     XML_DECLARATION + '<description xmlns="http://www.w3.org/ns/wsdl"/>', 422, "WSDL 2.0")
    corpus.file_case("not-xml", "xml", "a .wsdl that is JSON", '{"definitions": true}', 422, "")
    corpus.file_case("wrong-extension", "xml", "a .exe upload", b"MZ\x90\x00", 400, "unsupported upload",
                     file_name="tool.exe")


def sample_types(types):
    """The service whose request is tns:bomb, declared by types."""
    return service(schemaExtra=types).replace('element="tns:echo"/>', 'element="tns:bomb"/>')


BOMB_ELEMENT = '<xsd:element name="bomb" type="tns:Bomb"/>'


def nested(levels, occurs, attribute="minOccurs"):
    types = []
    for level in range(levels):
        name = "Bomb" if level == 0 else "Level%d" % level
        item = "xsd:string" if level == levels - 1 else "tns:Level%d" % (level + 1)
        types.append('<xsd:complexType name="%s"><xsd:sequence><xsd:element name="i" type="%s" %s="%d" '
                     'maxOccurs="unbounded"/></xsd:sequence></xsd:complexType>' % (name, item, attribute, occurs))
    return "\n".join(types)


def fan_out(levels, children):
    types = []
    for level in range(levels):
        name = "Bomb" if level == 0 else "F%d" % level
        item = "xsd:string" if level == levels - 1 else "tns:F%d" % (level + 1)
        elements = "".join('<xsd:element name="c%d" type="%s"/>' % (child, item) for child in range(children))
        types.append('<xsd:complexType name="%s"><xsd:sequence>%s</xsd:sequence></xsd:complexType>'
                     % (name, elements))
    return "\n".join(types)


def simple_bomb(facets, base="xsd:string"):
    return '<xsd:simpleType name="Bomb"><xsd:restriction base="%s">%s</xsd:restriction></xsd:simpleType>' % (
        base, facets)


def sample_bombs(corpus):
    cases = [
        ("bomb-nested-3", nested(3, 100), "more than 20000 elements", "minOccurs 100 nested 3 deep (10^6 elements)"),
        ("bomb-nested-4", nested(4, 100), "more than 20000 elements", "minOccurs 100 nested 4 deep (10^8 elements)"),
        ("bomb-nested-8", nested(8, 1000), "more than 20000 elements", "minOccurs 1000 nested 8 deep"),
        ("bomb-fan-out", fan_out(12, 3), "more than 20000 elements", "three required children twelve levels deep"),
        ("bomb-min-length", simple_bomb('<xsd:minLength value="20000000"/>'), "would need 20000000 characters",
         "minLength 20,000,000"),
        ("bomb-length-overflow", simple_bomb('<xsd:length value="99999999999999999999"/>'), "Bomb",
         "a length beyond a long"),
        ("bomb-pattern-repeat", simple_bomb('<xsd:pattern value="a{20000000}"/>'), "repeats a part 20000000 times",
         "pattern a{20000000}"),
        ("bomb-pattern-nested", simple_bomb('<xsd:pattern value="(a{60000}){60000}"/>'),
         "needs a value longer than 65536", "pattern (a{60000}){60000}"),
        ("bomb-pattern-backtracking", simple_bomb('<xsd:minLength value="400"/><xsd:pattern '
                                                  'value="([a-z0-9]*)*[a-z0-9]*[a-z0-9]*!"/>'),
         "steps", "a backtracking pattern over a 400-character value"),
        ("bomb-numeric-facet", simple_bomb('<xsd:minInclusive value="1e400000000"/>', "xsd:integer"),
         "more than 1000 digits", "minInclusive 1e400000000 on an integer"),
        ("bomb-message-bytes", '<xsd:complexType name="Bomb"><xsd:sequence><xsd:element name="v" type="tns:Big" '
                               'minOccurs="100" maxOccurs="100"/></xsd:sequence></xsd:complexType>'
                               '<xsd:simpleType name="Big"><xsd:restriction base="xsd:string"><xsd:minLength '
                               'value="60000"/></xsd:restriction></xsd:simpleType>',
         "larger than 1048576 bytes", "100 values of 60,000 characters"),
        ("bomb-type-chain", "\n".join(
            '<xsd:complexType name="%s"><xsd:sequence><xsd:element name="c" type="%s"/></xsd:sequence>'
            '</xsd:complexType>' % ("Bomb" if level == 0 else "C%d" % level,
                                   "xsd:string" if level == 69 else "tns:C%d" % (level + 1))
            for level in range(70)), "deeper than 60 levels", "70 nested types"),
    ]
    for case_id, types, detail, description in cases:
        corpus.file_case(case_id, "sample-bomb", description, sample_types(BOMB_ELEMENT + types), 422, detail)
    harmless = [
        ("recursive-type", '<xsd:complexType name="Bomb"><xsd:sequence><xsd:element name="child" type="tns:Bomb" '
                           'minOccurs="0" maxOccurs="unbounded"/></xsd:sequence></xsd:complexType>',
         "a recursive type"),
        ("unbounded-nested", nested(4, 1), "maxOccurs unbounded nested 4 deep (sampled twice each)"),
        ("bounded-repeat", nested(2, 100), "minOccurs 100 nested 2 deep: 10,100 elements, within bounds"),
    ]
    for case_id, types, description in harmless:
        corpus.file_case(case_id, "harmless", description, sample_types(BOMB_ELEMENT + types), 201)


def harmless(corpus):
    corpus.file_case("plain", "harmless", "the template's defaults", service(), 201)
    corpus.file_case("uri-sub-delims", "harmless",
                     "a soapAction with every RFC 3986 sub-delimiter but the quote: !$&()*+,;=",
                     service(soapAction="urn:a!$&()*+,;=b"), 201)
    corpus.file_case("uri-percent", "harmless", "percent-escaped quotes in a namespace",
                     service(tns="urn:a%22b%27c"), 201)
    corpus.file_case("unicode-names", "harmless", "letters outside ASCII in names", service(
        operation="größe", message="größeRequest", element="größe"), 201)
    corpus.file_case("enumeration-punctuation", "harmless", "an enumeration with spaces, & and <>",
                     service(enumeration="a & b <c>"), 201)
    corpus.file_case("documentation-multiline", "harmless", "documentation over several lines with tabs and a URL",
                     service(documentation="First line.\n\tSecond line: see http://example.com/a*b (a/b)."), 201)
    corpus.file_case("pattern-escapes", "harmless", "a pattern with backslash escapes",
                     service(pattern="\\d{3}-[A-Z]+", enumeration="123-AB", default="456-CD"), 201)
    corpus.file_case("file-name-dash", "harmless", "a single upload whose own name starts with '-'", service(), 201,
                     file_name="-oevil.wsdl")
    corpus.file_case("file-name-shell", "harmless", "a single upload whose name holds shell punctuation", service(),
                     201, file_name="a;touch x$(id).wsdl")


def main():
    if os.path.isdir(CASES):
        shutil.rmtree(CASES)
    corpus = Corpus()
    injection(corpus)
    oversize(corpus)
    references(corpus)
    zips(corpus)
    xml_attacks(corpus)
    sample_bombs(corpus)
    harmless(corpus)
    manifest = {
        "description": "Hostile inputs for POST /api/v1/runs. Each case is submitted as a multipart upload "
                       "(field 'wsdl', plus 'workload' and, for zips, 'entry'); 'expect.status' is the status that "
                       "must come back and 'expect.detail' a substring of the problem+json detail. Files of a case "
                       "marked 'template' have {{MARKER}} replaced by /tmp/soapbench-hostile-marker-<id> and "
                       "{{LISTENER}} by host:port of the runner's loopback listener; neither may ever be touched. "
                       "A zip entry with 'zeros' holds that many zero bytes.",
        "workload": WORKLOAD,
        "markerPrefix": "/tmp/soapbench-hostile-marker-",
        "cases": corpus.cases,
    }
    with open(os.path.join(HERE, "manifest.json"), "w", encoding="utf-8") as out:
        json.dump(manifest, out, indent=1, ensure_ascii=True)
        out.write("\n")
    print("%d cases written" % len(corpus.cases))


if __name__ == "__main__":
    main()
