#include "sample_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include "stdsoap2.h"

namespace {

// A sample is named by its file name: the build folder's path is the worker's, not the user's.
std::string sample_name(const std::string &path)
{
    std::string::size_type slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string describe_fault(struct soap *ctx)
{
    char text[1024];
    soap_sprint_fault(ctx, text, sizeof text);
    std::string message(text);
    for (char &c : message)
        if (c == '\n' || c == '\r')
            c = ' ';
    return message;
}

}

bool read_sample(struct soap *ctx, const std::string &path, bool (*read_payload)(struct soap *),
                 std::string &error)
{
    int fd = open(path.c_str(), O_RDONLY);
    if (fd < 0) {
        error = "cannot open sample " + sample_name(path);
        return false;
    }
    ctx->recvfd = fd;
    bool ok = soap_begin_recv(ctx) == SOAP_OK
        && soap_envelope_begin_in(ctx) == SOAP_OK
        && soap_recv_header(ctx) == SOAP_OK
        && soap_body_begin_in(ctx) == SOAP_OK
        && read_payload(ctx)
        && soap_body_end_in(ctx) == SOAP_OK
        && soap_envelope_end_in(ctx) == SOAP_OK
        && soap_end_recv(ctx) == SOAP_OK;
    close(fd);
    ctx->recvfd = 0;
    if (!ok) {
        if (ctx->error == SOAP_OK)
            ctx->error = SOAP_TAG_MISMATCH;
        error = "sample " + sample_name(path) + " does not match the generated types: " + describe_fault(ctx);
    }
    return ok;
}

bool checking_samples_only = false;
