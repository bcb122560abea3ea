// The native gSOAP load client: reads the request sequence into the generated types once, then
// C threads, each with its own proxy and one keep-alive connection, send N requests in all,
// cycling through the sequence, and one JSON line sums them up with the latency histogram.
#include <atomic>
#include <chrono>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "client_ops.h"
#include "drive_summary.h"
#include "sample_reader.h"
#include "stdsoap2.h"
#ifdef SOAPBENCH_SECURITY
// runner build --security MODE: requests secured and answers verified (security/wsse_client.cpp).
#include "wsse_client.h"
#endif

namespace {

struct Options {
    std::string endpoint;
    std::string plan;
    // A secured build's keys (runner drive passes the build's keys/ folder).
    std::string keys;
    int concurrency = 1;
    long count = 0;
    int timeout_seconds = 30;
};

// One request of the sequence, read at start-up.
struct PlannedRequest {
    const ClientOperation *operation;
    void *request;
    short soap_version;
    bool expect_fault;
};

[[noreturn]] void fail(const std::string &message)
{
    fprintf(stderr, "error: %s\n", message.c_str());
    exit(1);
}

long parse_number(const char *flag, const char *value, long min, long max)
{
    char *end = nullptr;
    long number = value ? strtol(value, &end, 10) : 0;
    if (!value || *end != '\0' || number < min || number > max)
        fail(std::string(flag) + " needs a number from " + std::to_string(min) + " to " + std::to_string(max));
    return number;
}

Options parse_options(int argc, char **argv)
{
    Options options;
    for (int i = 1; i < argc; i += 2) {
        std::string flag = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : nullptr;
        if (flag == "--endpoint" && value)
            options.endpoint = value;
        else if (flag == "--plan" && value)
            options.plan = value;
        else if (flag == "--keys" && value)
            options.keys = value;
        else if (flag == "--concurrency")
            options.concurrency = static_cast<int>(parse_number("--concurrency", value, 1, 4096));
        else if (flag == "--count")
            options.count = parse_number("--count", value, 1, 1000000000L);
        else if (flag == "--timeout")
            options.timeout_seconds = static_cast<int>(parse_number("--timeout", value, 1, 3600));
        else
            fail("unknown or incomplete option " + flag);
    }
    if (options.endpoint.empty() || options.plan.empty() || options.count == 0)
        fail("usage: client --endpoint URL --plan FILE --concurrency C --count N [--keys DIR] [--timeout S]");
    return options;
}

const ClientOperation *find_operation(const std::string &name, const std::string &soap_action)
{
    // Two bindings may each have an operation of one name: their SOAP actions tell them apart.
    for (int i = 0; i < client_operation_count; ++i)
        if (name == client_operations[i].name && soap_action == client_operations[i].soap_action)
            return &client_operations[i];
    for (int i = 0; i < client_operation_count; ++i)
        if (name == client_operations[i].name)
            return &client_operations[i];
    for (int i = 0; i < client_operation_count; ++i)
        if (!soap_action.empty() && soap_action == client_operations[i].soap_action)
            return &client_operations[i];
    return nullptr;
}

// The plan has one tab-separated line per request: operation, SOAP action, SOAP version (1.1 or
// 1.2), whether a fault is the expected answer (0 or 1), and the request envelope's path.
std::vector<PlannedRequest> read_plan(struct soap *ctx, const std::string &path)
{
    std::ifstream in(path);
    if (!in)
        fail("cannot read the request plan " + path);
    std::vector<PlannedRequest> plan;
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> fields;
        std::stringstream split(line);
        std::string field;
        while (std::getline(split, field, '\t'))
            fields.push_back(field);
        if (fields.size() != 5)
            fail("request plan line " + std::to_string(plan.size() + 1) + " has " + std::to_string(fields.size())
                 + " fields instead of 5");
        const ClientOperation *operation = find_operation(fields[0], fields[1]);
        if (!operation)
            fail("request " + fields[4] + ": the generated client has no operation " + fields[0]);
        std::string error;
        void *request = operation->read(ctx, fields[4], error);
        if (!request)
            fail(error);
        plan.push_back({operation, request, static_cast<short>(fields[2] == "1.2" ? 2 : 1), fields[3] == "1"});
    }
    if (plan.empty())
        fail("the request plan " + path + " is empty");
    return plan;
}

