import os
import re
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

import echo_payloads

HERE = os.path.dirname(os.path.abspath(__file__))
TEXT = "{urn:soapbench:echo}text"


def read(path):
    with open(path, "rb") as f:
        return f.read()


class EchoPayloadsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.TemporaryDirectory()
        for name, size in echo_payloads.SIZES.items():
            echo_payloads.write(os.path.join(cls.scratch.name, name), size)

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()

    def folder(self, name):
        return os.path.join(self.scratch.name, name)

    def test_request_payloads_have_the_article_sizes_exactly(self):
        for name, size in echo_payloads.SIZES.items():
            envelope = read(os.path.join(self.folder(name), "echo.request.xml"))
            payload = re.search(rb"<e:echo .*</e:echo>", envelope).group(0)
            self.assertEqual(len(payload), size, name)

    def test_only_the_text_differs_between_sizes(self):
        shapes = {re.sub(rb"<e:text>[^<]*</e:text>", b"<e:text/>", read(os.path.join(self.folder(n), "echo.request.xml")))
                  for n in echo_payloads.SIZES}
        self.assertEqual(len(shapes), 1)

    def test_response_carries_the_request_text(self):
        for name in echo_payloads.SIZES:
            request = ET.fromstring(read(os.path.join(self.folder(name), "echo.request.xml")))
            response = ET.fromstring(read(os.path.join(self.folder(name), "echo.response.xml")))
            self.assertEqual(response.find(".//{urn:soapbench:echo}echoResponse/" + TEXT).text,
                             request.find(".//{urn:soapbench:echo}echo/" + TEXT).text)

    def test_committed_payloads_are_what_the_generator_writes(self):
        committed = os.path.join(HERE, "payloads")
        for name in sorted(os.listdir(committed)):
            for file in ("index.json", "echo.request.xml", "echo.response.xml"):
                self.assertEqual(read(os.path.join(committed, name, file)), read(os.path.join(self.folder(name), file)),
                                 f"datasets/echo/payloads/{name}/{file} is stale: run make -C datasets samples")

    def test_an_unknown_size_is_refused_with_one_line(self):
        result = subprocess.run([sys.executable, os.path.join(HERE, "echo_payloads.py"), "--out", self.scratch.name,
                                 "--sizes", "2kb"], capture_output=True, text=True)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stderr.strip().count("\n"), 0)
        self.assertIn("unknown size '2kb'", result.stderr)
