// The catalog echo service's real implementation: answers with the text it was sent, copied from
// the request's generated ADB type into the response's.
#include "operations.h"
#include "adb_echo.h"
#include "adb_echoResponse.h"

bool load_implementation(const axutil_env_t *, std::string &) { return true; }

axiom_node_t *answer(const Operation &, void *request, const axutil_env_t *env) {
    adb_echoResponse_t *response = adb_echoResponse_create(env);
    if (!response) return NULL;
    adb_echoResponse_set_text(response, env, adb_echo_get_text((adb_echo_t *)request, env));
    axiom_node_t *node = adb_echoResponse_serialize(response, env, NULL, NULL, AXIS2_TRUE, NULL, NULL);
    adb_echoResponse_free(response, env);
    return node;
}
