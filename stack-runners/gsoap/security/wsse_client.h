#ifndef SOAPBENCH_WSSE_CLIENT_H
#define SOAPBENCH_WSSE_CLIENT_H
// The native client's side of a secured build: each request secured per the mode of
// profile.json (security_config.h), each answer verified (and decrypted) before it counts.
#include <string>

struct soap;

// Reads the client's keys from the build's keys/ folder; false with a reason.
bool security_load(const std::string &keys_dir, std::string &problem);
// Sets up a proxy's context: the wsse plug-in and the checks of an answer, chained after the
// context's own fpreparefinalrecv.
void security_configure(struct soap *soap);
const char *security_mode();

#endif
