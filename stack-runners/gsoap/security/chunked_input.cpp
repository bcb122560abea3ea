#include "chunked_input.h"

#include <cctype>
#include <cstring>
#include <new>
#include <string>

#include "stdsoap2.h"

namespace soapbench_wsse {

const char kChunkedInputId[] = "SOAPBench-chunked-input";

namespace {

const size_t kMaxLine = 4096;
const size_t kMaxSizeDigits = 16;

struct State {
    int (*parse)(struct soap *) = nullptr;
    int (*parse_header)(struct soap *, const char *, const char *) = nullptr;
    size_t (*receive)(struct soap *, char *, size_t) = nullptr;
    // Decoding the chunks of the message being read (Transfer-Encoding: chunked), until its last
    // chunk and trailer are read; then bytes pass through again, for the next message.
    bool chunked = false;
    size_t left = 0;       // bytes of the current chunk not yet handed to gSOAP
    std::string ahead;     // bytes gSOAP had read past the header, not yet handed back
    size_t ahead_at = 0;
};

State *state_of(struct soap *soap)
{
    return static_cast<State *>(soap_lookup_plugin(soap, kChunkedInputId));
}

// Up to n raw bytes: first those gSOAP read ahead with the header, then from the connection.
size_t raw_read(struct soap *soap, State *st, char *into, size_t n)
{
    if (st->ahead_at < st->ahead.size()) {
        size_t take = st->ahead.size() - st->ahead_at;
        if (take > n)
            take = n;
        memcpy(into, st->ahead.data() + st->ahead_at, take);
        st->ahead_at += take;
        return take;
    }
    return st->receive(soap, into, n);
}

// One line of the framing without its CRLF; false at the end of the input or past kMaxLine.
bool read_line(struct soap *soap, State *st, std::string &line)
{
    line.clear();
    char c;
    while (raw_read(soap, st, &c, 1) == 1) {
        if (c == '\n') {
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            return true;
        }
        if (line.size() >= kMaxLine)
            return false;
        line += c;
    }
    return false;
}

// The next chunk's size (its extensions ignored); false when the line is not one.
bool read_chunk_size(struct soap *soap, State *st, size_t &size)
{
    std::string line;
    if (!read_line(soap, st, line))
        return false;
    size_t digits = 0;
    size = 0;
    while (digits < line.size() && isxdigit(static_cast<unsigned char>(line[digits]))) {
        if (digits == kMaxSizeDigits - 1)
            return false;
        char c = line[digits];
        size = size * 16 + static_cast<size_t>(isdigit(static_cast<unsigned char>(c)) ? c - '0' : (tolower(c) - 'a' + 10));
        ++digits;
    }
    return digits > 0;
}

// After a chunk's data: its CRLF, then the next chunk's size; at the last chunk, the trailer.
// Malformed framing ends the decoding: what follows reaches gSOAP as it is, and is refused there.
void next_chunk(struct soap *soap, State *st)
{
    std::string line;
    size_t size = 0;
    st->chunked = false;
    if (!read_line(soap, st, line) || !line.empty() || !read_chunk_size(soap, st, size))
        return;
    if (size > 0) {
        st->chunked = true;
        st->left = size;
        return;
    }
    while (read_line(soap, st, line) && !line.empty()) {
    }
}

size_t receive(struct soap *soap, char *buf, size_t len)
{
    State *st = state_of(soap);
    if (!st->chunked)
        return raw_read(soap, st, buf, len);
    size_t n = 0;
    // Small chunks already read ahead are handed over together: gSOAP's decryption fails on
    // input fed to it a byte at a time. Nothing more is waited for than one read of the connection.
    do {
        size_t want = len - n < st->left ? len - n : st->left;
        size_t got = raw_read(soap, st, buf + n, want);
        if (got == 0) {
            st->chunked = false;
            break;
        }
        n += got;
        st->left -= got;
        // The framing after the chunk is read at once, so that nothing of the message stays
        // unread on the connection once gSOAP has the last byte it parses.
        if (st->left == 0)
            next_chunk(soap, st);
    } while (n < len && st->chunked && st->ahead_at < st->ahead.size());
    return n;
}

// Whether a Transfer-Encoding value names chunked (in any case, among other codings).
bool names_chunked(const char *value)
{
    std::string lower(value);
    for (char &c : lower)
        c = static_cast<char>(tolower(static_cast<unsigned char>(c)));
    return lower.find("chunked") != std::string::npos;
}

int parse_header(struct soap *soap, const char *key, const char *value)
{
    State *st = state_of(soap);
    if (!soap_tag_cmp(key, "Transfer-Encoding") && value && names_chunked(value)) {
        st->chunked = true;
        return SOAP_OK;
    }
    return st->parse_header(soap, key, value);
}

int parse(struct soap *soap)
{
    State *st = state_of(soap);
    st->chunked = false;
    st->left = 0;
    int status = st->parse(soap);
    if (status != SOAP_OK || !st->chunked)
        return status;
    // What gSOAP read past the header is the start of the chunked body, before any bytes still
    // held back: it is decoded from here.
    std::string held = st->ahead.substr(st->ahead_at);
    st->ahead.assign(soap->buf + soap->bufidx, soap->buflen - soap->bufidx);
    st->ahead += held;
    st->ahead_at = 0;
    soap->buflen = soap->bufidx;
    size_t size = 0;
    st->chunked = read_chunk_size(soap, st, size) && size > 0;
    // An empty or malformed body: gSOAP finds no message in what follows.
    st->left = size;
    return SOAP_OK;
}

void install(struct soap *soap, State *st)
{
    st->parse = soap->fparse;
    st->parse_header = soap->fparsehdr;
    st->receive = soap->frecv;
    soap->fparse = parse;
    soap->fparsehdr = parse_header;
    soap->frecv = receive;
}

int copy(struct soap *, struct soap_plugin *dst, struct soap_plugin *src)
{
    const State *from = static_cast<const State *>(src->data);
    State *st = new (std::nothrow) State;
    if (!st)
        return SOAP_EOM;
    // The copy's callbacks are the same wrappers; the ones they call are the original's.
    st->parse = from->parse;
    st->parse_header = from->parse_header;
    st->receive = from->receive;
    dst->data = st;
    return SOAP_OK;
}

void delete_state(struct soap *, struct soap_plugin *plugin)
{
    delete static_cast<State *>(plugin->data);
    plugin->data = nullptr;
}

}

int chunked_input(struct soap *soap, struct soap_plugin *plugin, void *)
{
    State *st = new (std::nothrow) State;
    if (!st)
        return SOAP_EOM;
    plugin->id = kChunkedInputId;
    plugin->data = st;
    plugin->fcopy = copy;
    plugin->fdelete = delete_state;
    install(soap, st);
    return SOAP_OK;
}

}
