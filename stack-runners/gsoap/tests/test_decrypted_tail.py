"""decrypted_tail.py: the copy of gSOAP's wsseapi.c keeps the text that ends decrypted content,
and a wsseapi.c of another shape fails instead of being copied as it is."""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import decrypted_tail  # noqa: E402

WSSEAPI = "/usr/share/gsoap/plugin/wsseapi.c"


class DecryptedTailTest(unittest.TestCase):
    @unittest.skipUnless(os.path.isfile(WSSEAPI), "gSOAP's plug-in sources are not installed")
    def test_the_tail_is_no_longer_dropped(self):
        with tempfile.TemporaryDirectory() as work:
            out = os.path.join(work, "wsseapi.c")
            self.assertEqual(decrypted_tail.main(WSSEAPI, out), 0)
            with open(WSSEAPI, encoding="utf-8") as f:
                original = f.read()
            with open(out, encoding="utf-8") as f:
                code = f.read()
            self.assertIn("dom->tail = NULL;", original)
            self.assertNotIn("dom->tail = NULL;", code)
            self.assertIn("decrypted_tail.py", code)

    def test_another_wsseapi_fails(self):
        with tempfile.TemporaryDirectory() as work:
            source, out = os.path.join(work, "wsseapi.c"), os.path.join(work, "out.c")
            with open(source, "w") as f:
                f.write("int nothing;\n")
            run = subprocess.run([sys.executable, decrypted_tail.__file__, source, out], capture_output=True, text=True)
            self.assertEqual(run.returncode, 1)
            self.assertTrue(run.stderr.startswith("error: security: "), run.stderr)
            self.assertFalse(os.path.exists(out))


if __name__ == "__main__":
    unittest.main()
