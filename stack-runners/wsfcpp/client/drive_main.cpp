// The native WSF/C++ load client: reads every request of the sequence into its generated ADB type
// once, then C threads, each with its own Axis2/C environment and service client (and so its own
// keep-alive connection), send N requests in all, cycling through the sequence: the ADB code
// serialises each request and reads each answer into the response type. One JSON line sums
// them up with the latency histogram, as the other native and JVM clients print it.
#include "drive_summary.h"
#include "operations.h"
#include "sample_reader.h"

#include <axiom.h>
#include <axis2_svc_client.h>
#include <axis2_util.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Options {
    std::string endpoint;
    std::string plan;
    std::string client_home;
    int concurrency = 1;
    long count = 0;
    int timeout_seconds = 30;
};

// One request of the sequence, read at start-up.
struct PlannedRequest {
    const Operation *operation;
    std::string soap_action;
    int soap_version;
    bool expect_fault;
    void *request;
};

// One sending thread's own Axis2/C environment and service client: neither is thread-safe.
struct Sender {
    axutil_env_t *env;
    axis2_svc_client_t *client;
    axis2_options_t *settings;
};

[[noreturn]] void fail(const std::string &message) {
    fprintf(stderr, "error: %s\n", message.c_str());
    exit(1);
}

long parse_number(const char *flag, const char *value, long min, long max) {
    char *end = nullptr;
    long number = value ? strtol(value, &end, 10) : 0;
    if (!value || *end != '\0' || number < min || number > max)
        fail(std::string(flag) + " needs a number from " + std::to_string(min) + " to " + std::to_string(max));
    return number;
}

Options parse_options(int argc, char **argv) {
    Options options;
    for (int i = 1; i < argc; i += 2) {
        std::string flag = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : nullptr;
        if (flag == "--endpoint" && value)
            options.endpoint = value;
        else if (flag == "--plan" && value)
            options.plan = value;
        else if (flag == "--client-home" && value)
            options.client_home = value;
        else if (flag == "--concurrency")
            options.concurrency = static_cast<int>(parse_number("--concurrency", value, 1, 4096));
        else if (flag == "--count")
            options.count = parse_number("--count", value, 1, 1000000000L);
        else if (flag == "--timeout")
            options.timeout_seconds = static_cast<int>(parse_number("--timeout", value, 1, 3600));
        else
            fail("unknown or incomplete option " + flag);
    }
    if (options.endpoint.empty() || options.plan.empty() || options.client_home.empty() || options.count == 0)
        fail("usage: client --endpoint URL --plan FILE --client-home DIR --concurrency C --count N [--timeout S]");
    return options;
}

const Operation *find_operation(const std::string &name) {
    for (int i = 0; i < OPERATION_COUNT; i++)
        if (name == OPERATIONS[i].name) return &OPERATIONS[i];
    return nullptr;
}

