// The gSOAP benchmark server: one listening socket on 127.0.0.1, a thread pool that grows on
// demand up to a bound, and each pooled thread serving one keep-alive connection until it closes.
#include <cerrno>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

#include "envelope_version.h"
#include "service.h"
#include "sample_reader.h"
#include SERVICE_NSMAP
#ifdef SOAPBENCH_SECURITY
// runner build --security MODE: the wsse plug-in per the mode (security/wsse_server.cpp).
#include "wsse_server.h"
#endif

#ifndef SOAPBENCH_CXXFLAGS
#define SOAPBENCH_CXXFLAGS "unknown"
#endif
#ifdef SOAPBENCH_SECURITY
#define SOAPBENCH_LIBRARY "libgsoapssl++ with OpenSSL"
#else
#define SOAPBENCH_LIBRARY "libgsoap++"
#endif

namespace {

const char *soap_version_text()
{
    static char text[16];
    snprintf(text, sizeof text, "%d.%d.%d", GSOAP_VERSION / 100000, GSOAP_VERSION / 1000 % 100, GSOAP_VERSION % 1000);
    return text;
}

struct Options {
    int port = 0;
    std::string samples;
    // A secured build's keys (runner serve passes the build's keys/ folder).
    std::string keys;
    bool check_only = false;
    int max_threads = 512;
    // gSOAP closes a connection after this many requests; 0 would mean no limit but then
    // announces "Keep-Alive: max=1", which some clients take literally.
    int max_keep_alive = 100000000;
    int timeout_seconds = 30;
};

[[noreturn]] void fail(std::string message)
{
    for (char &c : message)
        if (c == '\n')
            c = ' ';
    fprintf(stderr, "error: %s\n", message.c_str());
    exit(1);
}

int parse_int(const char *flag, const char *value, int min, int max)
{
    char *end = nullptr;
    long number = value ? strtol(value, &end, 10) : 0;
    if (!value || *end != '\0' || number < min || number > max)
        fail(std::string(flag) + " needs a number from " + std::to_string(min) + " to " + std::to_string(max));
    return static_cast<int>(number);
}

Options parse_options(int argc, char **argv)
{
    Options options;
    for (int i = 1; i < argc; ++i) {
        std::string flag = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : nullptr;
        if (flag == "--check") {
            options.check_only = true;
            continue;
        }
        if (flag == "--port")
            options.port = parse_int("--port", value, 1, 65535);
        else if (flag == "--samples" && value)
            options.samples = value;
        else if (flag == "--keys" && value)
            options.keys = value;
        else if (flag == "--max-threads")
            options.max_threads = parse_int("--max-threads", value, 1, 4096);
        else if (flag == "--max-keep-alive")
            options.max_keep_alive = parse_int("--max-keep-alive", value, 1, 100000000);
        else if (flag == "--timeout")
            options.timeout_seconds = parse_int("--timeout", value, 1, 3600);
        else
            fail("unknown or incomplete option " + flag
                 + " (usage: server --samples DIR (--check | --port P) [--keys DIR] [--max-threads N] [--max-keep-alive N] [--timeout S])");
        ++i;
    }
    if (options.samples.empty() || (!options.check_only && options.port == 0))
        fail("usage: server --samples DIR (--check | --port P) [--keys DIR] [--max-threads N] [--max-keep-alive N] [--timeout S]");
    return options;
}

// Memory gSOAP allocated for one request is released before the next request on the same
// keep-alive connection, not only when the connection closes.
int release_request(struct soap *soap)
{
    soap_destroy(soap);
    soap_end(soap);
    return SOAP_OK;
}

// gSOAP 2.8.124 reads the request's envelope version but resets soap->version to the version of
// the WSDL's binding while reading the Body, so a SOAP 1.1 request to a SOAP 1.2 binding (or the
// reverse) got its own envelope back with the other version's Content-Type and fault layout; and
// it takes any later declaration of an envelope namespace, in the Header or the Body, for the
// request's version (envelope_version.h). Once the whole request is read, the Envelope decides.
int match_request_envelope(struct soap *soap)
{
    const struct Namespace *envelope = soap->local_namespaces;
    // Restored, the table's envelope entry is the Envelope's: out where it differed from the
    // table's own namespace, else that namespace. Unnoted (no Header was read), out alone says.
    const char *uri = soapbench_restore_envelope(soap) ? (envelope->out ? envelope->out : envelope->ns)
                                                       : (envelope ? envelope->out : nullptr);
    if (uri)
        soap->version = strcmp(uri, "http://schemas.xmlsoap.org/soap/envelope/") == 0 ? 1 : 2;
    return SOAP_OK;
}

void configure(struct soap *soap, const Options &options)
{
    soap->bind_flags = SO_REUSEADDR;
    soap->max_keep_alive = options.max_keep_alive;
    soap->recv_timeout = options.timeout_seconds;
    soap->send_timeout = options.timeout_seconds;
    soap->fserveloop = release_request;
    soap->fpreparefinalrecv = match_request_envelope;
#ifdef SOAPBENCH_SECURITY
    // After the settings above: it chains its own checks behind these callbacks.
    security_configure(soap);
#endif
}

class ConnectionPool {
public:
    ConnectionPool(Service &listener, const Options &options)
        : listener_(listener), options_(options) {}

