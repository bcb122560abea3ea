#!/usr/bin/env python3
"""Checks one `runner drive` summary line: the request count, the errors, the client's CPU time
over its measured requests (cpuSeconds, not negative), and that its histogram
is HdrHistogram's V2 compressed encoding holding exactly one latency per request, with the
reported max in its top bucket.

Usage: check_summary.py LINE REQUESTS [ERRORS_JSON]   (ERRORS_JSON defaults to {})
Exit 0 when it holds; otherwise one line says what differs.
"""
import base64
import json
import struct
import sys
import zlib

V2_COOKIE = 0x1C849303
V2_COMPRESSED_COOKIE = 0x1C849304


def zigzag_counts(payload):
    """The counts of a V2 payload: ZigZag LEB128, negative values are runs of zeros."""
    counts, at = [], 0
    while at < len(payload):
        value, shift = 0, 0
        while True:
            byte = payload[at]
            at += 1
            if shift == 56:
                value |= byte << 56
                break
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        signed = (value >> 1) ^ -(value & 1)
        counts.extend([0] * -signed if signed < 0 else [signed])
    return counts


def histogram_counts(encoded):
    framed = base64.b64decode(encoded, validate=True)
    cookie, length = struct.unpack(">iI", framed[:8])
    if cookie & ~0xF0 != V2_COMPRESSED_COOKIE or length != len(framed) - 8:
        raise ValueError(f"not a V2 compressed frame (cookie {cookie:#x}, length {length})")
    plain = zlib.decompress(framed[8:])
    cookie, payload_length, offset, digits, lowest, highest, ratio = struct.unpack(">iiiiqqd", plain[:40])
    if cookie & ~0xF0 != V2_COOKIE or payload_length != len(plain) - 40 or offset != 0:
        raise ValueError(f"bad V2 header (cookie {cookie:#x}, payload {payload_length}, offset {offset})")
    if (digits, lowest, highest, ratio) != (3, 1, 3_600_000_000, 1.0):
        raise ValueError(f"geometry {digits} digits {lowest}..{highest} ratio {ratio}, not the clients' 3, 1..3600000000, 1.0")
    return zigzag_counts(plain[40:])


def top_of_bucket(index):
    """The highest value of counts index `index` at 3 digits (2048 sub-buckets)."""
    bucket = max((index >> 10) - 1, 0)
    sub_bucket = index - 1024 * bucket if index >= 2048 else index
    return ((sub_bucket + 1) << bucket) - 1


def problem(line, requests, errors):
    summary = json.loads(line)
    if summary["requests"] != requests:
        return f"requests is {summary['requests']}, expected {requests}"
    if summary["errors"] != errors:
        return f"errors are {summary['errors']}, expected {errors}"
    cpu = summary.get("cpuSeconds")
    if not isinstance(cpu, (int, float)) or isinstance(cpu, bool) or cpu < 0:
        return f"cpuSeconds is {cpu!r}, not the client's CPU time over its measured requests"
    if "histogram" not in summary:
        return "the summary has no histogram"
    counts = histogram_counts(summary["histogram"])
    if sum(counts) != requests:
        return f"the histogram holds {sum(counts)} values, not one per request ({requests})"
    latency = summary["latencyUs"]
    # a refused connection can take less than a microsecond; an answered request cannot
    least = 0 if errors else 1
    if not least <= latency["p50"] <= latency["p90"] <= latency["p99"] <= latency["max"]:
        return f"latencies out of order: {latency}"
    last = max(i for i, count in enumerate(counts) if count)
    if latency["max"] != top_of_bucket(last):
        return f"max {latency['max']} is not the top of the histogram's highest bucket ({top_of_bucket(last)})"
    return None


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: check_summary.py LINE REQUESTS [ERRORS_JSON]")
    try:
        found = problem(sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3]) if len(sys.argv) == 4 else {})
    except (ValueError, KeyError, TypeError, IndexError, struct.error, zlib.error) as e:
        found = f"unreadable summary: {e}"
    if found:
        print(found)
        sys.exit(1)


if __name__ == "__main__":
    main()
