"""run: benchctl check's answers turned into the table, on canned JSON and a stand-in benchctl."""
import contextlib
import importlib.machinery
import importlib.util
import io
import json
import os
import sys
import tempfile
import textwrap
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, filename):
    loader = importlib.machinery.SourceFileLoader(name, os.path.join(HERE, filename))
    spec = importlib.util.spec_from_loader(name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


run = load("corpus_run", "run")

# a finished run as GET /api/v1/runs/{id} answers it (the fields run reads, and some it ignores)
MIXED_RUN = {
    "id": "run-1",
    "status": "completed",
    "stacks": [
        {"id": "cxf", "version": "4.2.3", "status": "done", "reason": ""},
        {"id": "metro", "version": "4.0.5", "status": "unsupported", "reason": "rpc/encoded is not JAX-WS"},
        {"id": "axis2", "version": "1.8.2", "status": "build_failed", "reason": "wsdl2java: undefined type s:SOAPStruct"},
        {"id": "gsoap", "version": "2.8.135", "status": "verify_failed", "reason": "echoFloat: 1.5 != 1.50001"},
        {"id": "wsfcpp", "version": "3.1.0", "status": "failed", "reason": "worker lost"},
    ],
}
VERIFIED_RUN = {
    "id": "run-2",
    "status": "completed",
    "stacks": [
        {"id": "cxf", "version": "4.2.3", "status": "done"},
        {"id": "metro", "version": "4.0.5", "status": "done", "reason": None},
    ],
}


class InterpretTest(unittest.TestCase):
    def test_every_status_becomes_its_outcome(self):
        r = run.interpret("zsi-interop", 1, json.dumps(MIXED_RUN), "")
        self.assertTrue(r["finished"])
        self.assertIsNone(r["outcome"])
        self.assertEqual(r["runId"], "run-1")
        self.assertEqual([(x["stack"], x["outcome"]) for x in r["stacks"]], [
            ("cxf", "verified"), ("metro", "unsupported"), ("axis2", "build_failed"),
            ("gsoap", "verify_failed"), ("wsfcpp", "failed")])

    def test_json_after_other_lines_is_found(self):
        r = run.interpret("s", 0, "run run-2\nhttps://x/r/abc\n" + json.dumps(VERIFIED_RUN, indent=2), "")
        self.assertTrue(r["finished"])
        self.assertEqual(len(r["stacks"]), 2)

    def test_a_refusal_is_finished_with_its_reason(self):
        stderr = "benchctl: 422 Unprocessable Entity: remote-import: types imports http://ws-i.org/swaref.xsd\n"
        r = run.interpret("metro-mime-swaref", 3, "", stderr)
        self.assertTrue(r["finished"])
        self.assertEqual(r["outcome"], "refused")
        self.assertEqual(r["reason"], "422 Unprocessable Entity: remote-import: types imports http://ws-i.org/swaref.xsd")

    def test_a_refusal_reason_comes_from_the_json_report_first(self):
        r = run.interpret("s", 3, json.dumps({"failure": "400: not a WSDL", "exit": 3}), "benchctl: other")
        self.assertEqual((r["outcome"], r["reason"]), ("refused", "400: not a WSDL"))

    def test_exit_3_with_stacks_is_a_finished_run(self):
        r = run.interpret("s", 3, json.dumps(MIXED_RUN), "")
        self.assertTrue(r["finished"])
        self.assertEqual(len(r["stacks"]), 5)

    def test_benchctl_checks_own_report_is_read(self):
        # What `benchctl check --json -` prints after its table: outcomes, not statuses.
        report = {"run": "run-3", "shareUrl": "http://x/r/abc", "status": "completed", "exitCode": 3, "stacks": [
            {"id": "cxf", "version": "4.2.3", "outcome": "verified"},
            {"id": "gsoap", "version": "2.8.124", "outcome": "verify_failed", "reason": "operation echo: text differs"}]}
        stdout = "check run-3\nhttp://x/r/abc\nstack  version  outcome\n" + json.dumps(report, indent=2)
        r = run.interpret("s", 3, stdout, "")
        self.assertTrue(r["finished"])
        self.assertEqual([(x["stack"], x["outcome"], x["reason"]) for x in r["stacks"]], [
            ("cxf", "verified", ""), ("gsoap", "verify_failed", "operation echo: text differs")])

    def test_a_table_reason_with_braces_before_the_report_is_not_taken_for_it(self):
        # A reason naming an element as {namespace}local is printed in the table above the JSON.
        report = {"run": "run-4", "status": "completed", "exitCode": 3, "stacks": [
            {"id": "axis2", "version": "2.0.0", "outcome": "verify_failed",
             "reason": "operation sayHi: Unexpected subelement {urn:any}port"}]}
        stdout = ("check run-4\nstack  version  outcome  reason\n"
                  "axis2  2.0.0  verify_failed  operation sayHi: Unexpected subelement {urn:any}port\n"
                  + json.dumps(report, indent=2))
        r = run.interpret("s", 3, stdout, "status: completed")
        self.assertTrue(r["finished"])
        self.assertEqual(r["runId"], "run-4")
        self.assertEqual([(x["stack"], x["outcome"]) for x in r["stacks"]], [("axis2", "verify_failed")])

    def test_a_failed_run_without_stacks(self):
        r = run.interpret("s", 3, json.dumps({"id": "r", "status": "failed", "error": "analysis crashed"}), "")
        self.assertTrue(r["finished"])
        self.assertEqual((r["outcome"], r["reason"]), ("run failed", "analysis crashed"))

    def test_a_service_error_is_not_finished(self):
        r = run.interpret("s", 4, "", "benchctl: 503 Service Unavailable\n")
        self.assertFalse(r["finished"])
        self.assertEqual(r["outcome"], "error")
        self.assertIn("503", r["reason"])

    def test_unknown_exit_codes_are_errors(self):
        r = run.interpret("s", 137, "", "")
        self.assertFalse(r["finished"])
        self.assertIn("exited 137", r["reason"])

    def test_success_without_a_run_is_an_error(self):
        r = run.interpret("s", 0, "not json", "")
        self.assertFalse(r["finished"])
        self.assertEqual(r["outcome"], "error")

    def test_a_stack_still_running_is_an_error(self):
        running = {"id": "r", "stacks": [{"id": "cxf", "version": "4.2.3", "status": "running"}]}
        r = run.interpret("s", 1, json.dumps(running), "")
        self.assertFalse(r["finished"])
        self.assertIn("stacks not finished: cxf", r["reason"])

    def test_usage_error_stops_everything(self):
        with self.assertRaises(run.UsageError):
            run.interpret("s", 2, "", "usage: benchctl submit ...")


class TableTest(unittest.TestCase):
    def results(self):
        return [
            run.interpret("zsi-interop-round2-base", 1, json.dumps(MIXED_RUN), ""),
            run.interpret("cxf-hello-world", 0, json.dumps(VERIFIED_RUN), ""),
            run.interpret("metro-mime-swaref", 3, "", "benchctl: 422: remote-import\n"),
            run.interpret("onvif-devicemgmt", 4, "", "benchctl: 502 Bad Gateway\n"),
        ]

    def test_a_stack_no_worker_can_run_does_not_count_against_a_set(self):
        report = {"run": "r", "status": "completed", "exitCode": 3, "stacks": [
            {"id": "cxf", "version": "4.2.3", "outcome": "verified"},
            {"id": "wsfcpp", "version": "2.1.0", "outcome": "unsupported",
             "reason": "unavailable: WSF/C++ cannot run on this worker (WSFCPP_HOME is not set)"}]}
        failing = dict(report, stacks=report["stacks"] + [
            {"id": "gsoap", "version": "2.8.124", "outcome": "verify_failed", "reason": "text differs"}])
        t = run.totals([run.interpret("a", 3, json.dumps(report), ""), run.interpret("b", 3, json.dumps(failing), "")])
        self.assertEqual(t["sets"]["allVerified"], 1)

    def test_rows(self):
        rows = run.table_rows(self.results())
        self.assertEqual(rows[0], ["zsi-interop-round2-base", "cxf", "4.2.3", "verified"])
        self.assertEqual(rows[1], ["", "metro", "4.0.5", "unsupported: rpc/encoded is not JAX-WS"])
        self.assertEqual(rows[2][3], "build_failed: wsdl2java: undefined type s:SOAPStruct")
        self.assertEqual(rows[3][3], "verify_failed: echoFloat: 1.5 != 1.50001")
        self.assertEqual(rows[4][3], "failed: worker lost")
        self.assertEqual(rows[5], ["cxf-hello-world", "cxf", "4.2.3", "verified"])
        self.assertEqual(rows[7], ["metro-mime-swaref", "-", "", "refused: 422: remote-import"])
        self.assertEqual(rows[8], ["onvif-devicemgmt", "-", "", "error: service: 502 Bad Gateway"])
        self.assertEqual(len(rows), 9)

    def test_a_reason_that_carries_its_outcome_does_not_say_it_twice(self):
        r = run.interpret("s", 3, json.dumps({"stacks": [
            {"id": "axis2", "version": "2.0.0", "status": "unsupported", "reason": "unsupported: mixed content in type T"},
            {"id": "cxf", "version": "4.2.3", "status": "unsupported", "reason": "does not support rpc-encoded bindings"}]}), "")
        rows = run.table_rows([r])
        self.assertEqual(rows[0][3], "unsupported: mixed content in type T")
        self.assertEqual(rows[1][3], "unsupported: does not support rpc-encoded bindings")

    def test_long_reasons_are_clipped_to_one_line(self):
        r = run.interpret("s", 1, json.dumps({"stacks": [
            {"id": "gsoap", "version": "2.8", "status": "build_failed", "reason": "line one\nline two " + "x" * 500}]}), "")
        text = run.table_rows([r])[0][3]
        self.assertNotIn("\n", text)
        self.assertLessEqual(len(text), run.REASON_WIDTH)
        self.assertTrue(text.startswith("build_failed: line one line two"))

    def test_rendered_table_is_aligned(self):
        table = run.render(run.table_rows(self.results()))
        lines = table.splitlines()
        self.assertTrue(lines[0].startswith("set"))
        col = lines[0].index("stack")
        self.assertEqual(lines[2][col:col + 3], "cxf")
        self.assertEqual(lines[3][col:col + 5], "metro")

    def test_totals(self):
        t = run.totals(self.results())
        self.assertEqual(t["stacks"]["cxf"], {"verified": 2})
        self.assertEqual(t["stacks"]["metro"], {"unsupported": 1, "verified": 1})
        self.assertEqual(t["outcomes"]["verified"], 3)
        self.assertEqual(t["sets"], {"total": 4, "finished": 3, "allVerified": 1,
                                     "refused": 1, "error": 1, "timeout": 0})
        text = run.render_totals(t)
        self.assertIn("sets: 4, finished 3, verified on every stack that runs here 1, refused 1, errors 1, timeouts 0", text)
        header = text.splitlines()[0].split()
        self.assertEqual(header[:3], ["stack", "verified", "unsupported"])
        all_row = [ln for ln in text.splitlines() if ln.startswith("all ")][0].split()
        self.assertEqual(all_row[-1], "7")


FAKE_BENCHCTL = textwrap.dedent("""\
    #!{python}
    import json, os, sys, zipfile
    args = sys.argv[1:]
    log = os.environ["FAKE_LOG"]
    with open(log, "a") as f:
        f.write(json.dumps(args) + "\\n")
    if not args or args[0] != "check":
        print("usage: benchctl submit ...", file=sys.stderr)
        sys.exit(2)
    wsdl = args[args.index("--wsdl") + 1]
    mode = os.environ.get("FAKE_MODE", "ok")
    if mode == "service" and "down" in wsdl:
        print("benchctl: 503 Service Unavailable", file=sys.stderr)
        sys.exit(4)
    if mode == "hang" and "slow" in wsdl:
        import time
        time.sleep(30)
    if wsdl.endswith(".zip"):
        names = sorted(zipfile.ZipFile(wsdl).namelist())
        entry = args[args.index("--entry") + 1]
        stacks = [{{"id": "cxf", "version": "4.2.3", "status": "unsupported", "reason": ",".join(names) + " @" + entry}}]
        code = 1
    else:
        stacks = [{{"id": "cxf", "version": "4.2.3", "status": "done"}},
                  {{"id": "metro", "version": "4.0.5", "status": "unsupported", "reason": "rpc/encoded"}}]
        code = 1
    print(json.dumps({{"id": "r1", "stacks": stacks}}))
    sys.exit(code)
""")


class MainTest(unittest.TestCase):
    """run's main() against a stand-in benchctl: arguments, zipping, exit codes."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        t = self.tmp.name
        self.out = os.path.join(t, "out")
        self.log = os.path.join(t, "calls.log")
        self.benchctl = os.path.join(t, "benchctl")
        with open(self.benchctl, "w") as f:
            f.write(FAKE_BENCHCTL.format(python=sys.executable))
        os.chmod(self.benchctl, 0o755)
        sets = [
            {"id": "single", "entry": "a.wsdl", "files": ["a.wsdl"]},
            {"id": "bundle", "entry": "svc/main.wsdl", "files": ["svc/main.wsdl", "xsd/t.xsd"], "sample": True},
            {"id": "not-fetched", "entry": "x.wsdl", "files": ["x.wsdl"]},
        ]
        self.manifest = os.path.join(t, "corpus.json")
        with open(self.manifest, "w") as f:
            json.dump({"version": 1, "archives": {}, "sets": sets}, f)
        for s in sets[:2]:
            for rel in s["files"]:
                path = os.path.join(self.out, s["id"], *rel.split("/"))
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as f:
                    f.write("<definitions/>")
        os.environ["FAKE_LOG"] = self.log
        os.environ.pop("FAKE_MODE", None)

    def tearDown(self):
        os.environ.pop("FAKE_LOG", None)
        os.environ.pop("FAKE_MODE", None)
        self.tmp.cleanup()

    def main(self, *extra):
        stdout, stderr = io.StringIO(), io.StringIO()
        argv = ["--out", self.out, "--manifest", self.manifest, "--benchctl", self.benchctl,
                "--server", "http://127.0.0.1:1", *extra]
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = run.main(argv)
        return code, stdout.getvalue(), stderr.getvalue()

    def calls(self):
        with open(self.log) as f:
            return [json.loads(line) for line in f]

    def test_checks_every_fetched_set_and_prints_the_table(self):
        code, out, _ = self.main("--stacks", "cxf,metro", "--json-out", os.path.join(self.tmp.name, "r.json"))
        self.assertEqual(code, 0)
        calls = self.calls()
        self.assertEqual(len(calls), 2, "the set that was not fetched is skipped")
        single, bundle = calls
        self.assertEqual(single[:3], ["check", "--server", "http://127.0.0.1:1"])
        self.assertTrue(single[single.index("--wsdl") + 1].endswith(os.path.join("single", "a.wsdl")))
        self.assertNotIn("--entry", single)
        self.assertEqual(single[single.index("--stacks") + 1], "cxf,metro")
        self.assertEqual(single[-2:], ["--json", "-"])
        self.assertTrue(bundle[bundle.index("--wsdl") + 1].endswith("bundle.zip"))
        self.assertEqual(bundle[bundle.index("--entry") + 1], "svc/main.wsdl")
        self.assertIn("single  cxf    4.2.3    verified", out)
        self.assertIn("metro  4.0.5    unsupported: rpc/encoded", out)
        self.assertIn("unsupported: svc/main.wsdl,xsd/t.xsd @svc/main.wsdl", out,
                      "the zip holds the bundle at its relative paths")
        self.assertIn("sets: 2, finished 2", out)
        with open(os.path.join(self.tmp.name, "r.json")) as f:
            self.assertEqual(json.load(f)["totals"]["sets"]["finished"], 2)

    def test_sample_only(self):
        code, out, _ = self.main("--sample")
        self.assertEqual(code, 0)
        self.assertEqual(len(self.calls()), 1)
        self.assertIn("sets: 1,", out)

    def test_a_service_error_fails_the_run_but_every_set_is_tried(self):
        os.rename(os.path.join(self.out, "single"), os.path.join(self.out, "down"))
        with open(self.manifest) as f:
            doc = json.load(f)
        doc["sets"][0]["id"] = "down"
        with open(self.manifest, "w") as f:
            json.dump(doc, f)
        os.environ["FAKE_MODE"] = "service"
        code, out, _ = self.main()
        self.assertEqual(code, 1)
        self.assertEqual(len(self.calls()), 2)
        self.assertIn("error: service: 503 Service Unavailable", out)

    def test_a_hang_is_a_timeout(self):
        os.rename(os.path.join(self.out, "single"), os.path.join(self.out, "slow"))
        with open(self.manifest) as f:
            doc = json.load(f)
        doc["sets"][0]["id"] = "slow"
        with open(self.manifest, "w") as f:
            json.dump(doc, f)
        os.environ["FAKE_MODE"] = "hang"
        code, out, _ = self.main("--timeout", "1")
        self.assertEqual(code, 1)
        self.assertIn("timeout: no answer within 1 s", out)

    def test_a_benchctl_without_check_is_a_usage_error(self):
        with open(self.benchctl, "w") as f:
            f.write(f"#!{sys.executable}\nimport sys\nprint('usage: benchctl submit', file=sys.stderr)\nsys.exit(2)\n")
        code, _, err = self.main()
        self.assertEqual(code, 2)
        self.assertIn("does this benchctl have `check`", err)

    def test_nothing_fetched(self):
        code, _, err = self.main("--only", "not-fetched")
        self.assertEqual(code, 2)
        self.assertIn("no fetched set", err)


class UploadTest(unittest.TestCase):
    def test_a_single_file_without_a_wsdl_name_is_zipped(self):
        with tempfile.TemporaryDirectory() as t:
            os.makedirs(os.path.join(t, "out", "s"))
            with open(os.path.join(t, "out", "s", "service"), "w") as f:
                f.write("<definitions/>")
            path, entry = run.upload_for({"id": "s", "entry": "service", "files": ["service"]},
                                         os.path.join(t, "out"), t)
            self.assertEqual(entry, "service")
            self.assertEqual(zipfile.ZipFile(path).namelist(), ["service"])


if __name__ == "__main__":
    unittest.main()
