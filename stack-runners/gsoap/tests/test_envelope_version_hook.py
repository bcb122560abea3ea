"""envelope_version_hook.py: soapcpp2's soap_getheader notes the Envelope's namespaces before the
Header is read, and a soapC.cpp of another shape fails the build instead of going unmended."""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import envelope_version_hook  # noqa: E402

# soapC.cpp's function as soapcpp2 2.8.124 writes it, with its neighbour.
SOAPC = """SOAP_FMAC3 int SOAP_FMAC4 soap_getheader(struct soap *soap)
{
\tsoap->part = SOAP_IN_HEADER;
\tsoap->header = soap_in_SOAP_ENV__Header(soap, "SOAP-ENV:Header", soap->header, NULL);
\tsoap->part = SOAP_END_HEADER;
\treturn soap->header == NULL;
}

SOAP_FMAC3 int SOAP_FMAC4 soap_putheader(struct soap *soap)
{
"""


class EnvelopeVersionHookTest(unittest.TestCase):
    def run_hook(self, code):
        with tempfile.TemporaryDirectory() as work:
            path = os.path.join(work, "soapC.cpp")
            with open(path, "w", encoding="utf-8") as f:
                f.write(code)
            run = subprocess.run([sys.executable, envelope_version_hook.__file__, path], capture_output=True, text=True)
            with open(path, encoding="utf-8") as f:
                return run, f.read()

    def test_the_envelope_is_noted_before_the_header_is_read(self):
        run, code = self.run_hook(SOAPC)
        self.assertEqual(run.returncode, 0, run.stderr)
        body = code[code.index("soap_getheader(struct soap *soap)\n{"):]
        self.assertLess(body.index("soapbench_note_envelope(soap);"), body.index("soap_in_SOAP_ENV__Header"))
        self.assertIn("void soapbench_note_envelope(struct soap *soap);", code)
        self.assertIn("soap_putheader", code)

    def test_another_soapc_fails_and_stays_as_it_was(self):
        other = SOAPC.replace("\tsoap->part = SOAP_IN_HEADER;\n", "\tsoap->part = 7;\n", 1)
        run, code = self.run_hook(other)
        self.assertEqual(run.returncode, 1)
        self.assertTrue(run.stderr.startswith("error: envelope: "), run.stderr)
        self.assertIn("soap_getheader", run.stderr)
        self.assertEqual(code, other)


if __name__ == "__main__":
    unittest.main()
