"""oaep_key_transport.py: the copy of gSOAP's mecevp.c transports keys with RSA-OAEP when
SOAP_MEC_OAEP is set, and a mecevp.c of another shape fails instead of being copied as it is."""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import oaep_key_transport  # noqa: E402

MECEVP = "/usr/share/gsoap/plugin/mecevp.c"


class OaepKeyTransportTest(unittest.TestCase):
    @unittest.skipUnless(os.path.isfile(MECEVP), "gSOAP's plug-in sources are not installed")
    def test_both_key_transport_calls_take_oaep(self):
        with tempfile.TemporaryDirectory() as work:
            out = os.path.join(work, "mecevp.c")
            self.assertEqual(oaep_key_transport.main(MECEVP, out), 0)
            code = open(out, encoding="utf-8").read()
            self.assertIn("? soapbench_oaep_encrypt_key(", code)
            self.assertIn("? soapbench_oaep_open(", code)
            self.assertIn("EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_OAEP_PADDING)", code)

    def test_another_mecevp_fails(self):
        with tempfile.TemporaryDirectory() as work:
            source, out = os.path.join(work, "mecevp.c"), os.path.join(work, "out.c")
            with open(source, "w") as f:
                f.write('\n#include "mecevp.h"\nint nothing;\n')
            run = subprocess.run([sys.executable, oaep_key_transport.__file__, source, out],
                                 capture_output=True, text=True)
            self.assertEqual(run.returncode, 1)
            self.assertTrue(run.stderr.startswith("error: security: "), run.stderr)
            self.assertFalse(os.path.exists(out))


if __name__ == "__main__":
    unittest.main()
