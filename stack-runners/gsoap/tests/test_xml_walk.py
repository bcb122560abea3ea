"""xml_walk.py and the helpers that read the bundle with it; runs without gSOAP installed:
python3 -m unittest discover -s stack-runners/gsoap/tests"""
import os
import sys
import tempfile
import unittest
import xml.parsers.expat

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import check_bundle  # noqa: E402
import header_body_parts  # noqa: E402
import rpc_body_namespaces  # noqa: E402
import xml_walk  # noqa: E402

WSDL = "http://schemas.xmlsoap.org/wsdl/"
SOAP = "http://schemas.xmlsoap.org/wsdl/soap/"

# An rpc binding whose input soap:body has no namespace (line 13) and whose output states one,
# and whose input binds part "auth" of its own message as a header.
RPC_WSDL = b"""<?xml version="1.0"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
    xmlns:tns="urn:quotes" targetNamespace="urn:quotes">
  <message name="In"><part name="auth" type="xsd:string"/><part name="symbol" type="xsd:string"/></message>
  <message name="Out"><part name="price" type="xsd:string"/></message>
  <portType name="Quotes">
    <operation name="get"><input message="tns:In"/><output message="tns:Out"/></operation>
  </portType>
  <binding name="QuotesBinding" type="tns:Quotes">
    <soap:binding style="rpc" transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="get">
      <input>
        <soap:body use="literal"/><soap:header message="tns:In" part="auth" use="literal"/>
      </input>
      <output><soap:body use="literal" namespace="urn:quotes"/></output>
    </operation>
  </binding>
</definitions>
"""


def written(content):
    """A temporary file holding content; the caller removes it."""
    f = tempfile.NamedTemporaryFile(suffix=".wsdl", delete=False)
    with f:
        f.write(content)
    return f.name


class WalkTest(unittest.TestCase):
    def walk(self, content, end=None):
        path = written(content)
        self.addCleanup(os.remove, path)
        seen = []
        xml_walk.walk(path, lambda walk, element, attrs: seen.append(
            (element, walk.ancestor(1), walk.ancestor(2), walk.line, walk.byte_index, dict(attrs),
             walk.qname(attrs.get("ref")))), end)
        return seen

    def test_elements_come_with_their_ancestors_line_and_offset(self):
        content = b'<a xmlns="urn:a">\n  <b>\n    <c x="1"/></b></a>'
        seen = self.walk(content)
        self.assertEqual([s[0] for s in seen], [("urn:a", "a"), ("urn:a", "b"), ("urn:a", "c")])
        element, parent, grandparent, line, offset, attrs, _ = seen[2]
        self.assertEqual((parent, grandparent, line, attrs), (("urn:a", "b"), ("urn:a", "a"), 3, {"x": "1"}))
        self.assertEqual(content[offset:offset + 2], b"<c")
        self.assertIsNone(seen[0][1])

    def test_qnames_resolve_by_the_prefixes_in_scope(self):
        seen = self.walk(b'<a xmlns:p="urn:outer" ref="p:x"><b xmlns:p="urn:inner" ref="p:y"/>'
                         b'<c ref="p:z"/><d ref="q:w"/><e xmlns="urn:default" ref="v"/></a>')
        self.assertEqual([s[6] for s in seen], [("urn:outer", "x"), ("urn:inner", "y"), ("urn:outer", "z"),
                                                ("", "w"), ("urn:default", "v")])

    def test_end_sees_the_closing_element_still_open(self):
        closed = []
        self.walk(b"<a><b/></a>", end=lambda walk, element: closed.append((element, list(walk.open))))
        self.assertEqual(closed, [(("", "b"), [("", "a"), ("", "b")]), (("", "a"), [("", "a")])])

    def test_malformed_xml_raises_with_its_line(self):
        with self.assertRaises(xml.parsers.expat.ExpatError) as raised:
            self.walk(b"<a>\n<b></a>")
        self.assertEqual(raised.exception.lineno, 2)


class WithAttributesTest(unittest.TestCase):
    def test_inserted_after_the_element_name_and_no_line_moves(self):
        content = b'<a>\n  <p:body use="x"/>\n  <p:body\n/>\n  <b/></a>'
        first, second, third = content.index(b"<p:body"), content.rindex(b"<p:body"), content.index(b"<b/>")
        result = xml_walk.with_attributes(content, {third: ' n="3"', first: ' n="1"', second: ' n="2"'})
        self.assertEqual(result, b'<a>\n  <p:body n="1" use="x"/>\n  <p:body n="2"\n/>\n  <b n="3"/></a>')


    def test_a_file_is_rewritten_in_place_unless_it_is_utf16(self):
        utf8, utf16 = written(b'<a><b/></a>'), written('<a><b/></a>'.encode("utf-16"))
        self.addCleanup(os.remove, utf8)
        self.addCleanup(os.remove, utf16)
        self.assertTrue(xml_walk.insert_attributes(utf8, {3: ' n="1"'}))
        self.assertFalse(xml_walk.insert_attributes(utf16, {3: ' n="1"'}))
        with open(utf8, "rb") as f:
            self.assertEqual(f.read(), b'<a><b n="1"/></a>')
        with open(utf16, "rb") as f:
            self.assertEqual(f.read(), '<a><b/></a>'.encode("utf-16"))


class HelpersTest(unittest.TestCase):
    def setUp(self):
        self.path = written(RPC_WSDL)
        self.addCleanup(os.remove, self.path)

    def test_rpc_body_without_namespace_is_found_at_its_line(self):
        found = rpc_body_namespaces.missing_namespaces(self.path)
        self.assertEqual([line for _, line in found], [13])
        self.assertTrue(RPC_WSDL[found[0][0]:].startswith(b"<soap:body"))

    def test_header_bound_part_leaves_the_other_for_the_body(self):
        document = header_body_parts.read_document(self.path)
        self.assertEqual(document.bindings[0][0], ("urn:quotes", "Quotes"))
        found = header_body_parts.body_parts({"q.wsdl": document})
        self.assertEqual([(line, parts) for _, line, parts in found["q.wsdl"]], [(13, ["symbol"])])

    def test_check_bundle_tree_keeps_lines(self):
        root = check_bundle.parse(self.path, "q.wsdl")
        bodies = [e for e in root.walk() if (e.uri, e.name) == (SOAP, "body")]
        self.assertEqual([e.line for e in bodies], [13, 15])
        self.assertEqual((root.uri, root.name), (WSDL, "definitions"))

    def test_check_bundle_names_malformed_xml_by_file_line_and_column(self):
        path = written(b"<a>\n  <b></a>")
        self.addCleanup(os.remove, path)
        with self.assertRaises(check_bundle.BundleProblem) as raised:
            check_bundle.parse(path, "bad.wsdl")
        self.assertEqual(str(raised.exception), "bad.wsdl:2:8: malformed XML: mismatched tag")


if __name__ == "__main__":
    unittest.main()
