"""gen_glue.py escapes what it writes into services.xml and glue.cpp; runs without WSF/C++ installed."""
import os
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gen_glue  # noqa: E402

HOSTILE = 'urn:x"/><parameter name="ServiceClass">pwn</parameter><x a="&amp;\'$HOME%41'


class ServicesXmlTest(unittest.TestCase):
    def test_names_and_actions_read_back_as_written(self):
        operations = [{"name": "echo", "soapAction": HOSTILE, "request": ["urn:x", 'echo"<>&'], "response": None}]
        root = ET.fromstring(gen_glue.services_xml(operations, 'Svc"<&>'))
        self.assertEqual(root.get("name"), 'Svc"<&>')
        self.assertEqual(root.find("parameter").text, 'Svc"<&>')
        operation = root.find("operation")
        self.assertEqual(operation.get("name"), 'echo"<>&')
        self.assertEqual(operation.find("parameter").text, HOSTILE)
        self.assertEqual(len(root.findall("parameter")), 1)


class GlueSourceTest(unittest.TestCase):
    def test_no_value_leaves_its_literal(self):
        operations = [{"name": 'echo"; system("x"); //', "soapAction": "", "request": ["urn:a??/", "echo"],
                       "response": ["urn:a??/", "echoResponse"]}]
        types = {("urn:a??/", "echo"): "adb_echo", ("urn:a??/", "echoResponse"): "adb_echoResponse"}
        source = gen_glue.glue_source(operations, types, {operations[0]["name"]: '<a>"\n??/</a>'})
        self.assertNotIn('system("x")', source)
        self.assertNotIn("??/", source)
        self.assertIn(r'"echo\042; system(\042x\042); //"', source)

    def test_a_generated_file_that_is_no_c_identifier_is_refused(self):
        with tempfile.TemporaryDirectory() as generated:
            with open(os.path.join(generated, "adb_a-b.c"), "w") as f:
                f.write("/* implmentation of the a-b|urn:x element */\n")
            with self.assertRaises(gen_glue.GlueProblem):
                gen_glue.element_types(generated)


if __name__ == "__main__":
    unittest.main()
