"""The runners' own glue escapes every value for its language, even a value safe_values.py would refuse.

Each literal is compiled by the compiler the runner uses (g++ in gSOAP's strict -std=c++11, where
??/ is a backslash; javac for Metro's endpoint class) and must read back as exactly the value.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from source_literals import c_string, c_string_lines, xml_attribute, xml_text  # noqa: E402

RUNNERS = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

HOSTILE = [
    'urn:x"; system("touch /tmp/soapbench-runner-marker-literal"); const char *y = "',  # closes the literal
    "urn:a??/",  # a trigraph backslash before the closing quote
    "??=??(??)??'??<??!??>??-",  # every other trigraph
    "a\\",  # a backslash before the closing quote
    "\\u0022 \\u000a",  # Unicode escapes, read by javac before anything else
    "line\nbreak\r\n\ttab",  # line breaks end a C or Java literal
    "\x01" + "2" + "\x7f",  # an escape followed by a digit
    "*/ /* // */",  # comment delimiters
    "$HOME %s%n %41 &amp; <x/> ' `id`",  # shell, printf, URI and XML characters
    "\u00e9\u20ac\U0001f600\u2028",  # non-ASCII, a surrogate pair in Java, a JavaScript line break
    "",
]


class CStringTest(unittest.TestCase):
    @unittest.skipUnless(shutil.which("g++"), "g++ is not installed")
    def test_g_plus_plus_reads_back_every_value(self):
        values = HOSTILE + ["with NUL \x00 inside"]
        rows = ",\n".join(f"    {{{c_string(v)}, sizeof({c_string(v)}) - 1}}" for v in values)
        rows += f",\n    {{{c_string_lines(HOSTILE[5])}, sizeof({c_string_lines(HOSTILE[5])}) - 1}}"
        source = ("#include <cstdio>\nstruct V { const char *text; unsigned long size; };\n"
                  f"static const V values[] = {{\n{rows}\n}};\n"
                  "int main() {\n"
                  "    for (const V &v : values) {\n"
                  "        for (unsigned long i = 0; i < v.size; i++) printf(\"%02x\", (unsigned char)v.text[i]);\n"
                  "        printf(\"\\n\");\n    }\n}\n")
        with tempfile.TemporaryDirectory() as work:
            with open(os.path.join(work, "values.cpp"), "w") as f:
                f.write(source)
            compiled = subprocess.run(["g++", "-std=c++11", "-Werror=trigraphs", "-o", os.path.join(work, "values"),
                                       os.path.join(work, "values.cpp")], capture_output=True, text=True)
            self.assertEqual(compiled.returncode, 0, compiled.stderr)
            printed = subprocess.run([os.path.join(work, "values")], capture_output=True, text=True, check=True)
        expected = [v.encode("utf-8").hex() for v in values + [HOSTILE[5]]]
        self.assertEqual(printed.stdout.split("\n")[:-1], expected)


class XmlTest(unittest.TestCase):
    def test_an_xml_parser_reads_back_every_value(self):
        for value in HOSTILE:
            if "\x01" in value or "\x7f" in value:
                continue
            with self.subTest(value=value):
                root = ET.fromstring(f"<service name={xml_attribute(value)}>{xml_text(value)}</service>")
                self.assertEqual(root.get("name"), value)
                self.assertEqual((root.text or "").replace("\r\n", "\n"), value.replace("\r\n", "\n"))

    def test_characters_xml_cannot_hold_are_refused(self):
        with self.assertRaises(ValueError):
            xml_attribute("a\x01b")


HARNESS = """
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;

public class Harness {
    public static void main(String[] args) throws Exception {
        Method literal = Class.forName("dev.soapbench.metro.build.GenericEndpointSource")
                .getDeclaredMethod("literal", String.class);
        literal.setAccessible(true);
        StringBuilder source = new StringBuilder("public class Values { public static void main(String[] a) {\\n");
        for (String hex : args) {
            byte[] bytes = new byte[hex.length() / 2];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
            }
            String value = new String(bytes, StandardCharsets.UTF_8);
            source.append("    print(").append(literal.invoke(null, value)).append(");\\n");
        }
        source.append("}\\n static void print(String s) { StringBuilder h = new StringBuilder();")
              .append(" for (byte b : s.getBytes(java.nio.charset.StandardCharsets.UTF_8)) h.append(String.format(\\"%02x\\", b));")
              .append(" System.out.println(h); }\\n}\\n");
        System.out.print(source);
    }
}
"""


def metro_support_jar():
    """Metro's support jar of its default version, prepared from the current sources."""
    if not (shutil.which("java") and shutil.which("javac")):
        return None, "no JDK on PATH"
    with open(os.path.join(RUNNERS, "metro", "stack.json")) as f:
        version = json.load(f)["versions"][0]["version"]
    prepared = subprocess.run([os.path.join(RUNNERS, "metro", "runner"), "prepare", "--version", version],
                              capture_output=True, text=True)
    if prepared.returncode != 0:
        return None, "metro runner prepare failed: " + (prepared.stderr.strip().splitlines() or ["?"])[-1]
    jars = glob.glob(os.path.join(RUNNERS, "metro", ".cache", version, "support", "*.jar"))
    return (jars[0], None) if jars else (None, "metro prepared no support jar")


class JavaStringTest(unittest.TestCase):
    def test_javac_reads_back_every_value_metro_writes(self):
        jar, reason = metro_support_jar()
        if jar is None:
            self.skipTest(reason)
        with tempfile.TemporaryDirectory() as work:
            with open(os.path.join(work, "Harness.java"), "w") as f:
                f.write(HARNESS)
            generated = subprocess.run(["java", "-cp", jar, os.path.join(work, "Harness.java")]
                                       + [v.encode("utf-8").hex() for v in HOSTILE],
                                       capture_output=True, text=True)
            self.assertEqual(generated.returncode, 0, generated.stderr)
            with open(os.path.join(work, "Values.java"), "w", encoding="utf-8") as f:
                f.write(generated.stdout)
            printed = subprocess.run(["java", os.path.join(work, "Values.java")], capture_output=True, text=True)
            self.assertEqual(printed.returncode, 0, printed.stderr + generated.stdout)
        self.assertEqual(printed.stdout.split("\n")[:-1], [v.encode("utf-8").hex() for v in HOSTILE])


if __name__ == "__main__":
    unittest.main()
