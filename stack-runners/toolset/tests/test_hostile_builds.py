"""Every runner refuses every hostile bundle of hostile_cases.py before any generator runs.

Each `runner build` must fail with a last stderr line `error: unsafe value: ...` (or
`unsupported: ...`), leave no build folder behind (the refusal comes before the runner creates
it, so before WSDLToJava, wsimport, WSDL2Java, wsdl2h, soapcpp2 or WSDL2C), create no marker file
and make no connection to the loopback listener the payloads aim at.
"""
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import unittest

from hostile_cases import CASES, ROOT, write_case

STACKS = ("cxf", "metro", "axis2", "gsoap", "wsfcpp")
RUNNERS = os.path.join(ROOT, "stack-runners")


class Listener:
    """Accepts on a loopback port and counts who came."""

    def __init__(self):
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(16)
        self.port = self.socket.getsockname()[1]
        self.connections = 0
        self.thread = threading.Thread(target=self.accept, daemon=True)
        self.thread.start()

    def accept(self):
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            self.connections += 1
            connection.close()

    def close(self):
        self.socket.close()


class HostileBuildsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.listener = Listener()
        cls.work = tempfile.mkdtemp(prefix="hostile-builds.")

    @classmethod
    def tearDownClass(cls):
        cls.listener.close()
        shutil.rmtree(cls.work, ignore_errors=True)

    def test_every_runner_refuses_every_case(self):
        for name in CASES:
            bundle, entry, samples, marker = write_case(name, os.path.join(self.work, name), self.listener.port)
            if os.path.exists(marker):
                os.remove(marker)
            for stack in STACKS:
                with self.subTest(case=name, stack=stack):
                    out = os.path.join(self.work, name, f"out-{stack}")
                    result = subprocess.run(
                        [os.path.join(RUNNERS, stack, "runner"), "build", "--wsdl", bundle, "--entry", entry,
                         "--samples", samples, "--security", "plain", "--out", out],
                        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)
                    lines = result.stderr.strip().splitlines() or [""]
                    self.assertNotEqual(result.returncode, 0, f"{stack} built {name}")
                    self.assertTrue(lines[-1].startswith(("error: unsafe value: ", "unsupported: ")),
                                    f"{stack} on {name}: last line {lines[-1]!r}")
                    self.assertIn(CASES[name]["refusal"], lines[-1], f"{stack} on {name}: refused for another reason")
                    self.assertFalse(os.path.exists(out), f"{stack} on {name}: a build folder was made")
                    self.assertFalse(os.path.exists(marker), f"{stack} on {name}: the payload ran")
                    self.assertEqual(self.listener.connections, 0, f"{stack} on {name}: the listener was reached")


if __name__ == "__main__":
    unittest.main()
