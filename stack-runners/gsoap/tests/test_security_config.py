"""security_config.py: the profile's mode as C++ constants, hostile values escaped, and the
modes this runner's wsse code does not implement refused with unsupported:."""
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import security_config  # noqa: E402

PROFILE = os.path.join(HERE, "..", "..", "security", "profile.json")


def load_profile():
    with open(PROFILE, encoding="utf-8") as f:
        return json.load(f)


class RenderTest(unittest.TestCase):
    def test_each_mode_says_what_the_profile_says(self):
        profile = load_profile()
        expected = {  # request username/signed/encrypted, response signed/encrypted
            "username": ("true", "false", "false", "false", "false"),
            "sign": ("false", "true", "false", "true", "false"),
            "signencr": ("false", "true", "true", "true", "true"),
        }
        for mode, flags in expected.items():
            header, files = security_config.render(profile, mode)
            for name, flag in zip(("kRequestUsernameToken", "kRequestSigned", "kRequestEncrypted",
                                   "kResponseSigned", "kResponseEncrypted"), flags):
                self.assertIn(f"const bool {name} = {flag};", header, mode)
            self.assertEqual(sorted(files), sorted(profile["pki"]["files"][k] for k in security_config.PKI_FILES))
        # signencr's policy lets a client reference its certificate by issuer and serial; sign's does not.
        self.assertIn("kRequestSignatureByIssuerSerial = true;", security_config.render(profile, "signencr")[0])
        self.assertIn("kRequestSignatureByIssuerSerial = false;", security_config.render(profile, "sign")[0])
        header, _ = security_config.render(profile, "sign")
        self.assertIn(f"kTimestampTtlSeconds = {profile['modes']['sign']['timestampTtlSeconds']};", header)

    def test_encrypting_without_signing_is_unsupported(self):
        for direction in ("request", "response"):
            profile = load_profile()
            part = profile["modes"]["signencr"][direction]
            part["signedParts"] = []
            part["tokens"] = [t for t in part["tokens"] if t != "Signature"]
            with self.assertRaisesRegex(security_config.Unsupported, f"{direction}: encryption without a signature"):
                security_config.render(profile, "signencr")

    def test_encrypting_before_signing_is_unsupported(self):
        profile = load_profile()
        profile["modes"]["signencr"]["protectionOrder"] = "EncryptBeforeSigning"
        with self.assertRaisesRegex(security_config.Unsupported, "protection order EncryptBeforeSigning"):
            security_config.render(profile, "signencr")

    def test_plain_and_unknown_modes_are_refused(self):
        for mode in ("plain", "x509-only"):
            with self.assertRaises(security_config.Unsupported):
                security_config.render(load_profile(), mode)

    def test_other_algorithms_and_references_are_unsupported(self):
        changes = [
            lambda p: p["algorithmSuite"].update(signature="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"),
            lambda p: p["modes"]["sign"]["response"].update(signatureKeyReference="DirectReference"),
            lambda p: p["modes"]["sign"]["request"].update(signedParts=["Body"]),
            lambda p: p["pki"]["files"].update(caCert="../../etc/passwd"),
        ]
        for change in changes:
            profile = copy.deepcopy(load_profile())
            change(profile)
            with self.assertRaises(security_config.Unsupported):
                security_config.render(profile, "sign")

    def test_main_prints_the_unsupported_line(self):
        with tempfile.TemporaryDirectory() as work:
            profile = load_profile()
            profile["algorithmSuite"]["digest"] = "http://www.w3.org/2001/04/xmlenc#sha256"
            path = os.path.join(work, "profile.json")
            with open(path, "w") as f:
                json.dump(profile, f)
            run = subprocess.run([sys.executable, security_config.__file__, path, "sign", os.path.join(work, "h")],
                                 capture_output=True, text=True)
            self.assertEqual(run.returncode, 3)
            self.assertTrue(run.stderr.startswith("unsupported: security mode sign: algorithm digest "), run.stderr)


class EscapingTest(unittest.TestCase):
    HOSTILE = 'a"b\\c\n*/ ?" ; system("x"); //\u00e9\u6771'

    def test_literal_has_no_raw_quote_backslash_or_newline(self):
        literal = security_config.c_string(self.HOSTILE)
        inner = literal[1:-1]
        self.assertNotIn('"', inner)
        self.assertNotIn("\n", inner)
        self.assertTrue(all(c.isalnum() or c in " \\" for c in inner))

    @unittest.skipUnless(shutil.which("g++"), "g++ is not installed")
    def test_compiled_literal_is_the_value(self):
        profile = load_profile()
        profile["credentials"]["password"] = self.HOSTILE
        header, _ = security_config.render(profile, "username")
        with tempfile.TemporaryDirectory() as work:
            with open(os.path.join(work, "security_config.h"), "w") as f:
                f.write(header)
            with open(os.path.join(work, "main.cpp"), "w") as f:
                f.write('#include <cstdio>\n#include "security_config.h"\n'
                        'int main() { fputs(soapbench_security_config::kPassword, stdout); }\n')
            subprocess.run(["g++", "-o", os.path.join(work, "main"), os.path.join(work, "main.cpp")], check=True)
            out = subprocess.run([os.path.join(work, "main")], capture_output=True, check=True).stdout
            self.assertEqual(out.decode("utf-8"), self.HOSTILE)


if __name__ == "__main__":
    unittest.main()
