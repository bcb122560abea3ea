#ifndef SOAPBENCH_SAMPLE_READER_H
#define SOAPBENCH_SAMPLE_READER_H

#include <string>

struct soap;

// Reads one sample SOAP envelope with `ctx` and lets `read_payload` deserialise the Body's
// payload into a generated type; the data stays owned by `ctx`, which must outlive it.
bool read_sample(struct soap *ctx, const std::string &path, bool (*read_payload)(struct soap *),
                 std::string &error);

// Deserialises every operation's sample response found in `dir` (implemented per service).
bool load_samples(struct soap *ctx, const std::string &dir, std::string &error);

// True while the build checks the samples (server --check): a service that serves from a data
// set reads it only when it really starts, so a build does not depend on the data.
extern bool checking_samples_only;

#endif
