#include "drive_summary.h"

#include <sys/resource.h>

#include <cstdio>
#include <stdexcept>

namespace soapbench {

const char *const kSoapFault = "soap_fault";
const char *const kFaultExpected = "fault_expected";
const char *const kUnexpectedResponse = "unexpected_response";

void DriveTally::record(int64_t latency_us, const std::string &error_kind) {
    latencies_us.record(latency_us);
    if (!error_kind.empty()) errors[error_kind]++;
}

namespace {

// Error kinds are the clients' own identifiers, but a stray quote must not break the line.
std::string json_string(const std::string &text) {
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') {
            quoted += '\\';
            quoted += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escaped[8];
            snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
            quoted += escaped;
        } else {
            quoted += c;
        }
    }
    return quoted + "\"";
}

}  // namespace

double process_cpu_seconds() {
    struct rusage usage {};
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -1;
    return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

std::string summary_line(const std::vector<DriveTally> &tallies, double elapsed_seconds, double cpu_seconds) {
    HdrHistogram latencies(kHighestLatencyUs, kSignificantDigits);
    std::map<std::string, long> errors;
    for (const DriveTally &tally : tallies) {
        latencies.add(tally.latencies_us);
        for (const auto &error : tally.errors) errors[error.first] += error.second;
    }
    std::string histogram;
    try {
        histogram = latencies.encode_compressed_base64();
    } catch (const std::exception &e) {
        throw std::runtime_error(std::string("encoding the latency histogram: ") + e.what());
    }
    std::string error_json;
    for (const auto &error : errors)
        error_json += (error_json.empty() ? "" : ",") + json_string(error.first) + ":" + std::to_string(error.second);
    char elapsed[32];
    snprintf(elapsed, sizeof elapsed, "%.3f", elapsed_seconds);
    std::string cpu;
    if (cpu_seconds >= 0) {
        char formatted[32];
        snprintf(formatted, sizeof formatted, "%.4f", cpu_seconds);
        cpu = std::string(",\"cpuSeconds\":") + formatted;
    }
    return "{\"requests\":" + std::to_string(latencies.total_count()) + ",\"errors\":{" + error_json
           + "},\"elapsedSeconds\":" + elapsed + cpu
           + ",\"latencyUs\":{\"p50\":" + std::to_string(latencies.value_at_percentile(50))
           + ",\"p90\":" + std::to_string(latencies.value_at_percentile(90))
           + ",\"p99\":" + std::to_string(latencies.value_at_percentile(99))
           + ",\"max\":" + std::to_string(latencies.max()) + "},\"histogram\":\"" + histogram + "\"}";
}

}  // namespace soapbench
