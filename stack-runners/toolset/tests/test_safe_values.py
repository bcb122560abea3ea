"""safe_values.py refuses what could become code and lets every real WSDL of the repository through."""
import glob
import io
import json
import os
import shutil
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import safe_values  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
ECHO = os.path.join(ROOT, "wsdl-catalog", "echo")


def run(bundle, entry, samples=None):
    """(exit status, stderr) of the checker's command line."""
    err = io.StringIO()
    args = ["--bundle", bundle, f"--entry={entry}"] + (["--samples", samples] if samples else [])
    with redirect_stderr(err), redirect_stdout(io.StringIO()):
        status = safe_values.main(args)
    return status, err.getvalue().strip()


class RulesTest(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="safe-values.")
        with open(os.path.join(ECHO, "echo.wsdl"), encoding="utf-8") as f:
            self.echo = f.read()

    def tearDown(self):
        shutil.rmtree(self.work)

    def check(self, old, new, files=None):
        """Runs the checker on echo.wsdl with OLD replaced by NEW."""
        self.assertIn(old, self.echo)
        bundle = tempfile.mkdtemp(dir=self.work)
        with open(os.path.join(bundle, "echo.wsdl"), "w", encoding="utf-8") as f:
            f.write(self.echo.replace(old, new))
        for name, text in (files or {}).items():
            os.makedirs(os.path.dirname(os.path.join(bundle, name)), exist_ok=True)
            with open(os.path.join(bundle, name), "w", encoding="utf-8") as f:
                f.write(text)
        return run(bundle, "echo.wsdl")

    def test_values(self):
        action = 'soapAction="urn:soapbench:echo:echo"'
        operation = '<wsdl:operation name="echo">\n      <wsdl:input message'
        element = '<xsd:element name="text" type="xsd:string"/>'
        cases = [
            # (why, old, new, None when accepted or what the refusal line holds)
            ("the catalog's echo WSDL itself", action, action, None),
            ("a soapAction with characters a shell, a C format and a Java template would read: RFC 3986 allows them",
             action, 'soapAction="urn:a:$HOME%41?x=1&amp;y=(2);z=*,+!@~"', None),
            ("a single ? is a URI's query", action, 'soapAction="http://x/a?b"', None),
            ("a quote in a soapAction", action, 'soapAction="urn:a&quot;b"', '@soapAction "urn:a\\"b"'),
            ("an apostrophe, RFC 3986 or not, closes a quoted literal", action, "soapAction=\"urn:a'b\"", "RFC 3986"),
            ("a backslash in a soapAction", action, 'soapAction="urn:a\\b"', "RFC 3986"),
            ("whitespace in a soapAction", action, 'soapAction="urn:a b"', "RFC 3986"),
            ("a line break, as a character reference", action, 'soapAction="urn:a&#10;b"', "control character"),
            ("non-ASCII in a soapAction must be percent-encoded", action, 'soapAction="urn:\u00e9"', "RFC 3986"),
            ("a lone percent sign is no percent-encoding", action, 'soapAction="urn:100%"', "RFC 3986"),
            ("a C trigraph for a backslash", action, 'soapAction="urn:a??/"', "trigraph"),
            ("a comment opener in a URI", action, 'soapAction="http://x/*/y"', "comment delimiter"),
            ("an over-long URI", action, f'soapAction="urn:{"a" * 2100}"', "longer than 2048"),
            ("a non-ASCII NCName is an NCName", '<wsdl:service name="EchoService">',
             '<wsdl:service name="\u00c9choService">', None),
            ("a service name with a quote", '<wsdl:service name="EchoService">',
             '<wsdl:service name="Echo&quot;Service">', "is not an NCName"),
            ("a service name with a colon", '<wsdl:service name="EchoService">',
             '<wsdl:service name="a:b">', "is not an NCName"),
            ("an over-long name", '<wsdl:service name="EchoService">',
             f'<wsdl:service name="{"a" * 256}">', "longer than 255"),
            ("a QName reference with a quote", 'element="tns:echo"', 'element="tns:ec&quot;ho"', "is not a QName"),
            ("a namespace declaration with a quote", 'xmlns:tns="urn:soapbench:echo"',
             'xmlns:tns="urn:x&quot;"', 'xmlns:tns "urn:x\\""'),
            ("an enumeration value with an apostrophe-free text and spaces is fine", element,
             '<xsd:element name="text"><xsd:simpleType><xsd:restriction base="xsd:string">'
             '<xsd:enumeration value="New York (NY); 100% & more"/></xsd:restriction></xsd:simpleType></xsd:element>'
             .replace("& ", "&amp; "), None),
            ("an enumeration value with a backslash", element,
             '<xsd:element name="text"><xsd:simpleType><xsd:restriction base="xsd:string">'
             '<xsd:enumeration value="a\\b"/></xsd:restriction></xsd:simpleType></xsd:element>', "quote or a backslash"),
            ("a fixed value with a quote", element, '<xsd:element name="text" type="xsd:string" fixed="a&quot;"/>',
             "element/@fixed"),
            ("a pattern uses regular expression escapes", element,
             '<xsd:element name="text"><xsd:simpleType><xsd:restriction base="xsd:string">'
             '<xsd:pattern value="\\d{3}-\\p{L}+\\.\\\\"/></xsd:restriction></xsd:simpleType></xsd:element>', None),
            ("a pattern with a Unicode escape, which javac would read", element,
             '<xsd:element name="text"><xsd:simpleType><xsd:restriction base="xsd:string">'
             '<xsd:pattern value="\\u0022"/></xsd:restriction></xsd:simpleType></xsd:element>', "no XML Schema"),
            ("documentation in prose, with a URL and quotes", operation,
             '<wsdl:operation name="echo">\n      <wsdl:documentation>Returns "its" text; see http://x/a.</wsdl:documentation>'
             '\n      <wsdl:input message', None),
            ("documentation that closes a comment", operation,
             '<wsdl:operation name="echo">\n      <wsdl:documentation>a */ b</wsdl:documentation>\n      <wsdl:input message',
             "comment delimiter"),
            ("documentation with a Unicode escape", operation,
             '<wsdl:operation name="echo">\n      <wsdl:documentation>\\u002a/</wsdl:documentation>\n      <wsdl:input message',
             "Unicode escape"),
            ("a local policy reference", '<soap:binding style="document"',
             '<wsp:PolicyReference xmlns:wsp="http://www.w3.org/ns/ws-policy" URI="#P"/><soap:binding style="document"', None),
            ("a remote policy reference", '<soap:binding style="document"',
             '<wsp:PolicyReference xmlns:wsp="http://www.w3.org/ns/ws-policy" URI="http://x/p"/><soap:binding style="document"',
             "policy reference"),
            ("policy URIs on any element", '<soap:binding style="document"',
             '<soap:binding xmlns:wsp="http://www.w3.org/ns/ws-policy" wsp:PolicyURIs="#a http://x/p" style="document"',
             "policy reference"),
            ("xml:base would move imports", '<xsd:schema targetNamespace', '<xsd:schema xml:base="http://x/" targetNamespace',
             "xml:base"),
            ("a JAX-WS customisation element", '<wsdl:types>',
             '<jaxws:bindings xmlns:jaxws="http://java.sun.com/xml/ns/jaxws"/><wsdl:types>', "customisation"),
            ("a DOCTYPE without entities is refused too", '<?xml version="1.0" encoding="UTF-8"?>',
             '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE x>', "DOCTYPE"),
            ("an absolute import path", '<xsd:element name="echo">',
             '<xsd:include schemaLocation="/etc/x.xsd"/><xsd:element name="echo">', "not a relative path"),
            ("an import that leaves the bundle", '<xsd:element name="echo">',
             '<xsd:include schemaLocation="../x.xsd"/><xsd:element name="echo">', "leaves the bundle"),
            ("an import of a file that is not there", '<xsd:element name="echo">',
             '<xsd:include schemaLocation="x.xsd"/><xsd:element name="echo">', "names no file of the bundle"),
        ]
        for why, old, new, refusal in cases:
            with self.subTest(why):
                status, err = self.check(old, new)
                if refusal is None:
                    self.assertEqual((status, err), (0, ""))
                else:
                    self.assertEqual(status, 1)
                    self.assertTrue(err.startswith("error: unsafe value: echo.wsdl:"), err)
                    self.assertIn(refusal, err)
                    self.assertEqual(len(err.splitlines()), 1)

    def test_imported_documents_are_checked(self):
        # The value sits in an imported schema, not in the entry.
        status, err = self.check('<xsd:element name="echo">', '<xsd:include schemaLocation="xsd/more.xsd"/><xsd:element name="echo">',
                                 {"xsd/more.xsd": '<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
                                  'targetNamespace="urn:soapbench:echo"><xsd:element name="a&quot;"/></xsd:schema>'})
        self.assertEqual(status, 1)
        self.assertTrue(err.startswith('error: unsafe value: xsd/more.xsd:1: element/@name "a\\""'), err)

    def test_file_names(self):
        cases = [
            # (why, file name, accepted)
            ("a plain name", "echo.wsdl", True),
            ("folders", "a/b-c/d_e.1.xsd", True),
            ("a leading dash reads as an option", "-o.wsdl", False),
            ("a leading dash in a folder", "x/--help/y.xsd", False),
            ("a space", "a b.xsd", False),
            ("a quote", 'a".xsd', False),
            ("a dollar sign, for a shell", "a$b.xsd", False),
            ("non-ASCII", "\u00e9.xsd", False),
        ]
        for why, name, accepted in cases:
            with self.subTest(why):
                bundle = tempfile.mkdtemp(dir=self.work)
                shutil.copy(os.path.join(ECHO, "echo.wsdl"), os.path.join(bundle, "echo.wsdl"))
                os.makedirs(os.path.dirname(os.path.join(bundle, name)), exist_ok=True)
                with open(os.path.join(bundle, name), "w") as f:
                    f.write("<x/>")
                status, err = run(bundle, "echo.wsdl")
                self.assertEqual(status == 0, accepted, err)
                if not accepted:
                    self.assertIn('error: unsafe value: bundle: file name "', err)

    def test_links_are_refused(self):
        bundle = tempfile.mkdtemp(dir=self.work)
        shutil.copy(os.path.join(ECHO, "echo.wsdl"), os.path.join(bundle, "echo.wsdl"))
        os.symlink("/etc/passwd", os.path.join(bundle, "passwd.xsd"))
        status, err = run(bundle, "echo.wsdl")
        self.assertEqual(status, 1)
        self.assertIn('file "passwd.xsd" is a link', err)

    def test_samples(self):
        cases = [
            # (why, change to the first index entry, what the refusal holds, or None)
            ("the catalog's samples", {}, None),
            ("an operation name with a quote", {"operation": 'echo"'}, 'operation "echo\\""'),
            ("a soapAction with a quote", {"soapAction": 'urn:"'}, "soapAction"),
            ("a response file outside the folder", {"response": "../echo.wsdl"}, "file name"),
            ("a response file that does not exist", {"response": "nothere.xml"}, "names no file"),
            ("plain header blocks", {"headersIn": [{"namespace": "urn:h", "name": "token"}]}, None),
            ("a header block name with a quote", {"headersOut": [{"namespace": "urn:h", "name": 'a"b'}]},
             'headersOut name "a\\"b"'),
            ("a header block namespace with a space", {"headersIn": [{"namespace": "urn:a b", "name": "t"}]},
             "headersIn namespace"),
        ]
        for why, change, refusal in cases:
            with self.subTest(why):
                samples = os.path.join(tempfile.mkdtemp(dir=self.work), "samples")
                shutil.copytree(os.path.join(ECHO, "samples"), samples)
                with open(os.path.join(samples, "index.json")) as f:
                    index = json.load(f)
                index[0].update(change)
                with open(os.path.join(samples, "index.json"), "w") as f:
                    json.dump(index, f)
                status, err = run(ECHO, "echo.wsdl", samples)
                if refusal is None:
                    self.assertEqual((status, err), (0, ""))
                else:
                    self.assertEqual(status, 1)
                    self.assertIn("error: unsafe value: samples/index.json: ", err)
                    self.assertIn(refusal, err)

    def test_malformed_and_missing_entry_are_errors_not_values(self):
        status, err = run(os.path.join(ROOT, "testdata", "wsdl", "invalid", "malformed"), "echo.wsdl")
        self.assertEqual(status, 1)
        self.assertRegex(err, r"^error: echo\.wsdl:\d+:\d+: malformed XML: ")
        status, err = run(ECHO, "nothere.wsdl")
        self.assertEqual((status, err), (1, "error: entry WSDL nothere.wsdl is not a file of the bundle"))


class RepositoryWsdlsTest(unittest.TestCase):
    def test_every_catalog_and_test_wsdl_passes(self):
        cases = sorted(glob.glob(os.path.join(ROOT, "wsdl-catalog", "*")) + glob.glob(os.path.join(ROOT, "testdata", "wsdl", "*")))
        cases += [os.path.join(ROOT, "stack-runners", "gsoap", "testdata", name)
                  for name in ("bare", "document-encoded", "faults", "rpc-encoded", "rpc-literal", "soap12", "two-services",
                               "empty-inputs", "security-policy")]
        cases += [os.path.join(ROOT, "stack-runners", "axis2", "testdata", "mixed-content")]
        checked = 0
        for case in cases:
            entries = sorted(os.path.basename(p) for p in glob.glob(os.path.join(case, "*.wsdl")))
            if not entries:
                continue
            samples = os.path.join(case, "samples")
            with self.subTest(case=os.path.relpath(case, ROOT)):
                status, err = run(case, entries[0], samples if os.path.isdir(samples) else None)
                self.assertEqual((status, err), (0, ""))
                checked += 1
        self.assertGreaterEqual(checked, 25)


if __name__ == "__main__":
    unittest.main()