// soap_recv_fault files a received fault under a code derived from its fault code.
bool is_received_fault(int code)
{
    return code == SOAP_FAULT || code == SOAP_CLI_FAULT || code == SOAP_SVR_FAULT || code == SOAP_MUSTUNDERSTAND
        || code == SOAP_VERSIONMISMATCH || code == SOAP_DATAENCODINGUNKNOWN;
}

std::string error_kind(struct soap *soap)
{
    int code = soap->error;
    if (is_received_fault(code))
        return soapbench::kSoapFault;
    if (code == SOAP_EOF)
        return "connection_closed";
    if (code == SOAP_TCP_ERROR)
        return soap->errnum == ETIMEDOUT || soap->errnum == EAGAIN ? "timeout" : "connect";
    if (code >= 100 && code < 600)
        return "http_" + std::to_string(code);
    if (code == SOAP_HTTP_ERROR)
        return "http";
    if (code == SOAP_TAG_MISMATCH || code == SOAP_TYPE || code == SOAP_SYNTAX_ERROR || code == SOAP_NO_TAG)
        return soapbench::kUnexpectedResponse;
    return "soap_error_" + std::to_string(code);
}

void drive(const Options &options, const std::vector<PlannedRequest> &plan, std::atomic<long> &next,
           soapbench::DriveTally &tally)
{
    ClientProxy *proxy = new_client_proxy();
    struct soap *soap = proxy_context(*proxy);
    soap->connect_timeout = options.timeout_seconds;
    soap->recv_timeout = options.timeout_seconds;
    soap->send_timeout = options.timeout_seconds;
#ifdef SOAPBENCH_SECURITY
    security_configure(soap);
#endif
    const char *endpoint = options.endpoint.c_str();
    for (long i = next++; i < options.count; i = next++) {
        const PlannedRequest &planned = plan[static_cast<size_t>(i) % plan.size()];
        soap_set_version(soap, planned.soap_version);
        auto started = std::chrono::steady_clock::now();
        int status = planned.operation->send(*proxy, endpoint, planned.request);
        auto elapsed = std::chrono::steady_clock::now() - started;
        bool answered_as_expected = planned.expect_fault ? is_received_fault(status) : status == SOAP_OK;
        std::string problem;
        if (!answered_as_expected) {
            problem = status == SOAP_OK ? soapbench::kFaultExpected : error_kind(soap);
            if (!is_received_fault(status))
                soap_force_closesock(soap);
        }
        tally.record(std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count(), problem);
        release_response(*proxy);
    }
    delete_client_proxy(proxy);
}

}

int main(int argc, char **argv)
{
    Options options = parse_options(argc, argv);
    signal(SIGPIPE, SIG_IGN);
#ifdef SOAPBENCH_SECURITY
    std::string problem;
    if (options.keys.empty())
        fail("a secured build's client needs --keys DIR");
    if (!security_load(options.keys, problem))
        fail(problem);
#endif

    struct soap *requests_context = soap_new1(client_input_mode);
    std::vector<PlannedRequest> plan = read_plan(requests_context, options.plan);

    std::vector<soapbench::DriveTally> tallies(static_cast<size_t>(options.concurrency));
    std::vector<std::thread> threads;
    std::atomic<long> next(0);
    double cpu_at_start = soapbench::process_cpu_seconds();
    auto started = std::chrono::steady_clock::now();
    for (auto &tally : tallies)
        threads.emplace_back(drive, std::cref(options), std::cref(plan), std::ref(next), std::ref(tally));
    for (auto &thread : threads)
        thread.join();
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    double cpu_at_end = soapbench::process_cpu_seconds();
    double cpu_seconds = cpu_at_start < 0 || cpu_at_end < cpu_at_start ? -1 : cpu_at_end - cpu_at_start;

    try {
        printf("%s\n", soapbench::summary_line(tallies, elapsed, cpu_seconds).c_str());
    } catch (const std::exception &e) {
        fail(e.what());
    }
    return 0;
}
