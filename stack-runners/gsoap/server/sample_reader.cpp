#include "sample_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include "stdsoap2.h"

namespace {

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
        error = "cannot open sample " + path;
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
        error = "sample " + path + " does not match the generated types: " + describe_fault(ctx);
    }
    return ok;
}

bool checking_samples_only = false;
