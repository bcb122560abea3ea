// Unit checks of the HdrHistogram index math, percentiles and V2 bytes. The expected numbers are
// worked out by hand from HdrHistogram's definitions (see the comments), not taken from the code.
#include <cstdio>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <zlib.h>

#include "hdr_histogram.h"

using soapbench::HdrHistogram;

namespace {

const int64_t kHighest = 3600000000LL;
int failures = 0;
std::string first_mismatch;

// expect_eq records the first mismatch of the current check for its FAIL line.
template <typename A, typename B>
void expect_eq(const char *what, A actual, B expected)
{
    if (static_cast<long long>(actual) != static_cast<long long>(expected) && first_mismatch.empty())
        first_mismatch = std::string(what) + " is " + std::to_string(static_cast<long long>(actual)) + ", expected "
                         + std::to_string(static_cast<long long>(expected));
}

void check(const char *name, const std::function<void()> &body)
{
    first_mismatch.clear();
    try {
        body();
    } catch (const std::exception &e) {
        first_mismatch = std::string("threw ") + e.what();
    }
    if (first_mismatch.empty()) {
        printf("PASS %s\n", name);
    } else {
        printf("FAIL %s: %s\n", name, first_mismatch.c_str());
        ++failures;
    }
}

std::vector<uint8_t> base64_decode(const std::string &text)
{
    std::vector<uint8_t> out;
    uint32_t bits = 0;
    int pending = 0;
    for (char c : text) {
        const char *alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        const char *at = c ? strchr(alphabet, c) : nullptr;
        if (!at)
            continue;
        bits = (bits << 6) | static_cast<uint32_t>(at - alphabet);
        pending += 6;
        if (pending >= 8) {
            pending -= 8;
            out.push_back(static_cast<uint8_t>(bits >> pending));
        }
    }
    return out;
}

uint32_t be32(const std::vector<uint8_t> &bytes, size_t at)
{
    return uint32_t(bytes[at]) << 24 | uint32_t(bytes[at + 1]) << 16 | uint32_t(bytes[at + 2]) << 8 | bytes[at + 3];
}

std::vector<uint8_t> payload_of(const HdrHistogram &histogram)
{
    std::vector<uint8_t> encoded = histogram.encode_v2();
    return std::vector<uint8_t>(encoded.begin() + 40, encoded.end());
}

void expect_bytes(const char *what, const std::vector<uint8_t> &actual, const std::vector<uint8_t> &expected)
{
    if (actual != expected && first_mismatch.empty()) {
        first_mismatch = std::string(what) + " is";
        for (uint8_t b : actual)
            first_mismatch += " " + std::to_string(b);
        first_mismatch += ", expected";
        for (uint8_t b : expected)
            first_mismatch += " " + std::to_string(b);
    }
}

}

