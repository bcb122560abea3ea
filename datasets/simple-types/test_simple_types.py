import base64
import os
import tempfile
import unittest
import xml.etree.ElementTree as ET

import simple_types

HERE = os.path.dirname(os.path.abspath(__file__))
CATALOG_SAMPLES = os.path.join(HERE, "..", "..", "wsdl-catalog", "simple-types", "samples")
NS = "{urn:soapbench:simple-types}"


def case(**changes):
    base = dict(simple_types.load_cases()[0])
    base.update(changes)
    return base


class RuleTest(unittest.TestCase):
    def test_date_moves_one_day_across_leap_day_year_end_and_century(self):
        for given, expected in (("2024-02-28", "2024-02-29"), ("2023-12-31", "2024-01-01"),
                                ("2100-02-28", "2100-03-01")):
            self.assertEqual(simple_types.respond(case(inputDate=given))["outputDate"], expected)

    def test_timestamp_is_one_hour_later_written_in_utc(self):
        out = simple_types.respond(case(inputTimestamp="2007-09-20T23:45:00+02:00"))
        self.assertEqual(out["outputTimestamp"], "2007-09-20T22:45:00Z")

    def test_enum_moves_to_the_next_value_and_wraps(self):
        self.assertEqual(simple_types.respond(case(inputEnum="high"))["outputEnum"], "urgent")
        self.assertEqual(simple_types.respond(case(inputEnum="urgent"))["outputEnum"], "low")

    def test_binary_and_list_come_back_reversed(self):
        out = simple_types.respond(case(inputBinaryHex="0102ff", inputList=["a", "b", "c"]))
        self.assertEqual(out["outputBinaryHex"], "ff0201")
        self.assertEqual(out["outputList"], ["c", "b", "a"])

    def test_sums_use_the_integer_inputs(self):
        out = simple_types.respond(case(inputByte=-1, inputShort=2, inputInt=40, inputLong=2**40))
        self.assertEqual(out["outputInt"], 41)
        self.assertEqual(out["outputLong"], 2**40 + 40)

    def test_a_case_that_overflows_int_is_refused(self):
        with self.assertRaisesRegex(ValueError, "outputInt"):
            simple_types.check_ranges(case(inputShort=32767, inputInt=2**31 - 1))


class FilesTest(unittest.TestCase):
    def test_committed_envelopes_are_what_the_generator_writes(self):
        cases = simple_types.load_cases()
        with tempfile.TemporaryDirectory() as scratch:
            for committed, chosen in ((CATALOG_SAMPLES, cases[:1]), (os.path.join(HERE, "requests"), cases)):
                fresh = os.path.join(scratch, os.path.basename(committed))
                simple_types.write_samples(fresh, chosen)
                self.assertEqual(sorted(os.listdir(committed)), sorted(os.listdir(fresh)))
                for name in os.listdir(fresh):
                    with open(os.path.join(fresh, name), encoding="utf-8") as a, \
                            open(os.path.join(committed, name), encoding="utf-8") as b:
                        self.assertEqual(b.read(), a.read(), f"{committed}/{name} is stale: run make -C datasets samples")

    def test_request_carries_the_case_values(self):
        for c in simple_types.load_cases():
            payload = ET.fromstring(simple_types.request(c)).find(".//" + NS + "simpleTypes")
            self.assertEqual(len(list(payload)), 14)
            self.assertEqual(payload.findtext(NS + "inputText"), c["inputText"])
            binary = base64.b64decode(payload.findtext(NS + "inputBinary"))
            self.assertEqual(binary.hex(), c["inputBinaryHex"])
            self.assertEqual([i.text for i in payload.iter(NS + "item")], c["inputList"])
