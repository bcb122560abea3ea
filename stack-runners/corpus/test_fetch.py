"""fetch: the manifest, sha256 checks and safe extraction, offline on archives built here."""
import hashlib
import importlib.machinery
import importlib.util
import io
import json
import os
import stat
import sys
import tarfile
import tempfile
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, filename):
    loader = importlib.machinery.SourceFileLoader(name, os.path.join(HERE, filename))
    spec = importlib.util.spec_from_loader(name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


fetch = load("corpus_fetch", "fetch")

WSDL = b"""<?xml version="1.0"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:xsd="http://www.w3.org/2001/XMLSchema"
    targetNamespace="urn:t">
  <types><xsd:schema targetNamespace="urn:t">
    <xsd:import namespace="urn:t:types" schemaLocation="types/t.xsd"/>
  </xsd:schema></types>
</definitions>
"""
XSD = b"""<?xml version="1.0"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t:types">
  <xsd:element name="e" type="xsd:string"/>
</xsd:schema>
"""
REMOTE_XSD = b"""<?xml version="1.0"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:r">
  <xsd:import namespace="urn:x" schemaLocation="https://example.org/x.xsd"/>
</xsd:schema>
"""
DOCTYPE = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol">]>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/">&lol;</definitions>
"""
ESCAPING = b"""<?xml version="1.0"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/">
  <import namespace="urn:o" location="../outside.wsdl"/>
</definitions>
"""


def sha(data):
    return hashlib.sha256(data).hexdigest()


def zip_bytes(entries):
    """entries: (name, data, mode) with mode None for a plain file."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data, mode in entries:
            info = zipfile.ZipInfo(name)
            if mode is not None:
                info.external_attr = mode << 16
            z.writestr(info, data)
    return buf.getvalue()


def tar_bytes(regular, extra=()):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as t:
        for name, data in regular:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
        for info in extra:
            t.addfile(info)
    return buf.getvalue()


def archive_meta(data, fmt="zip", name="pkg-1.0.jar"):
    return {
        "coordinates": "maven:org.example:pkg:1.0",
        "url": "https://repo.maven.apache.org/maven2/org/example/pkg/1.0/" + name,
        "format": fmt,
        "sha256": sha(data),
        "size": len(data),
        "licence": "Apache-2.0",
        "licenceSource": "test",
    }


def a_set(sid="t-set", root="res/wsdl", entry="svc.wsdl", files=("svc.wsdl", "types/t.xsd"), **extra):
    s = {
        "id": sid, "archive": "pkg", "root": root, "entry": entry, "files": list(files),
        "description": "test", "styles": ["document-literal-wrapped"], "soapVersions": ["1.1"],
        "features": ["xsd-import"],
    }
    s.update(extra)
    return s


class FakeResponse(io.BytesIO):
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Opener:
    """Stands in for urllib.request.urlopen: serves fixed bytes, counts calls."""

    def __init__(self, data):
        self.data = data
        self.calls = 0

    def __call__(self, request, timeout=None):
        self.calls += 1
        return FakeResponse(self.data)


class ManifestTest(unittest.TestCase):
    def test_repository_manifest_is_valid(self):
        doc = fetch.load_manifest(fetch.DEFAULT_MANIFEST)
        self.assertGreaterEqual(len(doc["sets"]), 30)
        samples = [s["id"] for s in doc["sets"] if s.get("sample")]
        self.assertEqual(len(samples), 3, samples)

    def test_repository_manifest_passes_the_hand_check_too(self):
        with open(fetch.DEFAULT_MANIFEST) as f:
            doc = json.load(f)
        with open(fetch.SCHEMA) as f:
            schema = json.load(f)
        self.assertEqual(fetch.hand_validate(doc, schema, schema), [])
        self.assertEqual(fetch.consistency_problems(doc), [])

    def test_repository_manifest_sets_are_contained_and_licensed(self):
        with open(fetch.DEFAULT_MANIFEST) as f:
            doc = json.load(f)
        for s in doc["sets"]:
            for rel in s["files"] + [s["root"], s["entry"]]:
                fetch.safe_relpath(rel)
            self.assertTrue(doc["archives"][s["archive"]]["licence"])

    def test_every_set_has_its_row_in_the_readme(self):
        with open(fetch.DEFAULT_MANIFEST) as f:
            doc = json.load(f)
        with open(os.path.join(HERE, "README.md")) as f:
            readme = f.read()
        for s in doc["sets"]:
            a = doc["archives"][s["archive"]]
            with self.subTest(s["id"]):
                row = [ln for ln in readme.splitlines() if ln.startswith(f"| `{s['id']}`")]
                self.assertEqual(len(row), 1)
                self.assertIn(f"`{a['coordinates']}` `{s['root']}/{s['entry']}`", row[0])
                self.assertIn(a["licence"], row[0])
                self.assertEqual("★" in row[0], bool(s.get("sample")))

    def test_hand_check_finds_bad_values(self):
        with open(fetch.SCHEMA) as f:
            schema = json.load(f)
        data = b"x"
        cases = {
            "bad id": a_set(sid="Bad_Id"),
            "dotdot": a_set(files=["svc.wsdl", "../etc/passwd"]),
            "absolute root": a_set(root="/abs"),
            "unknown feature": a_set(features=["teleportation"]),
            "unknown style": a_set(styles=["rpc-magic"]),
            "extra key": a_set(colour="blue"),
        }
        for label, s in cases.items():
            doc = {"version": 1, "archives": {"pkg": archive_meta(data)}, "sets": [s]}
            with self.subTest(label):
                self.assertNotEqual(fetch.hand_validate(doc, schema, schema), [])
                self.assertNotEqual(fetch.schema_problems(doc, schema), [])
        missing = a_set()
        del missing["entry"]
        doc = {"version": 1, "archives": {"pkg": archive_meta(data)}, "sets": [missing]}
        self.assertTrue(any("'entry' is required" in p for p in fetch.hand_validate(doc, schema, schema)))
        bad_url = archive_meta(data)
        bad_url["url"] = "https://example.org/pkg.jar"
        doc = {"version": 1, "archives": {"pkg": bad_url}, "sets": [a_set()]}
        self.assertNotEqual(fetch.hand_validate(doc, schema, schema), [])

    def test_without_jsonschema_the_hand_check_is_used(self):
        saved = sys.modules.get("jsonschema")
        sys.modules["jsonschema"] = None  # import now raises ImportError
        try:
            doc = fetch.load_manifest(fetch.DEFAULT_MANIFEST)
            self.assertGreaterEqual(len(doc["sets"]), 30)
            with open(fetch.SCHEMA) as f:
                schema = json.load(f)
            bad = {"version": 2, "archives": {}, "sets": []}
            problems = fetch.schema_problems(bad, schema)
            self.assertIn("$.version: must be 1", problems)
        finally:
            if saved is None:
                del sys.modules["jsonschema"]
            else:
                sys.modules["jsonschema"] = saved

    def test_a_bad_manifest_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "corpus.json")
            with open(path, "w") as f:
                json.dump({"version": 1, "archives": {"pkg": archive_meta(b"x")}, "sets": [a_set(sid="A")]}, f)
            with self.assertRaisesRegex(fetch.FetchError, "manifest"):
                fetch.load_manifest(path)
            self.assertEqual(fetch.main(["--manifest", path, "--check-manifest"]), 2)

    def test_consistency(self):
        data = b"x"
        doc = {"version": 1, "archives": {"pkg": archive_meta(data), "unused": archive_meta(data)},
               "sets": [a_set(), a_set(), a_set(sid="other", entry="nope.wsdl"),
                        a_set(sid="remote", features=["remote-import"])]}
        problems = "\n".join(fetch.consistency_problems(doc))
        self.assertIn("duplicate id", problems)
        self.assertIn("not among its files", problems)
        self.assertIn("remote-import feature disagree", problems)
        self.assertIn("archive unused: no set uses it", problems)

    def test_choose_sets(self):
        doc = {"sets": [a_set(sid="a", sample=True), a_set(sid="b"), a_set(sid="c", sample=True)]}
        self.assertEqual([s["id"] for s in fetch.choose_sets(doc, sample=True)], ["a", "c"])
        self.assertEqual([s["id"] for s in fetch.choose_sets(doc, only="b,c")], ["b", "c"])
        with self.assertRaises(fetch.FetchError):
            fetch.choose_sets(doc, only="zzz")


