// Unit checks of the native clients' summary line: totals and error kinds summed over threads,
// percentiles of the merged latencies, and a histogram that encodes the same values.
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "drive_summary.h"

using soapbench::DriveTally;
using soapbench::HdrHistogram;

namespace {

int failures = 0;

void expect(const char *name, const std::string &actual, const std::string &expected)
{
    if (actual == expected) {
        printf("PASS %s\n", name);
        return;
    }
    printf("FAIL %s: got %s, expected %s\n", name, actual.c_str(), expected.c_str());
    failures++;
}

// The line without its histogram, which is checked on its own.
std::string head_of(const std::string &line)
{
    return line.substr(0, line.find(",\"histogram\":"));
}

std::string histogram_of(const std::string &line)
{
    size_t start = line.find("\"histogram\":\"") + 13;
    return line.substr(start, line.size() - start - 2);
}

}

int main()
{
    // Below 2048 µs the histogram has unit resolution, so the percentiles are exact ranks:
    // 1..2000 gives p50 1000, p90 1800, p99 1980, max 2000.
    std::vector<DriveTally> tallies(2);
    HdrHistogram all(soapbench::kHighestLatencyUs, soapbench::kSignificantDigits);
    for (int64_t value = 1; value <= 2000; value++) {
        DriveTally &tally = tallies[value % 2];
        std::string kind = value % 500 == 0 ? "transport" : value == 7 ? soapbench::kSoapFault : "";
        tally.record(value, kind);
        all.record(value);
    }
    std::string line = soapbench::summary_line(tallies, 1.23456);
    expect("totals, errors summed over threads by kind, percentiles",
           head_of(line),
           "{\"requests\":2000,\"errors\":{\"soap_fault\":1,\"transport\":4},\"elapsedSeconds\":1.235,"
           "\"latencyUs\":{\"p50\":1000,\"p90\":1800,\"p99\":1980,\"max\":2000}");
    expect("histogram of the merged threads", histogram_of(line), all.encode_compressed_base64());
    expect("line ends after the histogram", line.substr(line.size() - 2), "\"}");

    std::vector<DriveTally> idle(3);
    expect("no requests", head_of(soapbench::summary_line(idle, 0)),
           "{\"requests\":0,\"errors\":{},\"elapsedSeconds\":0.000,"
           "\"latencyUs\":{\"p50\":0,\"p90\":0,\"p99\":0,\"max\":0}");

    std::vector<DriveTally> odd(1);
    odd[0].record(5, "http \"500\"\n");
    expect("an error kind is a JSON string", head_of(soapbench::summary_line(odd, 1)).substr(0, 47),
           "{\"requests\":1,\"errors\":{\"http \\\"500\\\"\\u000a\":1}");

    expect("the measured requests' CPU time follows the elapsed time",
           head_of(soapbench::summary_line(idle, 2, 0.25)),
           "{\"requests\":0,\"errors\":{},\"elapsedSeconds\":2.000,\"cpuSeconds\":0.2500,"
           "\"latencyUs\":{\"p50\":0,\"p90\":0,\"p99\":0,\"max\":0}");

    // getrusage's seconds and microseconds, user and system, add up to what clock() counts.
    double before = soapbench::process_cpu_seconds();
    std::clock_t spin_start = std::clock();
    volatile unsigned long sink = 0;
    while (std::clock() - spin_start < CLOCKS_PER_SEC / 5)
        sink = sink + 1;
    double spent = soapbench::process_cpu_seconds() - before;
    expect("the process's CPU time counts 0.2 s of spinning",
           spent >= 0.18 && spent < 1.0 ? "within 0.18-1.0 s" : "out: " + std::to_string(spent), "within 0.18-1.0 s");

    if (failures) {
        printf("%d drive summary check(s) failed\n", failures);
        return 1;
    }
    return 0;
}
