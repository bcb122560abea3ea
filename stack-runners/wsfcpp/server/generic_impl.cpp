// The generic implementation: every operation answers with its sample response, read once at
// start-up into the operation's generated ADB type and serialised from it for every request.
#include "operations.h"
#include "sample_reader.h"

#include <vector>

static std::vector<void *> responses;

bool load_implementation(const axutil_env_t *env, std::string &error) {
    responses.assign(OPERATION_COUNT, NULL);
    for (int i = 0; i < OPERATION_COUNT; i++) {
        const Operation &op = OPERATIONS[i];
        if (!op.response) continue;
        std::string problem;
        axiom_node_t *payload = read_body_payload(env, op.sample_response, problem);
        if (!payload) {
            error = std::string("sample response of operation ") + op.name + ": " + problem;
            return false;
        }
        if (is_soap_fault(env, payload)) {
            error = std::string("sample response of operation ") + op.name +
                    " is a SOAP Fault (the generic WSF/C++ implementation answers with responses only)";
            return false;
        }
        void *response = op.response->create(env);
        if (!response || op.response->read(response, env, &payload) != AXIS2_SUCCESS) {
            error = std::string("sample response of operation ") + op.name + " does not read into the generated " +
                    op.response->name + " (it does not match the WSDL's response element)";
            return false;
        }
        responses[i] = response;
    }
    return true;
}

axiom_node_t *answer(const Operation &operation, void *, const axutil_env_t *env) {
    void *response = responses[&operation - OPERATIONS];
    return response ? operation.response->write(response, env) : NULL;
}