int main()
{
    check("geometry of 1..3,600,000,000 at 3 digits: 2048 sub-buckets, 22 buckets, 23552 counts", [] {
        // 2 * 10^3 = 2000 rounds up to 2^11 sub-buckets; 2048 * 2^20 <= 3.6e9 < 2048 * 2^21, so
        // buckets 0..21; HdrHistogram allots (buckets + 1) * half the sub-buckets.
        HdrHistogram h(kHighest, 3);
        expect_eq("sub_bucket_count", h.sub_bucket_count(), 2048);
        expect_eq("bucket_count", h.bucket_count(), 22);
        expect_eq("counts_length", h.counts_length(), 23 * 1024);
    });
    check("geometry at 2 digits and 0 digits", [] {
        // 200 -> 256 sub-buckets; 256 * 2^23 < 3.6e9 < 256 * 2^24: 25 buckets. 2 -> 2 sub-buckets.
        HdrHistogram two(kHighest, 2);
        expect_eq("2 digits sub_bucket_count", two.sub_bucket_count(), 256);
        expect_eq("2 digits bucket_count", two.bucket_count(), 25);
        expect_eq("2 digits counts_length", two.counts_length(), 26 * 128);
        HdrHistogram zero(1000, 0);
        expect_eq("0 digits sub_bucket_count", zero.sub_bucket_count(), 2);
        expect_eq("0 digits bucket_count", zero.bucket_count(), 10);  // 2 * 2^9 = 1024 > 1000
    });
    check("values below 2048 have unit resolution: index = value", [] {
        HdrHistogram h(kHighest, 3);
        for (int64_t v = 0; v < 2048; ++v) {
            expect_eq("counts_index(v)", h.counts_index(v), v);
            expect_eq("value_from_index(v)", h.value_from_index(static_cast<size_t>(v)), v);
            expect_eq("highest_equivalent_value(v)", h.highest_equivalent_value(v), v);
        }
    });
    check("bucket and sub-bucket of 2048, 4099 and 3,600,000,000", [] {
        HdrHistogram h(kHighest, 3);
        // 2048..4095 is bucket 1 at resolution 2, its sub-buckets 1024..2047 at index 2048 on.
        expect_eq("bucket_index(2048)", h.bucket_index(2048), 1);
        expect_eq("sub_bucket_index(2048)", h.sub_bucket_index(2048, 1), 1024);
        expect_eq("counts_index(2049)", h.counts_index(2049), 2048);
        expect_eq("counts_index(2050)", h.counts_index(2050), 2049);
        expect_eq("highest_equivalent_value(2048)", h.highest_equivalent_value(2048), 2049);
        // 4096..8191 is bucket 2 at resolution 4, from index 3072.
        expect_eq("counts_index(4099)", h.counts_index(4099), 3072);
        expect_eq("lowest_equivalent_value(4099)", h.lowest_equivalent_value(4099), 4096);
        expect_eq("highest_equivalent_value(4096)", h.highest_equivalent_value(4096), 4099);
        // 3.6e9 lies in [2^31, 2^32): bucket 21, sub-bucket 3.6e9 >> 21 = 1716, index
        // (21 + 1) * 1024 + 1716 - 1024 = 23220, covering 1716 << 21 .. +2^21 - 1.
        expect_eq("bucket_index(3.6e9)", h.bucket_index(kHighest), 21);
        expect_eq("counts_index(3.6e9)", h.counts_index(kHighest), 23220);
        expect_eq("lowest_equivalent_value(3.6e9)", h.lowest_equivalent_value(kHighest), 3598712832LL);
        expect_eq("highest_equivalent_value(3.6e9)", h.highest_equivalent_value(kHighest), 3600809983LL);
        expect_eq("value_from_index(23220)", h.value_from_index(23220), 3598712832LL);
    });
    check("every value lies in its bucket, buckets tile the range, precision within 1/1024", [] {
        HdrHistogram h(kHighest, 3);
        for (int64_t v = 1; v <= kHighest; v += v / 7 + 1) {
            int64_t low = h.lowest_equivalent_value(v), high = h.highest_equivalent_value(v);
            expect_eq("lowest_equivalent_value <= v", low <= v, true);
            expect_eq("v <= highest_equivalent_value", v <= high, true);
            expect_eq("value_from_index(counts_index(v))", h.value_from_index(h.counts_index(v)), low);
            expect_eq("next bucket starts after highest", h.counts_index(high + 1), h.counts_index(v) + 1);
            expect_eq("bucket width <= value / 1024", (high - low + 1) * 1024 <= (low > 2047 ? low : 1024), true);
        }
    });
    check("percentiles of 1..100 and 1..10 follow Java's ceil(rank) semantics", [] {
        HdrHistogram h(kHighest, 3);
        for (int v = 1; v <= 100; ++v)
            h.record(v);
        expect_eq("p50 of 1..100", h.value_at_percentile(50), 50);
        expect_eq("p99 of 1..100", h.value_at_percentile(99), 99);
        expect_eq("p100 of 1..100", h.value_at_percentile(100), 100);
        expect_eq("p0 of 1..100", h.value_at_percentile(0), 1);
        HdrHistogram ten(kHighest, 3);
        for (int v = 1; v <= 10; ++v)
            ten.record(v);
        expect_eq("p90 of 1..10 (rank exactly 9)", ten.value_at_percentile(90), 9);
        expect_eq("p21 of 1..10 (rank 2.1 rounds up to 3)", ten.value_at_percentile(21), 3);
        expect_eq("p95 of 1..10", ten.value_at_percentile(95), 10);
    });
    check("percentiles and max report the highest equivalent value", [] {
        HdrHistogram h(kHighest, 3);
        h.record(3000);  // bucket 1 at resolution 2: 3000..3001
        expect_eq("p50 of {3000}", h.value_at_percentile(50), 3001);
        expect_eq("p0 of {3000}", h.value_at_percentile(0), 3000);
        expect_eq("max of {3000}", h.max(), 3001);
        HdrHistogram empty(kHighest, 3);
        expect_eq("max of nothing", empty.max(), 0);
        expect_eq("p99 of nothing", empty.value_at_percentile(99), 0);
    });
    check("out-of-range values are clamped and still counted", [] {
        HdrHistogram h(kHighest, 3);
        h.record(kHighest * 2);
        h.record(-5);
        expect_eq("total_count", h.total_count(), 2);
        expect_eq("count at index 0", h.count_at_index(0), 1);
        expect_eq("count at the highest value's index", h.count_at_index(h.counts_index(kHighest)), 1);
        expect_eq("max", h.max(), 3600809983LL);
    });
    check("add() sums counts, totals and maxima of per-thread histograms", [] {
        HdrHistogram a(kHighest, 3), b(kHighest, 3);
        a.record(10);
        a.record(10);
        b.record(10);
        b.record(70000);
        a.add(b);
        expect_eq("total_count", a.total_count(), 4);
        expect_eq("count at 10", a.count_at_index(10), 3);
        expect_eq("max", a.max(), a.highest_equivalent_value(70000));
        bool refused = false;
        try {
            a.add(HdrHistogram(1000, 3));
        } catch (const std::invalid_argument &) {
            refused = true;
        }
        expect_eq("adding another geometry throws", refused, true);
    });
    check("bad geometry is refused", [] {
        int refused = 0;
        for (auto args : {std::make_pair(int64_t(1), 3), std::make_pair(kHighest, 6), std::make_pair(kHighest, -1)}) {
            try {
                HdrHistogram(args.first, args.second);
            } catch (const std::invalid_argument &) {
                ++refused;
            }
        }
        expect_eq("refused constructions", refused, 3);
    });
    check("V2 header: cookie, payload length, offset 0, digits, lowest 1, highest, ratio 1.0", [] {
        HdrHistogram h(kHighest, 3);
        h.record(1);
        std::vector<uint8_t> encoded = h.encode_v2();
        std::vector<uint8_t> header(encoded.begin(), encoded.begin() + 40);
        // Java writes 0x1c849303 | 0x10; payload for {1}: a lone zero (0x00), then 1 (0x02).
        expect_bytes("header", header,
                     {0x1c, 0x84, 0x93, 0x13, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 1,
                      0, 0, 0, 0, 0xd6, 0x93, 0xa4, 0x00, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0});
        expect_bytes("payload of {1}", payload_of(h), {0x00, 0x02});
    });
    check("V2 counts: ZigZag LEB128, zero runs as one negative count, ending at the max", [] {
        HdrHistogram h(kHighest, 3);
        h.record(1);
        h.record(1);
        h.record(5);
        // index 0: lone zero 0x00; index 1: 2 -> 0x04; indexes 2..4: run of 3 -> -3 -> 0x05; 5: 1 -> 0x02
        expect_bytes("payload of {1, 1, 5}", payload_of(h), {0x00, 0x04, 0x05, 0x02});
        HdrHistogram many(kHighest, 3);
        for (int i = 0; i < 300; ++i)
            many.record(7);
        // run of 7 zeros -> -7 -> 13; 300 -> 600 = 0x258 -> 0xd8 0x04
        expect_bytes("payload of 300 x {7}", payload_of(many), {0x0d, 0xd8, 0x04});
        HdrHistogram empty(kHighest, 3);
        expect_bytes("payload of nothing", payload_of(empty), {0x00});
    });
    check("compressed form: cookie, length, zlib of the V2 encoding, in base64", [] {
        HdrHistogram h(kHighest, 3);
        for (int64_t v = 1; v < 5000000; v = v * 3 + 1)
            h.record(v);
        std::vector<uint8_t> framed = base64_decode(h.encode_compressed_base64());
        expect_eq("cookie", be32(framed, 0), 0x1c849314u);
        expect_eq("compressed length", be32(framed, 4), framed.size() - 8);
        std::vector<uint8_t> expected = h.encode_v2();
        std::vector<uint8_t> inflated(expected.size() + 16);
        uLongf inflated_length = inflated.size();
        int status = uncompress(inflated.data(), &inflated_length, framed.data() + 8, framed.size() - 8);
        expect_eq("zlib status", status, Z_OK);
        inflated.resize(inflated_length);
        expect_bytes("inflated", inflated, expected);
    });

    printf(failures ? "%d HdrHistogram unit check(s) failed\n" : "all HdrHistogram unit checks passed\n", failures);
    return failures ? 1 : 0;
}
