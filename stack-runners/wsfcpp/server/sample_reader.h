// Reads a SOAP envelope held in memory into an AXIOM tree and finds its Body's first element.
#ifndef SOAPBENCH_WSFCPP_SAMPLE_READER_H
#define SOAPBENCH_WSFCPP_SAMPLE_READER_H

#include <axiom.h>
#include <axutil_env.h>
#include <string>

// The first element inside the envelope's Body, or NULL with `error` set. The tree stays alive
// for the life of the process: ADB objects read from it may point into it.
axiom_node_t *read_body_payload(const axutil_env_t *env, const char *envelope, std::string &error);

// Whether the node is a SOAP 1.1 or 1.2 Fault element.
bool is_soap_fault(const axutil_env_t *env, axiom_node_t *node);

#endif
