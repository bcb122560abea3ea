"""xmime_namespaces.py: wsdl2h's undeclared xmime prefixes get the bundle's xmlmime namespace;
runs without gSOAP installed: python3 -m unittest discover -s stack-runners/gsoap/tests"""
import io
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import xmime_namespaces  # noqa: E402

MIME_2005 = "http://www.w3.org/2005/05/xmlmime"
MIME_2004 = "http://www.w3.org/2004/06/xmlmime"

# A WSDL whose schema refers to xmime:contentType by a prefix of its own (line 7), and a second
# reference in another namespace on line 8 when `second` is set.
WSDL = """<?xml version="1.0"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:xs="http://www.w3.org/2001/XMLSchema"
    targetNamespace="urn:docs">
  <types>
    <xs:schema targetNamespace="urn:docs" xmlns:mm="{first}" xmlns:old="{second}">
      <xs:complexType name="Blob">
        <xs:attribute ref="mm:contentType"/>
        {second_ref}
      </xs:complexType>
    </xs:schema>
  </types>
</definitions>
"""

# What wsdl2h writes for such a reference: a member with its built-in prefix, no declaration.
SVC_H = "class ns1__Blob\n{ public:\n  @ char* xmime__contentType 0;\n};\n"


class XmimeNamespacesTest(unittest.TestCase):
    def run_on(self, wsdl, header=SVC_H):
        folder = tempfile.mkdtemp()
        with open(os.path.join(folder, "docs.wsdl"), "w", encoding="utf-8") as f:
            f.write(wsdl)
        svc_h = os.path.join(folder, "svc.h")
        with open(svc_h, "w", encoding="utf-8") as f:
            f.write(header)
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            status = xmime_namespaces.main(svc_h, folder, "docs.wsdl")
        with open(svc_h, encoding="utf-8") as f:
            return status, f.read(), err.getvalue()

    def test_declares_the_namespace_the_bundle_refers_to(self):
        status, header, _ = self.run_on(WSDL.format(first=MIME_2005, second="urn:unused", second_ref=""))
        self.assertEqual(0, status)
        self.assertIn(f"//gsoap xmime schema namespace:\t{MIME_2005}\n", header)

    def test_the_older_namespace_is_declared_when_the_bundle_uses_it(self):
        status, header, _ = self.run_on(WSDL.format(first=MIME_2004, second="urn:unused", second_ref=""))
        self.assertEqual(0, status)
        self.assertIn(f"//gsoap xmime schema namespace:\t{MIME_2004}\n", header)

    def test_a_header_that_declares_the_prefix_is_left_alone(self):
        declared = SVC_H + f"//gsoap xmime schema namespace: {MIME_2004}\n"
        status, header, _ = self.run_on(WSDL.format(first=MIME_2005, second="urn:unused", second_ref=""),
                                        declared)
        self.assertEqual((0, declared), (status, header))

    def test_a_header_without_xmime_members_is_left_alone(self):
        plain = "class ns1__Blob\n{ public:\n  @ char* type 0;\n};\n"
        status, header, _ = self.run_on(WSDL.format(first=MIME_2005, second="urn:unused", second_ref=""), plain)
        self.assertEqual((0, plain), (status, header))

    def test_two_namespaces_for_one_prefix_are_refused_with_the_place(self):
        wsdl = WSDL.format(first=MIME_2005, second=MIME_2004, second_ref='<xs:attribute ref="old:contentType"/>')
        status, header, err = self.run_on(wsdl)
        self.assertEqual(1, status)
        self.assertEqual(SVC_H, header)
        self.assertTrue(err.startswith(f"unsupported: xmlmime namespace {MIME_2004}, in docs.wsdl:8,"), err)
        self.assertNotIn(tempfile.gettempdir(), err)


if __name__ == "__main__":
    unittest.main()
