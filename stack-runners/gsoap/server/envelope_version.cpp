// See envelope_version.h. Linked into the server and the native client (soapC.cpp calls the note
// in both); only the server restores, before it answers.
#include "envelope_version.h"

#include <cstring>
#include <string>

#include "stdsoap2.h"

namespace {

// What the Envelope said, per thread: a context is served by one thread at a time, and the note and
// the restore of one message happen on the thread that reads it.
struct Noted {
    const struct soap *soap = nullptr;
    bool has_envelope_out = false;
    std::string envelope_out;
    bool has_encoding_out = false;
    std::string encoding_out;
};
thread_local Noted noted;

void put_back(struct soap *soap, struct Namespace &entry, bool had, const std::string &value)
{
    if (had && entry.out && value == entry.out)
        return;
    if (!had && !entry.out)
        return;
    if (entry.out) {
        SOAP_FREE(soap, entry.out);
        entry.out = nullptr;
    }
    if (had) {
        char *copy = static_cast<char *>(SOAP_MALLOC(soap, value.size() + 1));
        if (copy) {
            memcpy(copy, value.c_str(), value.size() + 1);
            entry.out = copy;
        }
    }
}

}

void soapbench_note_envelope(struct soap *soap)
{
    noted = Noted();
    struct Namespace *table = soap->local_namespaces;
    // The table's first two entries are SOAP-ENV and SOAP-ENC, as soapcpp2 writes every table.
    if (!table || !table[0].id || !table[1].id)
        return;
    noted.soap = soap;
    noted.has_envelope_out = table[0].out != nullptr;
    if (table[0].out)
        noted.envelope_out = table[0].out;
    noted.has_encoding_out = table[1].out != nullptr;
    if (table[1].out)
        noted.encoding_out = table[1].out;
}

bool soapbench_restore_envelope(struct soap *soap)
{
    if (noted.soap != soap || !soap->local_namespaces)
        return false;
    put_back(soap, soap->local_namespaces[0], noted.has_envelope_out, noted.envelope_out);
    put_back(soap, soap->local_namespaces[1], noted.has_encoding_out, noted.encoding_out);
    noted = Noted();
    return true;
}