class PathTest(unittest.TestCase):
    def test_safe_relpath(self):
        self.assertEqual(fetch.safe_relpath("a/b.wsdl"), ["a", "b.wsdl"])
        for bad in ["", "/etc/passwd", "../x", "a/../../x", "a/./b", "a//b", "C:/x", "a\\b", ".hidden",
                    "a/.git/config", "-rf", "a\x00b"]:
            with self.subTest(bad):
                with self.assertRaises(fetch.FetchError):
                    fetch.safe_relpath(bad)


class DownloadTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.cache = os.path.join(self.tmp.name, "cache")
        self.data = zip_bytes([("res/wsdl/svc.wsdl", WSDL, None)])
        self.meta = archive_meta(self.data)

    def tearDown(self):
        self.tmp.cleanup()

    def test_downloads_once_then_uses_the_cache(self):
        opener = Opener(self.data)
        path, cached = fetch.ensure_archive(self.cache, self.meta, opener=opener)
        self.assertFalse(cached)
        self.assertEqual(fetch.sha256_of(path), self.meta["sha256"])
        path2, cached = fetch.ensure_archive(self.cache, self.meta, opener=opener)
        self.assertTrue(cached)
        self.assertEqual(path, path2)
        self.assertEqual(opener.calls, 1)

    def test_wrong_sha256_is_refused_and_nothing_is_kept(self):
        meta = dict(self.meta, sha256="0" * 64)
        with self.assertRaisesRegex(fetch.FetchError, "sha256"):
            fetch.ensure_archive(self.cache, meta, opener=Opener(self.data))
        self.assertEqual(os.listdir(self.cache), [])

    def test_more_bytes_than_the_manifest_says_is_refused(self):
        meta = dict(self.meta, size=len(self.data) - 10)
        with self.assertRaisesRegex(fetch.FetchError, "larger than"):
            fetch.ensure_archive(self.cache, meta, opener=Opener(self.data))
        self.assertEqual(os.listdir(self.cache), [])

    def test_fewer_bytes_than_the_manifest_says_is_refused(self):
        meta = dict(self.meta, size=len(self.data) + 10)
        with self.assertRaisesRegex(fetch.FetchError, "bytes, the manifest says"):
            fetch.ensure_archive(self.cache, meta, opener=Opener(self.data))

    def test_a_corrupted_cached_copy_is_downloaded_again(self):
        opener = Opener(self.data)
        path, _ = fetch.ensure_archive(self.cache, self.meta, opener=opener)
        with open(path, "r+b") as f:
            f.seek(5)
            f.write(b"XX")
        said = []
        path, cached = fetch.ensure_archive(self.cache, self.meta, opener=opener, log=said.append)
        self.assertFalse(cached)
        self.assertIn("downloading again", said[0])
        self.assertEqual(opener.calls, 2)
        self.assertEqual(fetch.sha256_of(path), self.meta["sha256"])

    def test_offline_without_a_cached_copy_fails(self):
        with self.assertRaisesRegex(fetch.FetchError, "offline"):
            fetch.ensure_archive(self.cache, self.meta, offline=True, opener=Opener(self.data))

    def test_a_symlink_in_the_cache_is_not_followed(self):
        os.makedirs(self.cache)
        target = os.path.join(self.tmp.name, "elsewhere")
        with open(target, "wb") as f:
            f.write(self.data)
        os.symlink(target, fetch.cached_path(self.cache, self.meta))
        with self.assertRaisesRegex(fetch.FetchError, "not a regular file"):
            fetch.ensure_archive(self.cache, self.meta, opener=Opener(self.data))


class ExtractTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.out = os.path.join(self.tmp.name, "out")

    def tearDown(self):
        self.tmp.cleanup()

    def archive(self, data, fmt="zip"):
        path = os.path.join(self.tmp.name, "a." + ("zip" if fmt == "zip" else "tgz"))
        with open(path, "wb") as f:
            f.write(data)
        return fetch.Archive(path, fmt)

    def good_zip(self, *extra):
        return zip_bytes([("res/wsdl/svc.wsdl", WSDL, None), ("res/wsdl/types/t.xsd", XSD, None),
                          ("res/wsdl/unrelated.txt", b"not asked for", None)] + list(extra))

    def test_extracts_the_bundle_at_its_relative_paths(self):
        with self.archive(self.good_zip()) as a:
            size = fetch.extract_set(a, a_set(bytes=len(WSDL) + len(XSD)), self.out)
        self.assertEqual(size, len(WSDL) + len(XSD))
        folder = os.path.join(self.out, "t-set")
        with open(os.path.join(folder, "svc.wsdl"), "rb") as f:
            self.assertEqual(f.read(), WSDL)
        with open(os.path.join(folder, "types", "t.xsd"), "rb") as f:
            self.assertEqual(f.read(), XSD)
        self.assertEqual(sorted(os.listdir(folder)), ["svc.wsdl", "types"])
        self.assertEqual(os.listdir(self.out), ["t-set"])

    def test_extracts_from_tar_gz_with_dot_slash_names(self):
        data = tar_bytes([("./res/wsdl/svc.wsdl", WSDL), ("./res/wsdl/types/t.xsd", XSD)])
        with self.archive(data, "tar.gz") as a:
            fetch.extract_set(a, a_set(), self.out)
        self.assertTrue(os.path.isfile(os.path.join(self.out, "t-set", "types", "t.xsd")))

    def test_replaces_an_earlier_extraction(self):
        folder = os.path.join(self.out, "t-set")
        os.makedirs(folder)
        with open(os.path.join(folder, "stale.wsdl"), "w") as f:
            f.write("old")
        with self.archive(self.good_zip()) as a:
            fetch.extract_set(a, a_set(), self.out)
        self.assertEqual(sorted(os.listdir(folder)), ["svc.wsdl", "types"])

    def assertRefused(self, data, s, pattern, fmt="zip"):
        with self.archive(data, fmt) as a:
            with self.assertRaisesRegex(fetch.FetchError, pattern):
                fetch.extract_set(a, s, self.out)
        self.assertFalse(os.path.exists(os.path.join(self.out, s["id"])))
        leftovers = os.listdir(self.out) if os.path.isdir(self.out) else []
        self.assertEqual(leftovers, [], "no staging folder left behind")

    def test_refuses_a_zip_symlink(self):
        data = zip_bytes([("res/wsdl/svc.wsdl", b"/etc/passwd", stat.S_IFLNK | 0o777),
                          ("res/wsdl/types/t.xsd", XSD, None)])
        self.assertRefused(data, a_set(), "not a regular file")

    def test_refuses_tar_links_and_devices(self):
        for kind in (tarfile.SYMTYPE, tarfile.LNKTYPE, tarfile.CHRTYPE, tarfile.DIRTYPE, tarfile.FIFOTYPE):
            info = tarfile.TarInfo("res/wsdl/svc.wsdl")
            info.type = kind
            info.linkname = "/etc/passwd"
            data = tar_bytes([("res/wsdl/types/t.xsd", XSD)], [info])
            with self.subTest(kind):
                self.assertRefused(data, a_set(), "not a regular file", "tar.gz")

    def test_refuses_traversal_and_absolute_paths_in_the_manifest(self):
        data = zip_bytes([("res/evil.wsdl", WSDL, None), ("/etc/evil.wsdl", WSDL, None)])
        for files in (["../evil.wsdl"], ["/etc/evil.wsdl"], ["a/../../evil.wsdl"]):
            with self.subTest(files):
                self.assertRefused(data, a_set(entry=files[0], files=files), "unsafe path")
        self.assertRefused(data, a_set(root="../res", entry="evil.wsdl", files=["evil.wsdl"]), "unsafe path")

    def test_a_traversing_member_is_never_reached(self):
        # the archive holds ../../escape.wsdl; only named members are read, so the set's
        # missing file fails and nothing lands outside
        data = zip_bytes([("../../escape.wsdl", WSDL, None), ("res/wsdl/types/t.xsd", XSD, None)])
        self.assertRefused(data, a_set(), "not in the archive")
        self.assertFalse(os.path.exists(os.path.join(self.tmp.name, "escape.wsdl")))

    def test_refuses_a_file_over_the_cap(self):
        old = fetch.MAX_FILE
        fetch.MAX_FILE = 100
        try:
            self.assertRefused(self.good_zip(), a_set(), "over the cap")
        finally:
            fetch.MAX_FILE = old

    def test_refuses_a_set_over_the_cap(self):
        old = fetch.MAX_SET
        fetch.MAX_SET = len(WSDL) + 10
        try:
            self.assertRefused(self.good_zip(), a_set(), "over the cap")
        finally:
            fetch.MAX_SET = old

    def test_refuses_a_zip_bomb_that_lies_about_its_size(self):
        # a member declaring a small size cannot deliver more than the cap
        old = fetch.MAX_FILE
        fetch.MAX_FILE = 1000
        try:
            big = b"<a>" + b" " * 50000 + b"</a>"
            buf = io.BytesIO()
            with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("res/wsdl/svc.wsdl", big)
            self.assertRefused(buf.getvalue(), a_set(files=["svc.wsdl"], features=[]), "over the cap")
        finally:
            fetch.MAX_FILE = old

    def test_refuses_duplicate_member_names(self):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            data = self.good_zip(("res/wsdl/svc.wsdl", b"<x/>", None))
        self.assertRefused(data, a_set(), "more than one member")

    def test_refuses_a_missing_import(self):
        data = zip_bytes([("res/wsdl/svc.wsdl", WSDL, None)])
        self.assertRefused(data, a_set(files=["svc.wsdl"]), "not in the set's files")

    def test_refuses_an_import_leaving_the_bundle(self):
        data = zip_bytes([("res/wsdl/svc.wsdl", ESCAPING, None)])
        self.assertRefused(data, a_set(files=["svc.wsdl"], features=[]), "outside.wsdl")

    def test_remote_imports_must_be_listed(self):
        data = zip_bytes([("res/wsdl/r.xsd", REMOTE_XSD, None)])
        s = a_set(entry="r.xsd", files=["r.xsd"])
        self.assertRefused(data, s, "remoteReferences does not list")
        s = a_set(entry="r.xsd", files=["r.xsd"], remoteReferences=["https://example.org/x.xsd"],
                  features=["remote-import"])
        with self.archive(data) as a:
            fetch.extract_set(a, s, self.out)

    def test_refuses_a_doctype(self):
        data = zip_bytes([("res/wsdl/svc.wsdl", DOCTYPE, None)])
        self.assertRefused(data, a_set(files=["svc.wsdl"], features=[]), "DOCTYPE")

    def test_refuses_a_wrong_size_in_the_manifest(self):
        self.assertRefused(self.good_zip(), a_set(bytes=1), "the manifest says 1")


