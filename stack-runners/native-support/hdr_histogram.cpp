#include "hdr_histogram.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <stdexcept>

#include <zlib.h>

namespace soapbench {

namespace {

// HdrHistogram Java's V2 cookies carry the word size in their low byte; 0x10 is what its
// getEncodingCookie and getCompressedEncodingCookie add, and readers mask it off.
constexpr uint32_t kV2EncodingCookie = 0x1c849303u | 0x10u;
constexpr uint32_t kV2CompressedEncodingCookie = 0x1c849304u | 0x10u;

void put_be32(std::vector<uint8_t> &out, uint32_t value)
{
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<uint8_t>(value >> shift));
}

void put_be64(std::vector<uint8_t> &out, uint64_t value)
{
    for (int shift = 56; shift >= 0; shift -= 8)
        out.push_back(static_cast<uint8_t>(value >> shift));
}

// HdrHistogram's ZigZagEncoding.putLong: LEB128 of the zig-zagged value, at most 9 bytes, the
// ninth carrying a full 8 bits.
void put_zigzag(std::vector<uint8_t> &out, int64_t signed_value)
{
    uint64_t value = (static_cast<uint64_t>(signed_value) << 1) ^ static_cast<uint64_t>(signed_value >> 63);
    for (int i = 0; i < 8; ++i) {
        if (value >> 7 == 0) {
            out.push_back(static_cast<uint8_t>(value));
            return;
        }
        out.push_back(static_cast<uint8_t>((value & 0x7f) | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<uint8_t>(value));
}

std::string base64(const std::vector<uint8_t> &bytes)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (size_t i = 0; i < bytes.size(); i += 3) {
        uint32_t group = static_cast<uint32_t>(bytes[i]) << 16;
        if (i + 1 < bytes.size())
            group |= static_cast<uint32_t>(bytes[i + 1]) << 8;
        if (i + 2 < bytes.size())
            group |= bytes[i + 2];
        out.push_back(alphabet[(group >> 18) & 63]);
        out.push_back(alphabet[(group >> 12) & 63]);
        out.push_back(i + 1 < bytes.size() ? alphabet[(group >> 6) & 63] : '=');
        out.push_back(i + 2 < bytes.size() ? alphabet[group & 63] : '=');
    }
    return out;
}

int leading_zeros(uint64_t value)
{
    return value == 0 ? 64 : __builtin_clzll(value);
}

}

void HdrHistogram::FreeDeleter::operator()(int64_t *p) const
{
    std::free(p);
}

HdrHistogram::HdrHistogram(int64_t highest_trackable_value, int significant_digits)
    : highest_trackable_value_(highest_trackable_value), significant_digits_(significant_digits)
{
    if (significant_digits < 0 || significant_digits > 5)
        throw std::invalid_argument("HdrHistogram: significant digits must be 0 to 5, not "
                                    + std::to_string(significant_digits));
    if (highest_trackable_value < 2 || highest_trackable_value > std::numeric_limits<int64_t>::max() / 2)
        throw std::invalid_argument("HdrHistogram: highest trackable value " + std::to_string(highest_trackable_value)
                                    + " is outside 2 to 2^62");
    int64_t largest_value_with_single_unit_resolution = 2;
    for (int i = 0; i < significant_digits; ++i)
        largest_value_with_single_unit_resolution *= 10;
    // The power of two at or above it, as Java's ceil(log2(...)) without the floating point.
    int sub_bucket_count_magnitude = 0;
    while ((int64_t(1) << sub_bucket_count_magnitude) < largest_value_with_single_unit_resolution)
        ++sub_bucket_count_magnitude;
    sub_bucket_half_count_magnitude_ = sub_bucket_count_magnitude - 1;
    sub_bucket_count_ = 1 << sub_bucket_count_magnitude;
    sub_bucket_half_count_ = sub_bucket_count_ / 2;
    sub_bucket_mask_ = int64_t(sub_bucket_count_) - 1;
    leading_zero_count_base_ = 64 - sub_bucket_count_magnitude;

    int64_t smallest_untrackable_value = sub_bucket_count_;
    bucket_count_ = 1;
    while (smallest_untrackable_value <= highest_trackable_value) {
        if (smallest_untrackable_value > std::numeric_limits<int64_t>::max() / 2) {
            ++bucket_count_;
            break;
        }
        smallest_untrackable_value <<= 1;
        ++bucket_count_;
    }
    counts_length_ = static_cast<size_t>(bucket_count_ + 1) * static_cast<size_t>(sub_bucket_half_count_);
    counts_.reset(static_cast<int64_t *>(std::calloc(counts_length_, sizeof(int64_t))));
    if (!counts_)
        throw std::bad_alloc();
}

int HdrHistogram::bucket_index(int64_t value) const
{
    return leading_zero_count_base_ - leading_zeros(static_cast<uint64_t>(value | sub_bucket_mask_));
}

int HdrHistogram::sub_bucket_index(int64_t value, int bucket_index) const
{
    return static_cast<int>(static_cast<uint64_t>(value) >> bucket_index);
}

size_t HdrHistogram::counts_index(int64_t value) const
{
    int bucket = bucket_index(value);
    int sub_bucket = sub_bucket_index(value, bucket);
    int64_t bucket_base_index = int64_t(bucket + 1) << sub_bucket_half_count_magnitude_;
    return static_cast<size_t>(bucket_base_index + (sub_bucket - sub_bucket_half_count_));
}

int64_t HdrHistogram::value_from_index(size_t index) const
{
    int bucket = static_cast<int>(index >> sub_bucket_half_count_magnitude_) - 1;
    int64_t sub_bucket = static_cast<int64_t>(index & static_cast<size_t>(sub_bucket_half_count_ - 1))
                         + sub_bucket_half_count_;
    if (bucket < 0) {
        sub_bucket -= sub_bucket_half_count_;
        bucket = 0;
    }
    return sub_bucket << bucket;
}

int64_t HdrHistogram::lowest_equivalent_value(int64_t value) const
{
    int bucket = bucket_index(value);
    return int64_t(sub_bucket_index(value, bucket)) << bucket;
}

int64_t HdrHistogram::highest_equivalent_value(int64_t value) const
{
    int bucket = bucket_index(value);
    int sub_bucket = sub_bucket_index(value, bucket);
    int64_t range = int64_t(1) << (sub_bucket >= sub_bucket_count_ ? bucket + 1 : bucket);
    return lowest_equivalent_value(value) + range - 1;
}

void HdrHistogram::record(int64_t value)
{
    value = std::min(std::max<int64_t>(value, 0), highest_trackable_value_);
    ++counts_[counts_index(value)];
    ++total_count_;
    max_value_ = std::max(max_value_, value);
}

void HdrHistogram::add(const HdrHistogram &other)
{
    if (other.highest_trackable_value_ != highest_trackable_value_
        || other.significant_digits_ != significant_digits_)
        throw std::invalid_argument("HdrHistogram: cannot add a histogram of another geometry");
    for (size_t i = 0; i < counts_length_; ++i)
        counts_[i] += other.counts_[i];
    total_count_ += other.total_count_;
    max_value_ = std::max(max_value_, other.max_value_);
}

int64_t HdrHistogram::max() const
{
    return max_value_ == 0 ? 0 : highest_equivalent_value(max_value_);
}

int64_t HdrHistogram::value_at_percentile(double percentile) const
{
    // One ulp below the request keeps an exact rank from rounding up into the next bucket.
    double requested = std::min(std::max(std::nextafter(percentile, -INFINITY), 0.0), 100.0);
    double fp_count_at_percentile = requested * static_cast<double>(total_count_) / 100.0;
    int64_t count_at_percentile = std::max<int64_t>(static_cast<int64_t>(std::ceil(fp_count_at_percentile)), 1);
    int64_t running_total = 0;
    for (size_t i = 0; i < counts_length_; ++i) {
        running_total += counts_[i];
        if (running_total >= count_at_percentile) {
            int64_t value = value_from_index(i);
            return percentile == 0.0 ? lowest_equivalent_value(value) : highest_equivalent_value(value);
        }
    }
    return 0;
}

std::vector<uint8_t> HdrHistogram::encode_v2() const
{
    std::vector<uint8_t> payload;
    // As Java: counts up to the maximum's bucket; a lone zero is a count, longer runs one negative.
    size_t counts_limit = counts_index(max_value_) + 1;
    for (size_t i = 0; i < counts_limit;) {
        int64_t count = counts_[i++];
        int64_t zeros = 0;
        if (count == 0) {
            zeros = 1;
            while (i < counts_limit && counts_[i] == 0) {
                ++zeros;
                ++i;
            }
        }
        put_zigzag(payload, zeros > 1 ? -zeros : count);
    }

    std::vector<uint8_t> out;
    out.reserve(40 + payload.size());
    put_be32(out, kV2EncodingCookie);
    put_be32(out, static_cast<uint32_t>(payload.size()));
    put_be32(out, 0);  // normalizingIndexOffset: the counts are never shifted
    put_be32(out, static_cast<uint32_t>(significant_digits_));
    put_be64(out, 1);  // lowestDiscernibleValue
    put_be64(out, static_cast<uint64_t>(highest_trackable_value_));
    double conversion_ratio = 1.0;
    uint64_t ratio_bits;
    std::memcpy(&ratio_bits, &conversion_ratio, sizeof ratio_bits);
    put_be64(out, ratio_bits);
    out.insert(out.end(), payload.begin(), payload.end());
    return out;
}

std::string HdrHistogram::encode_compressed_base64() const
{
    std::vector<uint8_t> plain = encode_v2();
    uLongf compressed_length = compressBound(static_cast<uLong>(plain.size()));
    std::vector<uint8_t> out(8 + compressed_length);
    int status = compress2(out.data() + 8, &compressed_length, plain.data(), static_cast<uLong>(plain.size()),
                           Z_DEFAULT_COMPRESSION);
    if (status != Z_OK)
        throw std::runtime_error("HdrHistogram: zlib compress2 failed with status " + std::to_string(status));
    out.resize(8 + compressed_length);
    std::vector<uint8_t> header;
    put_be32(header, kV2CompressedEncodingCookie);
    put_be32(header, static_cast<uint32_t>(compressed_length));
    std::copy(header.begin(), header.end(), out.begin());
    return base64(out);
}

}