    // Queues an accepted connection; starts another worker when none is idle, up to the bound.
    // Called from the accepting thread only, which is why copying the listener here is safe.
    void hand_over(SOAP_SOCKET socket)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        queue_.push_back(socket);
        if (queue_.size() > static_cast<size_t>(idle_) && threads_ < options_.max_threads) {
            Service *worker = listener_.copy();
            configure(worker->soap, options_);
            ++threads_;
            std::thread(&ConnectionPool::work, this, worker).detach();
        }
        ready_.notify_one();
    }

private:
    SOAP_SOCKET next_connection()
    {
        std::unique_lock<std::mutex> lock(mutex_);
        ++idle_;
        ready_.wait(lock, [this] { return !queue_.empty(); });
        --idle_;
        SOAP_SOCKET socket = queue_.front();
        queue_.pop_front();
        return socket;
    }

    void work(Service *worker)
    {
        for (;;) {
            worker->soap->socket = next_connection();
#ifdef SOAPBENCH_SECURITY
            // A connection that ended with a fault left the plug-in unarmed.
            security_arm(worker->soap);
#endif
            worker->serve();
            worker->destroy();
            soap_force_closesock(worker->soap);
        }
    }

    Service &listener_;
    const Options &options_;
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<SOAP_SOCKET> queue_;
    int threads_ = 0;
    int idle_ = 0;
};

// The settings go out with every result, so a number can be traced to how the server ran.
void print_settings(const Options &options)
{
#ifdef SOAPBENCH_SECURITY
    const char *security = security_mode();
#else
    const char *security = "plain";
#endif
    printf("SETTINGS {\"gsoap\":\"%s\",\"compiler\":\"g++ %s\",\"flags\":\"%s\","
           "\"threads\":{\"model\":\"acceptor plus a pool that grows when no worker is idle\",\"max\":%d},"
           "\"keepAlive\":true,\"maxRequestsPerConnection\":%d,\"timeoutSeconds\":%d,"
           "\"backlog\":%d,\"sigpipe\":\"ignored\",\"library\":\"shared %s\",\"security\":\"%s\"}\n",
           soap_version_text(), __VERSION__, SOAPBENCH_CXXFLAGS, options.max_threads,
           options.max_keep_alive, options.timeout_seconds, SOMAXCONN, SOAPBENCH_LIBRARY, security);
}

// SIGTERM and SIGINT are blocked in every thread and taken here, so no thread is interrupted
// mid-request; busy connections are cut by the exit itself.
void stop_on_signal(sigset_t signals, SOAP_SOCKET listening)
{
    int signal_number = 0;
    sigwait(&signals, &signal_number);
    shutdown(listening, SHUT_RDWR);
    fflush(stdout);
    _exit(0);
}

}

int main(int argc, char **argv)
{
    Options options = parse_options(argc, argv);

    checking_samples_only = options.check_only;
    struct soap *sample_context = soap_new1(SERVICE_INPUT_MODE);
    std::string problem;
    if (!load_samples(sample_context, options.samples, problem))
        fail(problem);
    if (options.check_only) {
        printf("sample responses read into the generated types\n");
        return 0;
    }

#ifdef SOAPBENCH_SECURITY
    if (options.keys.empty())
        fail("a secured build's server needs --keys DIR");
    if (!security_load(options.keys, problem))
        fail(problem);
#endif
    // A client that closes mid-response must not kill the server.
    signal(SIGPIPE, SIG_IGN);
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGTERM);
    sigaddset(&stop_signals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

    // Strings stay UTF-8 as received: gSOAP's default narrows them to Latin-1 and mangles
    // every character beyond it.
#ifdef SOAPBENCH_MTOM
    // runner build --mtom: answers are XOP packages (requests in MIME are read whatever the mode).
    const soap_mode output_mode = SOAP_IO_KEEPALIVE | SOAP_C_UTFSTRING | SOAP_ENC_MTOM;
#else
    const soap_mode output_mode = SOAP_IO_KEEPALIVE | SOAP_C_UTFSTRING;
#endif
    Service listener(SOAP_IO_KEEPALIVE | SERVICE_INPUT_MODE, output_mode);
    configure(listener.soap, options);
    if (!soap_valid_socket(listener.bind("127.0.0.1", options.port, SOMAXCONN))) {
        char text[512];
        listener.soap_sprint_fault(text, sizeof text);
        fail("cannot listen on 127.0.0.1:" + std::to_string(options.port) + ": " + text);
    }
    std::thread(stop_on_signal, stop_signals, listener.soap->master).detach();

    print_settings(options);
    printf("READY http://127.0.0.1:%d/ws\n", options.port);
    fflush(stdout);

    ConnectionPool pool(listener, options);
    for (;;) {
        SOAP_SOCKET socket = listener.accept();
        if (soap_valid_socket(socket)) {
            pool.hand_over(socket);
            listener.soap->socket = SOAP_INVALID_SOCKET;
        } else if (listener.soap->errnum == EMFILE || listener.soap->errnum == ENFILE) {
            usleep(10000);  // out of descriptors: let connections close before accepting more
        }
    }
}
