"""Regenerates the seismic data set and checks it from its files alone.

The match totals are recomputed from the written request envelopes and quakes.tsv with an
independent reading of the rule (floats, as a service would parse them), not from the
generator's own fixed-point code.
"""
import bisect
import hashlib
import json
import math
import os
import random
import tempfile
import unittest
import xml.etree.ElementTree as ET
from datetime import datetime, timezone

import generate
import geometry
from boundaries import ZONES

HERE = os.path.dirname(os.path.abspath(__file__))
CATALOG_SAMPLES = os.path.join(HERE, "..", "..", "wsdl-catalog", "seismic", "samples")
NS = "{urn:soapbench:seismic}"
SOAP_BODY = "{http://schemas.xmlsoap.org/soap/envelope/}Body"


def tree_digest(folder):
    digest = hashlib.sha256()
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(root, name)
            digest.update(os.path.relpath(path, folder).encode())
            with open(path, "rb") as f:
                digest.update(hashlib.sha256(f.read()).digest())
    return digest.hexdigest()


def instant(text):
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp()


def read_quakes(folder):
    with open(os.path.join(folder, "quakes.tsv"), encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        rows = [dict(zip(header, line.rstrip("\n").split("\t"))) for line in f]
    return [(instant(r["time"]), float(r["latitude"]), float(r["longitude"]), float(r["magnitude"]),
             int(r["region"])) for r in rows]


def read_query(path):
    body = ET.parse(path).getroot().find(SOAP_BODY)
    query = body.find(NS + "matchQuakes")
    value = {child.tag[len(NS):]: child.text for child in query}
    return (instant(value["minDateTime"]), instant(value["maxDateTime"]),
            float(value["minLatitude"]), float(value["maxLatitude"]),
            float(value["minLongitude"]), float(value["maxLongitude"]))


def rule_matches(quake, query):
    t, lat, lon = quake[0], quake[1], quake[2]
    t0, t1, lat0, lat1, lon0, lon1 = query
    return t0 <= t < t1 and lat0 <= lat < lat1 and lon0 <= lon < lon1


def nearest_bound_distance(quake, query):
    return min(abs(quake[1] - query[2]), abs(quake[1] - query[3]),
               abs(quake[2] - query[4]), abs(quake[2] - query[5]))


class SeismicDataSetTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.TemporaryDirectory()
        cls.first = os.path.join(cls.scratch.name, "first")
        cls.second = os.path.join(cls.scratch.name, "second")
        cls.samples = os.path.join(cls.scratch.name, "samples")
        generate.write_all(cls.first, cls.samples)
        generate.write_all(cls.second)
        cls.quakes = read_quakes(cls.first)
        cls.times = [q[0] for q in cls.quakes]

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()

    def test_catalog_has_at_least_93000_quakes(self):
        self.assertGreaterEqual(len(self.quakes), 93_000)

    def test_generation_is_deterministic(self):
        self.assertEqual(tree_digest(self.first), tree_digest(self.second))

    def test_times_are_unique_seconds_in_order(self):
        times = [q[0] for q in self.quakes]
        self.assertTrue(all(a < b for a, b in zip(times, times[1:])))

    def test_small_sequence_matches_816_in_total(self):
        total = self.check_sequence("small", 1000)
        print(f"\nsmall sequence: 1000 requests, {total} matching quakes in total")
        self.assertEqual(total, 816)

    def test_large_sequence_matches_176745_in_total(self):
        total = self.check_sequence("large", 100)
        print(f"\nlarge sequence: 100 requests, {total} matching quakes in total")
        self.assertEqual(total, 176_745)

    def check_sequence(self, name, requests):
        folder = os.path.join(self.first, f"requests-{name}")
        with open(os.path.join(folder, "index.json"), encoding="utf-8") as f:
            index = json.load(f)
        self.assertEqual(len(index), requests)
        total = 0
        for entry in index:
            query = read_query(os.path.join(folder, entry["request"]))
            in_window = self.quakes[bisect.bisect_left(self.times, query[0]):bisect.bisect_left(self.times, query[1])]
            matched = [q for q in in_window if rule_matches(q, query)]
            near = [q for q in in_window if nearest_bound_distance(q, query) < 0.0004]
            self.assertEqual(near, [], f"{entry['request']}: quakes too close to a bound to match reliably")
            self.assertEqual(len(matched), entry["expectedMatches"], entry["request"])
            response = ET.parse(os.path.join(folder, entry["response"])).getroot()
            self.assertEqual(len(response.findall(f".//{NS}quake")), len(matched), entry["response"])
            total += len(matched)
        return total

    def test_responses_group_quakes_by_seismic_region_in_time_order(self):
        folder = os.path.join(self.first, "requests-large")
        response = ET.parse(os.path.join(folder, "0001.response.xml")).getroot()
        sets = response.find(SOAP_BODY).find(NS + "matchQuakesResponse").findall(NS + "resultSet")
        seismic_ids = [int(s.find(NS + "seismicRegion").get("id")) for s in sets]
        self.assertEqual(seismic_ids, sorted(set(seismic_ids)))
        for result_set in sets:
            region_ids = [int(r.get("id")) for r in result_set.findall(NS + "region")]
            quakes = result_set.findall(NS + "quake")
            self.assertEqual(region_ids, sorted({int(q.get("region")) for q in quakes}))
            times = [instant(q.get("time")) for q in quakes]
            self.assertEqual(times, sorted(times))

    def test_magnitudes_follow_gutenberg_richter_with_b_near_1(self):
        magnitudes = [q[3] for q in self.quakes]
        lowest = min(magnitudes)
        bin_width = 0.1
        # Aki-Utsu maximum likelihood estimate, corrected for 0.1 binning.
        b = math.log10(math.e) / (sum(magnitudes) / len(magnitudes) - (lowest - bin_width / 2))
        print(f"\nGutenberg-Richter b-value: {b:.3f} (magnitudes {lowest}..{max(magnitudes)})")
        self.assertAlmostEqual(b, 1.0, delta=0.2)
        per_unit = [sum(1 for m in magnitudes if m >= lowest + k) for k in range(3)]
        self.assertTrue(all(8 < a / b < 12 for a, b in zip(per_unit, per_unit[1:])), per_unit)

    def test_quakes_cluster_near_plate_boundaries(self):
        segments = []
        for zone in ZONES:
            if zone.kind != "intraplate":
                points = geometry.unwrap([(lon, lat) for lon, lat, _ in zone.points])
                segments.extend(zip(points, points[1:]))
        rng = random.Random(7)
        sample = rng.sample(self.quakes, 1500)

        def near(lon, lat):
            return any(geometry.distance_to_segment_km(lon, lat, a, b) <= 300 for a, b in segments)

        quake_share = sum(near(q[2], q[1]) for q in sample) / len(sample)
        uniform = [(rng.uniform(-180, 180), math.degrees(math.asin(rng.uniform(-1, 1)))) for _ in range(1500)]
        uniform_share = sum(near(lon, lat) for lon, lat in uniform) / len(uniform)
        print(f"\nwithin 300 km of a boundary: {quake_share:.1%} of quakes, {uniform_share:.1%} of uniform points")
        self.assertGreater(quake_share, 0.85)
        self.assertGreater(quake_share, 2.5 * uniform_share)

    def test_every_quake_refers_to_a_known_region(self):
        with open(os.path.join(self.first, "regions.tsv"), encoding="utf-8") as f:
            rows = [line.rstrip("\n").split("\t") for line in f][1:]
        ids = {int(r[0]) for r in rows}
        self.assertEqual(len({r[2] for r in rows}), len(rows), "region names are unique")
        self.assertTrue(all(q[4] in ids for q in self.quakes))

    def test_committed_catalog_sample_is_what_the_generator_writes(self):
        for name in ("index.json", "matchQuakes.request.xml", "matchQuakes.response.xml"):
            with open(os.path.join(self.samples, name), encoding="utf-8") as f:
                expected = f.read()
            with open(os.path.join(CATALOG_SAMPLES, name), encoding="utf-8") as f:
                self.assertEqual(f.read(), expected, f"wsdl-catalog/seismic/samples/{name} is stale: run make -C datasets samples")
