"""Values the checker lets through still reach the runners' own glue intact.

RFC 3986 allows $ % & ( ) ; * ! ? @ [ ] in a URI, and an NCName allows - and . and non-ASCII letters:
characters a shell, a printf format, XML or a Java or C++ compiler reads specially. The echo
service with such a namespace, SOAP action and service name is built, served and verified by
contract-test with the worker's own code, on gSOAP (whose client table holds the SOAP action)
and Metro (whose endpoint class names the service and its namespace).
"""
import json
import os
import shutil
import subprocess
import tempfile
import unittest
from xml.sax.saxutils import escape

from hostile_cases import ECHO, ROOT

# No $ in the namespace: wsimport derives a Java package from it with a regular expression
# replacement that reads $ as a group reference, so it generates sources that do not compile.
NAMESPACE = "urn:soapbench:echo:%41&x=(1);y*!?z=@[]~,+"
ACTION = "urn:soapbench:echo:echo$1%25s%41&a=(b);c"
SERVICE = "Echo-Service.v\u00e9"


def write_case(root):
    case = os.path.join(root, "escaped-echo")
    shutil.copytree(os.path.join(ECHO, "samples"), os.path.join(case, "samples"))
    with open(os.path.join(ECHO, "echo.wsdl"), encoding="utf-8") as f:
        wsdl = f.read()
    wsdl = (wsdl.replace('"urn:soapbench:echo"', f'"{escape(NAMESPACE)}"')
            .replace('soapAction="urn:soapbench:echo:echo"', f'soapAction="{escape(ACTION)}"')
            .replace('name="EchoService"', f'name="{SERVICE}"'))
    with open(os.path.join(case, "echo.wsdl"), "w", encoding="utf-8") as f:
        f.write(wsdl)
    for name in os.listdir(os.path.join(case, "samples")):
        path = os.path.join(case, "samples", name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if name == "index.json":
            index = json.loads(text)
            for entry in index:
                entry["soapAction"] = ACTION
            text = json.dumps(index)
        else:
            text = text.replace('"urn:soapbench:echo"', f'"{escape(NAMESPACE)}"')
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    with open(os.path.join(case, "case.json"), "w") as f:
        json.dump({"styles": ["document-literal-wrapped"], "soapVersions": ["1.1"], "features": []}, f)
    return case


class EscapedBuildsTest(unittest.TestCase):
    def test_the_checker_lets_the_values_through(self):
        with tempfile.TemporaryDirectory() as work:
            case = write_case(work)
            checked = subprocess.run(["python3", os.path.join(ROOT, "stack-runners", "toolset", "safe_values.py"),
                                      "--bundle", case, "--entry=echo.wsdl", "--samples", os.path.join(case, "samples")],
                                     capture_output=True, text=True)
            self.assertEqual(checked.returncode, 0, checked.stderr)

    def test_stacks_build_serve_and_verify_them(self):
        for stack in ("gsoap", "metro"):
            with self.subTest(stack=stack), tempfile.TemporaryDirectory() as work:
                case = write_case(work)
                result = subprocess.run([os.path.join(ROOT, "stack-runners", "contract-test"), "-v", stack, case],
                                        capture_output=True, text=True, timeout=900)
                # The case's own line decides; the behaviour phase skips its serve checks here, as
                # no catalog echo is built, and that is no reason to skip the case.
                lines = [line for line in result.stdout.strip().splitlines() if " behaviour: " not in line]
                if any(line.startswith("SKIP") for line in lines) and result.returncode == 0:
                    self.skipTest(f"{stack}: " + next(line for line in lines if line.startswith("SKIP")))
                self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
                self.assertTrue(any(line.startswith(f"PASS {stack} ") for line in lines), result.stdout)


if __name__ == "__main__":
    unittest.main()
