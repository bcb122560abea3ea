#!/usr/bin/env python3
"""Writes the seismic data set: the catalog, its regions and the two request sequences.

Usage: generate.py --out DIR [--catalog-samples DIR]

DIR receives quakes.tsv, regions.tsv, seismic-regions.tsv, manifest.json and the folders
requests-small/ and requests-large/ (the runner contract's samples layout: index.json with one
entry per request, each entry also giving expectedMatches, and the request and response
envelopes). With --catalog-samples, the catalog entry's sample (one small request with its true
response) is written there too.
"""
import argparse
import json
import os
import sys
import time

import catalog
import envelopes
import matching
import queries
from boundaries import SEISMIC_REGIONS


def main(argv):
    parser = argparse.ArgumentParser(description="Generate the seismic data set.")
    parser.add_argument("--out", required=True, help="output folder (created if missing)")
    parser.add_argument("--catalog-samples", help="also write the catalog entry's sample here")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        summary = write_all(args.out, args.catalog_samples)
    except OSError as e:
        print(f"error: cannot write {e.filename}: {e.strerror}", file=sys.stderr)
        return 1
    print(f"{summary['quakes']} quakes in {summary['regions']} regions written to {args.out}")
    for name, sequence in summary["sequences"].items():
        print(f"{name}: {sequence['requests']} requests matching {sequence['matches']} quakes in total")
    print(f"generated in {time.monotonic() - started:.1f} s")
    return 0


def write_all(out, catalog_samples=None):
    regions, quakes = catalog.generate()
    index = matching.Index(quakes)
    os.makedirs(out, exist_ok=True)
    _write_tsv(os.path.join(out, "seismic-regions.tsv"), ["id", "name"],
               [(i, name) for i, name in sorted(SEISMIC_REGIONS.items())])
    _write_tsv(os.path.join(out, "regions.tsv"), ["id", "seismicRegion", "name"],
               [(r.id, r.seismic_region, r.name) for r in regions])
    _write_tsv(os.path.join(out, "quakes.tsv"),
               ["time", "millis", "latitude", "longitude", "depth", "magnitude", "method", "region"],
               [_quake_row(q) for q in quakes])
    summary = {"seed": catalog.SEED, "quakes": len(quakes), "regions": len(regions), "sequences": {}}
    small_sequence = None
    for spec in (queries.SMALL, queries.LARGE):
        built, counts, fraction = queries.build(index, spec)
        _write_sequence(os.path.join(out, f"requests-{spec.name}"), index, regions, built, counts)
        summary["sequences"][spec.name] = {
            "requests": len(built), "matches": sum(counts), "fraction": round(fraction, 8)}
        if spec is queries.SMALL:
            small_sequence = (built, counts)
    with open(os.path.join(out, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=2)
        f.write("\n")
    if catalog_samples:
        _write_catalog_sample(catalog_samples, index, regions, *small_sequence)
    return summary


def _quake_row(q):
    return (envelopes.date_time(q.second), q.millis, envelopes.fixed(q.lat, 3), envelopes.fixed(q.lon, 3),
            envelopes.fixed(q.depth, 1), envelopes.fixed(q.mag, 1), q.method, q.region)


def _write_tsv(path, header, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(header) + "\n")
        for row in rows:
            f.write("\t".join(str(v) for v in row) + "\n")


def _index_entry(request_file, response_file, matches=None):
    entry = {"operation": envelopes.OPERATION, "soapAction": envelopes.SOAP_ACTION, "soapVersion": "1.1",
             "oneWay": False, "request": request_file, "response": response_file}
    if matches is not None:
        entry["expectedMatches"] = matches
    return entry


def _write_sequence(folder, index, regions, built, counts):
    os.makedirs(folder, exist_ok=True)
    entries = []
    for number, (query, count) in enumerate(zip(built, counts), start=1):
        stem = f"{number:04d}"
        matches = index.matches(query)
        if len(matches) != count:
            raise AssertionError(f"{folder} request {stem}: {len(matches)} matches, expected {count}")
        _write_text(os.path.join(folder, f"{stem}.request.xml"), envelopes.request(query))
        _write_text(os.path.join(folder, f"{stem}.response.xml"),
                    envelopes.response(matches, regions, SEISMIC_REGIONS))
        entries.append(_index_entry(f"{stem}.request.xml", f"{stem}.response.xml", count))
    _write_index(folder, entries)


def _write_catalog_sample(folder, index, regions, built, counts):
    """The first small request that returns a handful of quakes from more than one region."""
    chosen = next((q for q, c in zip(built, counts)
                   if 3 <= c <= 10 and len({m.region for m in index.matches(q)}) > 1), None)
    if chosen is None:
        chosen = next(q for q, c in zip(built, counts) if c > 0)
    os.makedirs(folder, exist_ok=True)
    _write_text(os.path.join(folder, "matchQuakes.request.xml"), envelopes.request(chosen))
    _write_text(os.path.join(folder, "matchQuakes.response.xml"),
                envelopes.response(index.matches(chosen), regions, SEISMIC_REGIONS))
    _write_index(folder, [_index_entry("matchQuakes.request.xml", "matchQuakes.response.xml")])


def _write_index(folder, entries):
    lines = ",\n".join("  " + json.dumps(e) for e in entries)
    _write_text(os.path.join(folder, "index.json"), f"[\n{lines}\n]\n")


def _write_text(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
