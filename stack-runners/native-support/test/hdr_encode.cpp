// Reads whole numbers (one value each, whitespace-separated) from stdin, records them into an
// HdrHistogram of lowest 1, highest --highest (3,600,000,000 by default, as the drive clients),
// --digits significant digits (3), and prints what the compatibility test compares:
// {"count":N,"max":M,"p50":..,"p90":..,"p99":..,"histogram":"<V2 compressed base64>"}
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>

#include "hdr_histogram.h"

namespace {

[[noreturn]] void fail(const std::string &message)
{
    fprintf(stderr, "error: %s\n", message.c_str());
    exit(2);
}

int64_t parse(const char *flag, const char *text)
{
    char *end = nullptr;
    long long value = text ? strtoll(text, &end, 10) : 0;
    if (!text || *end != '\0')
        fail(std::string(flag) + " needs a whole number");
    return value;
}

}

int main(int argc, char **argv)
{
    int64_t highest = 3600000000LL;
    int digits = 3;
    for (int i = 1; i < argc; i += 2) {
        std::string flag = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : nullptr;
        if (flag == "--highest")
            highest = parse("--highest", value);
        else if (flag == "--digits")
            digits = static_cast<int>(parse("--digits", value));
        else
            fail("unknown option " + flag + " (usage: hdr_encode [--highest H] [--digits D] < values)");
    }
    try {
        soapbench::HdrHistogram histogram(highest, digits);
        long long value;
        while (std::cin >> value)
            histogram.record(value);
        if (!std::cin.eof())
            fail("stdin holds something that is not a whole number after value "
                 + std::to_string(histogram.total_count()));
        printf("{\"count\":%" PRId64 ",\"max\":%" PRId64 ",\"p50\":%" PRId64 ",\"p90\":%" PRId64 ",\"p99\":%" PRId64
               ",\"histogram\":\"%s\"}\n",
               histogram.total_count(), histogram.max(), histogram.value_at_percentile(50),
               histogram.value_at_percentile(90), histogram.value_at_percentile(99),
               histogram.encode_compressed_base64().c_str());
    } catch (const std::exception &e) {
        fail(e.what());
    }
    return 0;
}
