// What the native drive clients (gSOAP's and WSF/C++'s) count per thread and the one JSON line
// they print at the end, in the form the worker reads from every `runner drive`
// (docs/runner-contract.md), the same as the JVM clients' DriveResult.
#ifndef SOAPBENCH_DRIVE_SUMMARY_H
#define SOAPBENCH_DRIVE_SUMMARY_H

#include "hdr_histogram.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace soapbench {

// The JVM clients' histogram (jvm-support DriveLoop): 1 µs to an hour, 3 significant digits.
constexpr int64_t kHighestLatencyUs = 3600000000LL;
constexpr int kSignificantDigits = 3;

// Error kinds both clients report; each client adds its own transport kinds.
extern const char *const kSoapFault;           // a fault came back where an answer was expected
extern const char *const kFaultExpected;       // the sample response is a fault and the answer was not
extern const char *const kUnexpectedResponse;  // the answer does not read into the response type

// One sending thread's latencies and errors by kind; not thread-safe, one per thread.
struct DriveTally {
    HdrHistogram latencies_us{kHighestLatencyUs, kSignificantDigits};
    std::map<std::string, long> errors;

    // One exchange: its latency, and the kind of what went wrong or an empty kind when nothing did.
    void record(int64_t latency_us, const std::string &error_kind);
};

// The CPU time (user + system) this process and all its threads have spent so far, in seconds.
// A client reads it before and after its measured requests: the worker counts the whole drive,
// start-up and warm-up included, and the difference is the measured requests' share.
double process_cpu_seconds();

// The summary line of all threads' tallies, without a newline:
// {"requests":N,"errors":{KIND:N,...},"elapsedSeconds":S,"cpuSeconds":C,"latencyUs":{"p50":..,"p90":..,"p99":..,"max":..},"histogram":"HISTF..."}
// cpuSeconds is the client's CPU time over the measured requests, left out when negative (not known).
// Throws std::runtime_error naming the problem when the histogram cannot be encoded.
std::string summary_line(const std::vector<DriveTally> &tallies, double elapsed_seconds, double cpu_seconds = -1);

}  // namespace soapbench

#endif
