"""WSDL bundles an attacker would upload, each a change to the catalog's echo WSDL.

Every payload, if it ever became code, would create its case's marker file
(/tmp/soapbench-runner-marker-<case>) and connect to the test's loopback listener: a Java static
initialiser, a C++ system() call, a wsdl2h option that writes a file, a URL a tool would fetch.
A runner must refuse each before any code generator runs.
"""
import json
import os
import shutil
from xml.sax.saxutils import escape, quoteattr

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
ECHO = os.path.join(ROOT, "wsdl-catalog", "echo")
MARKER_PREFIX = "/tmp/soapbench-runner-marker-"


def java_payload(marker, port):
    return (f'static {{ try {{ new java.io.File("{marker}").createNewFile(); '
            f'new java.net.Socket("127.0.0.1", {port}).close(); }} catch (Exception e) {{ }} }}')


def shell_payload(marker, port):
    return f"touch {marker}; echo pwned >/dev/tcp/127.0.0.1/{port}"


def attribute(old_name, old_value, new_value):
    """Replaces one attribute of the echo WSDL, quoted as XML needs."""
    return (f'{old_name}="{old_value}"', f"{old_name}={quoteattr(new_value)}")


# Each case: what it attacks, what its refusal line says, the replacements it makes in echo.wsdl
# (given marker and port), and optionally its entry's name, files added or a change to the samples.
CASES = {
    "cxf-soapaction": {
        "refusal": "echo.wsdl:42: operation/@soapAction",
        "attacks": "WSDLToJava writes soapAction into @WebMethod(action = \"...\")",
        "edits": lambda m, p: [attribute("soapAction", "urn:soapbench:echo:echo",
                                         f'urn:x") class Pwn {{ {java_payload(m, p)} }} @jakarta.jws.WebMethod(action = "y')],
    },
    "metro-namespace": {
        "refusal": "echo.wsdl:3: xmlns:tns",
        "attacks": "wsimport writes the targetNamespace into its generated Service class",
        "edits": lambda m, p: [('"urn:soapbench:echo"',
                                quoteattr(f'urn:x", wsdlLocation = "") class Pwn {{ {java_payload(m, p)} }} '
                                          f'@jakarta.xml.ws.WebServiceClient(name = "y", targetNamespace = "urn:x'))],
    },
    "metro-service-name": {
        "refusal": "echo.wsdl:47: service/@name",
        "attacks": "the Metro runner's own endpoint class names the service in Java",
        "edits": lambda m, p: [attribute("name", "EchoService",
                                         f'EchoService") class Pwn {{ {java_payload(m, p)} }} @jakarta.jws.WebService(name = "y')],
    },
    "axis2-service-name": {
        "refusal": "echo.wsdl:47: service/@name",
        "attacks": "the service name becomes a repository folder and services.xml of Axis2",
        "edits": lambda m, p: [attribute("name", "EchoService",
                                         '../../../../tmp/x"><parameter name="ServiceObjectSupplier">Pwn</parameter><x a="')],
    },
    "gsoap-soapaction": {
        "refusal": "echo.wsdl:42: operation/@soapAction",
        "attacks": "soapcpp2 writes the soapAction into the client: soap_action = \"...\";",
        "edits": lambda m, p: [attribute("soapAction", "urn:soapbench:echo:echo",
                                         f'urn:x"; system("bash -c \'{shell_payload(m, p)}\'"); soap_action = "urn:y')],
    },
    "gsoap-trigraph": {
        "refusal": "holds a C trigraph",
        "attacks": "??/ is a backslash in gSOAP's -std=c++11 build: it escapes the literal's closing quote",
        "edits": lambda m, p: [attribute("soapAction", "urn:soapbench:echo:echo", "urn:x??/")],
    },
    "documentation-comment": {
        "refusal": "holds a comment delimiter",
        "attacks": "generators copy documentation into Javadoc and C++ comments",
        "edits": lambda m, p: [("<wsdl:operation name=\"echo\">\n      <wsdl:input message",
                                f"<wsdl:operation name=\"echo\">\n      <wsdl:documentation>{escape('*/ class Pwn { ' + java_payload(m, p) + ' } /*')}"
                                "</wsdl:documentation>\n      <wsdl:input message")],
    },
    "documentation-unicode-escape": {
        "refusal": "holds \\u",
        "attacks": "javac reads \\u002a\\u002f in a comment as */",
        "edits": lambda m, p: [("<wsdl:operation name=\"echo\">\n      <wsdl:input message",
                                "<wsdl:operation name=\"echo\">\n      <wsdl:documentation>"
                                + escape("\\u002a\\u002f class Pwn { " + java_payload(m, p) + " } /\\u002a")
                                + "</wsdl:documentation>\n      <wsdl:input message")],
    },
    "enumeration-quote": {
        "refusal": "enumeration/@value",
        "attacks": "JAXB and wsdl2h write enumeration values as string literals",
        "edits": lambda m, p: [('<xsd:element name="text" type="xsd:string"/>\n          </xsd:sequence>\n        </xsd:complexType>\n      </xsd:element>\n      <xsd:element name="echoResponse">',
                                '<xsd:element name="text" type="tns:Mode"/>\n          </xsd:sequence>\n        </xsd:complexType>\n      </xsd:element>\n'
                                '      <xsd:simpleType name="Mode"><xsd:restriction base="xsd:string">'
                                f'<xsd:enumeration value={quoteattr("a" + chr(34) + "; } " + java_payload(m, p) + " enum X { b")}/>'
                                '</xsd:restriction></xsd:simpleType>\n      <xsd:element name="echoResponse">')],
    },
    "default-value": {
        "refusal": "element/@default",
        "attacks": "default values become field initialisers",
        "edits": lambda m, p: [('<xsd:element name="text" type="xsd:string"/>',
                                f'<xsd:element name="text" type="xsd:string" default={quoteattr(chr(34) + "; " + java_payload(m, p) + " String y = " + chr(34))}/>')],
    },
    "customisation": {
        "refusal": "code generator customisation",
        "attacks": "a JAXB customisation inside the WSDL names Java code to call (parseMethod)",
        "edits": lambda m, p: [('<xsd:schema targetNamespace="urn:soapbench:echo" elementFormDefault="qualified">',
                                '<xsd:schema targetNamespace="urn:soapbench:echo" elementFormDefault="qualified" '
                                'xmlns:jaxb="https://jakarta.ee/xml/ns/jaxb" jaxb:version="3.0">\n'
                                '      <xsd:annotation><xsd:appinfo><jaxb:globalBindings>'
                                '<jaxb:javaType name="java.lang.String" parseMethod="Pwn.run" printMethod="Pwn.run"/>'
                                '</jaxb:globalBindings></xsd:appinfo></xsd:annotation>')],
    },
    "policy-reference": {
        "refusal": "PolicyReference/@URI",
        "attacks": "Metro fetched a wsp:PolicyReference URL at start-up",
        "edits": lambda m, p: [('<soap:binding style="document"',
                                '<wsp:PolicyReference xmlns:wsp="http://www.w3.org/ns/ws-policy" '
                                f'URI="http://127.0.0.1:{p}/policy"/>\n    <soap:binding style="document"')],
    },
    "remote-import": {
        "refusal": "import/@schemaLocation",
        "attacks": "a generator that follows a schema import fetches it",
        "edits": lambda m, p: [('<xsd:element name="echo">',
                                f'<xsd:import namespace="urn:x" schemaLocation="http://127.0.0.1:{p}/x.xsd"/>\n      <xsd:element name="echo">')],
    },
    "doctype-entity": {
        "refusal": "DOCTYPE",
        "attacks": "an external entity a parser would fetch",
        "edits": lambda m, p: [('<?xml version="1.0" encoding="UTF-8"?>',
                                f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "http://127.0.0.1:{p}/e">]>')],
    },
    "dash-entry": {
        "refusal": 'entry: file name "-o/tmp/',
        "attacks": "an entry named like an option: wsdl2h -o/tmp/... writes its header there",
        "entry": lambda m, p: "-o" + m,
    },
    "dash-import": {
        "refusal": 'file name "--help.xsd"',
        "attacks": "an imported file named like an option",
        "edits": lambda m, p: [('<xsd:element name="echo">',
                                '<xsd:include schemaLocation="--help.xsd"/>\n      <xsd:element name="echo">')],
        "files": {"--help.xsd": '<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:soapbench:echo"/>\n'},
    },
    "samples-traversal": {
        "refusal": "samples/index.json: file name",
        "attacks": "a sample file name that leaves the samples folder",
        "samples": lambda index: [dict(e, response="../../../../etc/passwd") for e in index],
    },
}


def write_case(name, root, port):
    """Writes case NAME under ROOT: ROOT/bundle, ROOT/samples; returns (bundle, entry, samples, marker)."""
    case = CASES[name]
    marker = MARKER_PREFIX + name
    bundle, samples = os.path.join(root, "bundle"), os.path.join(root, "samples")
    os.makedirs(bundle)
    shutil.copytree(os.path.join(ECHO, "samples"), samples)
    with open(os.path.join(ECHO, "echo.wsdl"), encoding="utf-8") as f:
        wsdl = f.read()
    for old, new in case.get("edits", lambda m, p: [])(marker, port):
        if old not in wsdl:
            raise AssertionError(f"case {name}: {old!r} is not in echo.wsdl")
        wsdl = wsdl.replace(old, new)
    entry = case.get("entry", lambda m, p: "echo.wsdl")(marker, port)
    os.makedirs(os.path.dirname(os.path.join(bundle, entry)), exist_ok=True)
    with open(os.path.join(bundle, entry), "w", encoding="utf-8") as f:
        f.write(wsdl)
    for file_name, text in case.get("files", {}).items():
        with open(os.path.join(bundle, file_name), "w", encoding="utf-8") as f:
            f.write(text)
    if "samples" in case:
        index_path = os.path.join(samples, "index.json")
        with open(index_path, encoding="utf-8") as f:
            index = json.load(f)
        with open(index_path, "w", encoding="utf-8") as f:
            json.dump(case["samples"](index), f)
    return bundle, entry, samples, marker
