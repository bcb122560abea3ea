// The catalog hello-world service's real implementation: greets the name it was sent, read from
// the request's generated ADB type and written through the response's.
#include "operations.h"
#include "adb_sayHello.h"
#include "adb_sayHelloResponse.h"

#include <string>

bool load_implementation(const axutil_env_t *, std::string &) { return true; }

axiom_node_t *answer(const Operation &, void *request, const axutil_env_t *env) {
    const axis2_char_t *name = adb_sayHello_get_name((adb_sayHello_t *)request, env);
    if (!name) return NULL;
    adb_sayHelloResponse_t *response = adb_sayHelloResponse_create(env);
    if (!response) return NULL;
    std::string greeting = std::string("Hello, ") + name + "!";
    adb_sayHelloResponse_set_greeting(response, env, greeting.c_str());
    axiom_node_t *node = adb_sayHelloResponse_serialize(response, env, NULL, NULL, AXIS2_TRUE, NULL, NULL);
    adb_sayHelloResponse_free(response, env);
    return node;
}
