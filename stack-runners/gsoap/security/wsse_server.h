#ifndef SOAPBENCH_WSSE_SERVER_H
#define SOAPBENCH_WSSE_SERVER_H
// The server's side of a secured build (runner build --security MODE): what it requires of a
// request and what it adds to an answer, per the mode of profile.json (security_config.h).
#include <string>

struct soap;

// Reads the server's keys from the build's keys/ folder; false with a reason.
bool security_load(const std::string &keys_dir, std::string &problem);
// Sets up a context that serves requests: the wsse plug-in, the CA, the request checks (chained
// after the context's own fpreparefinalrecv) and, per request, signature verification and
// decryption (chained after its fserveloop). Call after the context's own settings.
void security_configure(struct soap *soap);
// Arms verification and decryption for the next request on a context (the plug-in forgets them
// after each message); security_configure's fserveloop calls it after every request.
void security_arm(struct soap *soap);
// The mode, for the server's SETTINGS line.
const char *security_mode();

#endif
