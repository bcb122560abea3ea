#ifndef SOAPBENCH_HDR_HISTOGRAM_H
#define SOAPBENCH_HDR_HISTOGRAM_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace soapbench {

// HdrHistogram's bucket layout, percentiles and V2 encoding, for native load clients whose summary
// the worker decodes with hdrhistogram-go exactly as it decodes the JVM clients' (HdrHistogram
// Java). The lowest discernible value is always 1, as the drive clients record whole
// microseconds. Not thread-safe: keep one per thread and add() them together at the end.
class HdrHistogram {
public:
    // highest_trackable_value >= 2, significant_digits 0 to 5; std::invalid_argument otherwise.
    HdrHistogram(int64_t highest_trackable_value, int significant_digits);
    HdrHistogram(HdrHistogram &&) = default;
    HdrHistogram &operator=(HdrHistogram &&) = default;

    // Values beyond highest_trackable_value count as that value, negative ones as 0, so that
    // the histogram always holds one value per recorded event.
    void record(int64_t value);
    // other must have the same geometry; std::invalid_argument otherwise.
    void add(const HdrHistogram &other);

    int64_t total_count() const { return total_count_; }
    // The highest value equivalent to the largest recorded one (0 when empty), as getMaxValue.
    int64_t max() const;
    // As HdrHistogram Java's getValueAtPercentile: the highest value equivalent to the value at
    // rank ceil(percentile/100 * total), the lowest equivalent one for percentile 0; 0 when empty.
    int64_t value_at_percentile(double percentile) const;

    // The V2 encoding (cookie, header, ZigZag LEB128 counts with zero runs), uncompressed.
    std::vector<uint8_t> encode_v2() const;
    // The V2 compressed encoding as encodeIntoCompressedByteBuffer writes it, in base64;
    // std::runtime_error when zlib fails.
    std::string encode_compressed_base64() const;

    // The index math, public so that it can be checked against HdrHistogram's own numbers.
    int64_t highest_trackable_value() const { return highest_trackable_value_; }
    int significant_digits() const { return significant_digits_; }
    size_t counts_length() const { return counts_length_; }
    int sub_bucket_count() const { return sub_bucket_count_; }
    int bucket_count() const { return bucket_count_; }
    int bucket_index(int64_t value) const;
    int sub_bucket_index(int64_t value, int bucket_index) const;
    size_t counts_index(int64_t value) const;
    int64_t value_from_index(size_t index) const;
    int64_t lowest_equivalent_value(int64_t value) const;
    int64_t highest_equivalent_value(int64_t value) const;
    int64_t count_at_index(size_t index) const { return counts_[index]; }

private:
    struct FreeDeleter {
        void operator()(int64_t *p) const;
    };

    int64_t highest_trackable_value_;
    int significant_digits_;
    int sub_bucket_half_count_magnitude_;
    int sub_bucket_count_;
    int sub_bucket_half_count_;
    int64_t sub_bucket_mask_;
    int leading_zero_count_base_;
    int bucket_count_;
    size_t counts_length_;
    // calloc'd: a thread's histogram only touches the pages of the latencies it sees.
    std::unique_ptr<int64_t[], FreeDeleter> counts_;
    int64_t total_count_ = 0;
    int64_t max_value_ = 0;
};

}

#endif
