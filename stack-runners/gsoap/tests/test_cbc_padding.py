"""cbc_padding.py: the helpers it adds to gSOAP's mecevp.c pass decrypted bytes on in order and
drop XML Encryption's padding (random bytes, the last one their count) at the end, however the
stream is cut; an impossible count fails; a mecevp.c of another shape fails the build."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import cbc_padding  # noqa: E402

MECEVP = "/usr/share/gsoap/plugin/mecevp.c"
# The engine's fields the helpers use, as mecevp.h declares them, and a driver that feeds
# argv[1] (hex) in chunks of argv[2] bytes and prints what the parser would get, or FAIL.
HARNESS = r'''
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <openssl/evp.h>
#define SOAP_MEC_GCM (0x1000)
#define SOAP_MEC_ALGO (0x1FFF)
#define SOAP_MEC_DEC (0x0000)
#define SOAP_MEC_ENV (0x4000)
#define SOAP_MEC_ENV_DEC (SOAP_MEC_ENV | SOAP_MEC_DEC)
#define SOAP_MEC_MASK (0xFFFF)
#define SOAP_MEC_STORE (0x010000)
struct soap_mec_data { int alg; const EVP_CIPHER *type; char tag[16]; char taglen; };
HELPERS
int main(int argc, char **argv)
{
  std::string in, parsed;
  for (const char *h = argv[1]; h[0] && h[1]; h += 2)
    in += (char)strtol(std::string(h, 2).c_str(), nullptr, 16);
  size_t chunk = (size_t)atoi(argv[2]);
  struct soap_mec_data data = {SOAP_MEC_ENV_DEC, EVP_aes_128_cbc(), {0}, 0};
  if (!SOAPBENCH_DROPS_CBC_PADDING(&data)) { fputs("NOT ARMED", stdout); return 0; }
  char buf[256];
  for (size_t at = 0; at < in.size(); at += chunk) {
    size_t len = in.size() - at < chunk ? in.size() - at : chunk;
    memcpy(buf, in.data() + at, len);
    parsed.append(buf, soapbench_hold_last_block(&data, buf, len));
  }
  int len = 0;
  if (!soapbench_drop_padding(&data, buf, &len)) { fputs("FAIL", stdout); return 0; }
  parsed.append(buf, (size_t)len);
  fwrite(parsed.data(), 1, parsed.size(), stdout);
  return 0;
}
'''


@unittest.skipUnless(shutil.which("g++"), "g++ is not installed")
class PaddingHelpersTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp()
        helpers = cbc_padding.HELPERS.replace('#include "mecevp.h"', "")
        source = os.path.join(cls.work, "harness.cpp")
        with open(source, "w") as f:
            f.write(HARNESS.replace("HELPERS", helpers))
        cls.binary = os.path.join(cls.work, "harness")
        subprocess.run(["g++", "-std=c++11", "-o", cls.binary, source, "-lcrypto"], check=True)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work)

    def parse(self, data, chunk):
        return subprocess.run([self.binary, data.hex(), str(chunk)], capture_output=True, check=True).stdout

    def test_padding_dropped_and_text_kept_whatever_the_chunks(self):
        plaintext = b"\n    <e:echo>\n      <e:text>fox</e:text>\n    </e:echo>\n  "
        for pad in (1, 7, 16):
            padded = plaintext + bytes(range(0xa0, 0xa0 + pad - 1)) + bytes([pad])
            for chunk in (1, 5, 16, 17, len(padded)):
                self.assertEqual(self.parse(padded, chunk), plaintext, (pad, chunk))

    def test_one_block_message(self):
        self.assertEqual(self.parse(b"<a/>" + b"\x11" * 11 + b"\x0c", 16), b"<a/>")

    def test_impossible_counts_fail(self):
        for last in (0, 17, 255):
            self.assertEqual(self.parse(b"<a/>" + b"\x00" * 11 + bytes([last]), 16), b"FAIL", last)
        self.assertEqual(self.parse(b"\x05", 1), b"FAIL")  # more padding than bytes


class PatchTest(unittest.TestCase):
    @unittest.skipUnless(os.path.isfile(MECEVP), "gSOAP's plug-in sources are not installed")
    def test_all_three_places_of_gsoaps_mecevp_are_edited(self):
        with tempfile.TemporaryDirectory() as work:
            copy = os.path.join(work, "mecevp.c")
            shutil.copy(MECEVP, copy)
            self.assertEqual(cbc_padding.main(copy), 0)
            with open(copy, encoding="utf-8") as f:
                code = f.read()
            self.assertEqual(code.count("? soapbench_hold_last_block("), 2)
            self.assertIn("ok = soapbench_drop_padding(", code)

    def test_another_mecevp_fails_untouched(self):
        with tempfile.TemporaryDirectory() as work:
            source = os.path.join(work, "mecevp.c")
            with open(source, "w") as f:
                f.write('\n#include "mecevp.h"\nint nothing;\n')
            run = subprocess.run([sys.executable, cbc_padding.__file__, source], capture_output=True, text=True)
            self.assertEqual(run.returncode, 1)
            self.assertTrue(run.stderr.startswith("error: security: "), run.stderr)
            with open(source) as f:
                self.assertEqual(f.read(), '\n#include "mecevp.h"\nint nothing;\n')


if __name__ == "__main__":
    unittest.main()