class FetchEndToEndTest(unittest.TestCase):
    def test_fetch_downloads_verifies_and_extracts(self):
        data = zip_bytes([("res/wsdl/svc.wsdl", WSDL, None), ("res/wsdl/types/t.xsd", XSD, None)])
        doc = {"version": 1, "archives": {"pkg": archive_meta(data)},
               "sets": [a_set(), a_set(sid="broken", files=["svc.wsdl", "missing.xsd"])]}
        with tempfile.TemporaryDirectory() as tmp:
            out, cache = os.path.join(tmp, "out"), os.path.join(tmp, "cache")
            lines = []
            failures = fetch.fetch(doc, doc["sets"], out, cache, opener=Opener(data), log=lines.append)
            self.assertEqual([sid for sid, _ in failures], ["broken"])
            self.assertTrue(os.path.isfile(os.path.join(out, "t-set", "svc.wsdl")))
            self.assertFalse(os.path.exists(os.path.join(out, "broken")))
            failures = fetch.fetch(doc, doc["sets"][:1], out, cache, offline=True, log=lines.append)
            self.assertEqual(failures, [])
            self.assertTrue(any(line.startswith("cached") for line in lines))

    def test_fetch_never_replaces_folders_of_a_folder_it_did_not_make(self):
        data = zip_bytes([("res/wsdl/svc.wsdl", WSDL, None), ("res/wsdl/types/t.xsd", XSD, None)])
        doc = {"version": 1, "archives": {"pkg": archive_meta(data)}, "sets": [a_set()]}
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "somebody-elses")
            os.makedirs(os.path.join(out, "t-set"))
            precious = os.path.join(out, "t-set", "precious")
            with open(precious, "w") as f:
                f.write("keep me")
            failures = fetch.fetch(doc, doc["sets"], out, os.path.join(tmp, "c"), opener=Opener(data),
                                   log=lambda *_: None)
            self.assertEqual(len(failures), 1)
            self.assertIn("no corpus folder", failures[0][1])
            self.assertTrue(os.path.isfile(precious))
            # a new folder is claimed, and later runs may replace its sets
            out = os.path.join(tmp, "new")
            for _ in range(2):
                self.assertEqual(fetch.fetch(doc, doc["sets"], out, os.path.join(tmp, "c"), opener=Opener(data),
                                             log=lambda *_: None), [])
            self.assertTrue(os.path.isfile(os.path.join(out, fetch.MARKER)))

    def test_a_bad_archive_fails_its_sets_only(self):
        data = b"this is not a zip"
        doc = {"version": 1, "archives": {"pkg": archive_meta(data)}, "sets": [a_set()]}
        with tempfile.TemporaryDirectory() as tmp:
            failures = fetch.fetch(doc, doc["sets"], os.path.join(tmp, "o"), os.path.join(tmp, "c"),
                                   opener=Opener(data), log=lambda *_: None)
        self.assertEqual(len(failures), 1)


if __name__ == "__main__":
    unittest.main()
