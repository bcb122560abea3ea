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
axiom_node_t *answer(const Operation &operation, void *request, const axutil_env_t *env);

#endif