std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) fail("cannot read the request " + path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The plan has one tab-separated line per request: operation, SOAP action, SOAP version (1.1 or
// 1.2), whether a fault is the expected answer (0 or 1), and the request envelope's path.
std::vector<PlannedRequest> read_plan(const axutil_env_t *env, const std::string &path) {
    std::ifstream in(path);
    if (!in) fail("cannot read the request plan " + path);
    std::vector<PlannedRequest> plan;
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> fields;
        std::stringstream split(line);
        std::string field;
        while (std::getline(split, field, '\t')) fields.push_back(field);
        if (fields.size() != 5)
            fail("request plan line " + std::to_string(plan.size() + 1) + " has " + std::to_string(fields.size()) +
                 " fields instead of 5");
        const Operation *operation = find_operation(fields[0]);
        if (!operation) fail("request " + fields[4] + ": the generated code has no operation " + fields[0]);
        std::string text = read_file(fields[4]), problem;
        axiom_node_t *payload = read_body_payload(env, text.c_str(), problem);
        if (!payload) fail("request " + fields[4] + ": " + problem);
        void *request = operation->request->create(env);
        if (!request || operation->request->read(request, env, &payload) != AXIS2_SUCCESS)
            fail("request " + fields[4] + " does not read into the generated " + operation->request->name);
        plan.push_back({operation, fields[1], fields[2] == "1.2" ? AXIOM_SOAP12 : AXIOM_SOAP11, fields[3] == "1", request});
    }
    if (plan.empty()) fail("the request plan " + path + " is empty");
    return plan;
}

// What went wrong with one exchange, or an empty string when it went as expected.
std::string exchange(axis2_svc_client_t *client, const axutil_env_t *env, const PlannedRequest &planned) {
    const Operation &operation = *planned.operation;
    axiom_node_t *payload = operation.request->write(planned.request, env);
    if (!payload) return "serialize";
    if (!operation.response) {
        axis2_status_t status = axis2_svc_client_send_robust(client, env, payload);
        return status == AXIS2_SUCCESS ? "" : "transport";
    }
    axiom_node_t *answer = axis2_svc_client_send_receive(client, env, payload);
    bool fault = axis2_svc_client_get_last_response_has_fault(client, env);
    if (planned.expect_fault) return fault ? "" : soapbench::kFaultExpected;
    if (fault) return soapbench::kSoapFault;
    if (!answer) return "transport";
    void *response = operation.response->create(env);
    axiom_node_t *cursor = answer;
    bool read = response && operation.response->read(response, env, &cursor) == AXIS2_SUCCESS;
    if (response) operation.response->release(response, env);
    return read ? "" : soapbench::kUnexpectedResponse;
}

// Created one after the other before any thread starts: each reads the client's axis2.xml.
Sender new_sender(const Options &options) {
    axutil_env_t *env = axutil_env_create_all("/dev/null", AXIS2_LOG_LEVEL_CRITICAL);
    axis2_svc_client_t *client = env ? axis2_svc_client_create(env, options.client_home.c_str()) : nullptr;
    if (!client) fail("cannot create an Axis2/C service client from " + options.client_home + "/axis2.xml");
    axis2_options_t *settings = axis2_options_create(env);
    axis2_options_set_to(settings, env, axis2_endpoint_ref_create(env, options.endpoint.c_str()));
    axis2_options_set_timeout_in_milli_seconds(settings, env, options.timeout_seconds * 1000L);
    axis2_svc_client_set_options(client, env, settings);
    return {env, client, settings};
}

void drive(const Options &options, const std::vector<PlannedRequest> &plan, std::atomic<long> &next,
           const Sender &sender, soapbench::DriveTally &tally) {
    axutil_env_t *env = sender.env;
    axis2_svc_client_t *client = sender.client;
    axis2_options_t *settings = sender.settings;
    for (long i = next++; i < options.count; i = next++) {
        const PlannedRequest &planned = plan[static_cast<size_t>(i) % plan.size()];
        axis2_options_set_soap_version(settings, env, planned.soap_version);
        axis2_options_set_action(settings, env, planned.soap_action.c_str());
        axutil_string_t *soap_action = axutil_string_create(env, planned.soap_action.c_str());
        axis2_options_set_soap_action(settings, env, soap_action);
        axutil_string_free(soap_action, env);
        auto started = std::chrono::steady_clock::now();
        std::string problem = exchange(client, env, planned);
        auto elapsed = std::chrono::steady_clock::now() - started;
        tally.record(std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count(), problem);
    }
}

}  // namespace

int main(int argc, char **argv) {
    Options options = parse_options(argc, argv);
    signal(SIGPIPE, SIG_IGN);
    axiom_xml_reader_init();
    axutil_env_t *env = axutil_env_create_all("/dev/null", AXIS2_LOG_LEVEL_CRITICAL);
    if (!env) fail("cannot create an Axis2/C environment");
    std::vector<PlannedRequest> plan = read_plan(env, options.plan);

    std::vector<Sender> senders;
    for (int i = 0; i < options.concurrency; i++) senders.push_back(new_sender(options));
    std::vector<soapbench::DriveTally> tallies(static_cast<size_t>(options.concurrency));
    std::vector<std::thread> threads;
    std::atomic<long> next(0);
    auto started = std::chrono::steady_clock::now();
    for (size_t i = 0; i < tallies.size(); i++)
        threads.emplace_back(drive, std::cref(options), std::cref(plan), std::ref(next), std::cref(senders[i]),
                             std::ref(tallies[i]));
    for (auto &thread : threads) thread.join();
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    try {
        printf("%s\n", soapbench::summary_line(tallies, elapsed).c_str());
    } catch (const std::exception &e) {
        fail(e.what());
    }
    return 0;
}
