"""Checks the catalog entries (wsdl-catalog/*) against their contract and their own READMEs' rules."""
import json
import os
import unittest
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
CATALOG = os.path.normpath(os.path.join(HERE, "..", "..", "wsdl-catalog"))
WORKLOAD_SCHEMA = os.path.normpath(os.path.join(HERE, "..", "..", "schemas", "workload.schema.json"))
CALCULATOR_REQUESTS = os.path.join(HERE, "..", "calculator", "requests")
ENVELOPE = "{http://schemas.xmlsoap.org/soap/envelope/}"


def entries():
    return sorted(name for name in os.listdir(CATALOG) if os.path.isfile(os.path.join(CATALOG, name, "catalog.json")))


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def schema_errors(value, schema, where="defaultWorkload"):
    """The subset of JSON Schema the workload schema uses: type, properties, enum, bounds, items."""
    errors = []
    kind = schema.get("type")
    checks = {"object": dict, "array": list, "string": str, "boolean": bool}
    if kind == "integer" and (not isinstance(value, int) or isinstance(value, bool)):
        return [f"{where}: not an integer"]
    if kind in checks and not isinstance(value, checks[kind]):
        return [f"{where}: not a {kind}"]
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{where}: {value!r} not one of {schema['enum']}")
    if "minimum" in schema and value < schema["minimum"] or "maximum" in schema and value > schema["maximum"]:
        errors.append(f"{where}: {value} out of range")
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                errors.append(f"{where}: missing {key}")
        for key, item in value.items():
            if key not in properties:
                if schema.get("additionalProperties") is False:
                    errors.append(f"{where}: unknown property {key}")
                continue
            errors.extend(schema_errors(item, properties[key], f"{where}.{key}"))
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            errors.extend(schema_errors(item, schema["items"], f"{where}[{i}]"))
    return errors


def body_payload(path):
    return ET.parse(path).getroot().find(ENVELOPE + "Body")[0]


class CatalogEntriesTest(unittest.TestCase):
    def test_every_entry_names_its_folder_its_wsdl_and_a_valid_default_workload(self):
        schema = load_json(WORKLOAD_SCHEMA)
        for name in entries():
            entry = load_json(os.path.join(CATALOG, name, "catalog.json"))
            self.assertEqual(entry["id"], name)
            for key in ("name", "description", "seed"):
                self.assertTrue(entry.get(key), f"{name}: {key}")
            self.assertTrue(os.path.isfile(os.path.join(CATALOG, name, entry["entry"])), f"{name}: entry")
            self.assertEqual(schema_errors(entry["defaultWorkload"], schema), [], name)

    def test_every_sample_named_in_an_index_exists_and_is_a_soap_envelope(self):
        for name in entries():
            samples = os.path.join(CATALOG, name, "samples")
            for item in load_json(os.path.join(samples, "index.json")):
                for kind in ("request", "response"):
                    root = ET.parse(os.path.join(samples, item[kind])).getroot()
                    self.assertEqual(root.tag, ENVELOPE + "Envelope", f"{name}/{item[kind]}")

    def test_the_schema_check_catches_a_bad_workload(self):
        schema = load_json(WORKLOAD_SCHEMA)
        errors = schema_errors({"stacks": ["cxf"], "security": ["tls"], "load": {"connections": 0}}, schema)
        self.assertEqual(len(errors), 2, errors)


class CalculatorTest(unittest.TestCase):
    def expected(self, operation, a, b):
        if operation == "divide":
            quotient = abs(a) // abs(b)
            return quotient if (a < 0) == (b < 0) else -quotient
        return {"add": a + b, "subtract": a - b, "multiply": a * b}[operation]

    def test_results_are_the_int_arithmetic_of_the_operands(self):
        for folder in (os.path.join(CATALOG, "calculator", "samples"), CALCULATOR_REQUESTS):
            for item in load_json(os.path.join(folder, "index.json")):
                request = body_payload(os.path.join(folder, item["request"]))
                a, b = (int(request.findtext("{urn:soapbench:calculator}" + n)) for n in ("a", "b"))
                response = body_payload(os.path.join(folder, item["response"]))
                if item["operation"] == "divide" and b == 0:
                    self.assertEqual(response.tag, ENVELOPE + "Fault")
                    self.assertEqual(response.findtext("faultstring"), "division by zero")
                    self.assertEqual(int(response.findtext(".//{urn:soapbench:calculator}dividend")), a)
                    continue
                result = int(response.findtext("{urn:soapbench:calculator}result"))
                self.assertEqual(result, self.expected(item["operation"], a, b), item["request"])
                self.assertTrue(-2**31 <= result < 2**31, item["request"])


class HelloWorldTest(unittest.TestCase):
    def test_greeting_is_hello_name(self):
        folder = os.path.join(CATALOG, "hello-world", "samples")
        for item in load_json(os.path.join(folder, "index.json")):
            name = body_payload(os.path.join(folder, item["request"])).findtext("{urn:soapbench:hello-world}name")
            greeting = body_payload(os.path.join(folder, item["response"])).findtext("{urn:soapbench:hello-world}greeting")
            self.assertEqual(greeting, f"Hello, {name}!")
