// The table a build generates from the WSDL (glue.cpp): for each operation, the request element
// it dispatches on, the ADB types generated for its messages and its sample response.
#ifndef SOAPBENCH_WSFCPP_OPERATIONS_H
#define SOAPBENCH_WSFCPP_OPERATIONS_H

#include <axiom.h>
#include <axutil_env.h>
#include <string>

struct AdbType {
    const char *name;
    void *(*create)(const axutil_env_t *env);
    axis2_status_t (*read)(void *object, const axutil_env_t *env, axiom_node_t **node);
    axiom_node_t *(*write)(void *object, const axutil_env_t *env);
    void (*release)(void *object, const axutil_env_t *env);
};

struct Operation {
    const char *name;
    const char *request_namespace;
    const char *request_element;
    const AdbType *request;
    const AdbType *response;       // NULL for a one-way operation
    const char *sample_response;   // the sample response envelope; NULL for a one-way operation
};

extern const Operation OPERATIONS[];
extern const int OPERATION_COUNT;

// The implementation behind the table: the generic one (answers with the sample responses) or a
// catalog service's real one. Both are called with the request already read into its ADB type.
bool load_implementation(const axutil_env_t *env, std::string &error);

// True in the build's check of the samples: an implementation then skips loading its data.
extern bool checking_samples_only;
axiom_node_t *answer(const Operation &operation, void *request, const axutil_env_t *env);

// A fault the WSDL declares, answered instead of a response: the implementation calls this and
// returns NULL from answer(); the service class sends a SOAP Fault with code Server (SOAP 1.1) or
// Receiver (1.2), the reason and the detail element (which it takes over).
void answer_fault(const axutil_env_t *env, const char *reason, axiom_node_t *detail);

// A request outside the service's contract: the implementation calls this and returns NULL; WSF/C++
// answers with its own fault (code Sender) and this reason, which must be a string constant.
void refuse_request(const axutil_env_t *env, const char *reason);

#endif
