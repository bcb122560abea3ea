"""Operations of bindings no wsdl:port names: found in the bundle (portless_bindings.py), answered
with a fault by the generated implementation (gen_impl.py), and, where gSOAP is installed, served
so by a build of testdata/portless-binding:
python3 -m unittest discover -s stack-runners/gsoap/tests"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
GSOAP = os.path.dirname(HERE)
sys.path.insert(0, GSOAP)
import gen_impl  # noqa: E402
import portless_bindings  # noqa: E402

CASE = os.path.join(GSOAP, "testdata", "portless-binding")
REASON = "operation reboot of binding MaintenanceBinding is not served: no wsdl:port names its binding"

# The served binding lives in the entry; the imported document declares a portless binding that
# shares an operation name with it (served, so left out) and one of its own, whose name is hostile.
ENTRY = """<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:a="urn:a" targetNamespace="urn:a">
  <import namespace="urn:b" location="b.wsdl"/>
  <binding name="Served" type="a:P"><operation name="get"/></binding>
  <service name="S"><port name="p" binding="a:Served"/></service>
</definitions>
"""
IMPORTED = """<d:definitions xmlns:d="http://schemas.xmlsoap.org/wsdl/" xmlns:x="urn:b" targetNamespace="urn:b">
  <d:binding name="Other" type="x:Q"><d:operation name="get"/><d:operation name="reset"/></d:binding>
  <d:binding name='Evil"); system("x' type="x:Q"><d:operation name="wipe"/></d:binding>
</d:definitions>
"""


class PortlessOperationsTest(unittest.TestCase):
    def bundle(self, files):
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder)
        for name, content in files.items():
            with open(os.path.join(folder, name), "w") as f:
                f.write(content)
        return folder

    def test_operations_of_bindings_no_port_names_across_the_bundle(self):
        folder = self.bundle({"a.wsdl": ENTRY, "b.wsdl": IMPORTED})
        self.assertEqual(portless_bindings.portless_operations(folder, "a.wsdl"),
                         {"reset": "Other", "wipe": 'Evil"); system("x'})

    def test_a_port_names_its_binding_by_namespace_not_by_local_name_alone(self):
        # The port names a:Served; b.wsdl's Served (namespace urn:b) is another binding.
        imported = IMPORTED.replace('name="Other"', 'name="Served"')
        folder = self.bundle({"a.wsdl": ENTRY, "b.wsdl": imported})
        self.assertIn("reset", portless_bindings.portless_operations(folder, "a.wsdl"))

    def test_the_testdata_case(self):
        self.assertEqual(portless_bindings.portless_operations(CASE, "devices.wsdl"), {"reboot": "MaintenanceBinding"})


class UnservedMethodTest(unittest.TestCase):
    def operation(self, response):
        parameters = [gen_impl.Parameter("_ns1__wipe *ns1__wipe")]
        if response:
            parameters.append(gen_impl.Parameter("_ns1__wipeResponse &ns1__wipeResponse"))
        operation = gen_impl.Operation("wipe", parameters)
        gen_impl.match_samples([operation], {}, [], portless={"wipe": 'Evil"); system("x'})
        return operation

    def test_the_method_answers_a_fault_naming_operation_and_binding_escaped(self):
        service = type("Service", (), {"class_name": "SvcService", "binding": "Svc"})()
        for response in (True, False):
            source = gen_impl.render_method(service, 0, self.operation(response))
            self.assertIn("return soap_receiverfault(\"operation wipe of binding Evil\\042); system(\\042x is not "
                          "served: no wsdl:port names its binding\", NULL);", source)
            self.assertNotIn('system("x', source)

    def test_a_served_operation_without_a_sample_still_fails_the_build(self):
        operation = gen_impl.Operation("get", [gen_impl.Parameter("_ns1__get *in"),
                                               gen_impl.Parameter("_ns1__getResponse &out")])
        operation.response_tag = "ns1:getResponse"
        with self.assertRaises(gen_impl.GenerationProblem):
            gen_impl.match_samples([operation], {"ns1": "urn:a"}, [], portless={"wipe": "Other"})


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@unittest.skipUnless(shutil.which("wsdl2h") and shutil.which("soapcpp2"), "gSOAP (wsdl2h, soapcpp2) is not installed")
class ServedCaseTest(unittest.TestCase):
    """Builds and serves testdata/portless-binding: getInfo answers its sample, reboot the fault."""

    @classmethod
    def setUpClass(cls):
        cls.out = tempfile.mkdtemp()
        runner = os.path.join(GSOAP, "runner")
        subprocess.run([runner, "build", "--wsdl", CASE, "--entry", "devices.wsdl", "--samples",
                        os.path.join(CASE, "samples"), "--out", cls.out], check=True, capture_output=True)
        cls.port = free_port()
        cls.server = subprocess.Popen([runner, "serve", "--build", cls.out, "--port", str(cls.port)],
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not cls.server.stdout.readline().startswith("READY "):
            pass

    @classmethod
    def tearDownClass(cls):
        cls.server.terminate()
        cls.server.wait(timeout=10)
        shutil.rmtree(cls.out, ignore_errors=True)

    def post(self, action, body):
        envelope = ('<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" '
                    f'xmlns:ns1="urn:soapbench:devices"><soapenv:Body>{body}</soapenv:Body></soapenv:Envelope>')
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/ws", envelope.encode(),
                                         {"Content-Type": "text/xml", "SOAPAction": f'"{action}"'})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def test_the_served_binding_answers_its_sample(self):
        status, body = self.post("urn:soapbench:devices:getInfo", "<ns1:getInfo><ns1:serial>s</ns1:serial></ns1:getInfo>")
        self.assertEqual(status, 200)
        self.assertIn("<ns1:model>model1</ns1:model>", body)

    def test_the_portless_binding_answers_a_fault(self):
        status, body = self.post("urn:soapbench:devices:reboot",
                                 "<ns1:reboot><ns1:delaySeconds>1</ns1:delaySeconds></ns1:reboot>")
        self.assertEqual(status, 500)
        self.assertIn(f"<faultstring>{REASON}</faultstring>", body)


if __name__ == "__main__":
    unittest.main()
