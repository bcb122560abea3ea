// The catalog calculator service's real implementation: four int operations on the generated ADB
// types of calculator.wsdl; division by zero answers the WSDL's declared divideByZero fault.
#include "operations.h"
#include "adb_add.h"
#include "adb_addResponse.h"
#include "adb_divide.h"
#include "adb_divideByZero.h"
#include "adb_divideResponse.h"
#include "adb_multiply.h"
#include "adb_multiplyResponse.h"
#include "adb_subtract.h"
#include "adb_subtractResponse.h"

#include <climits>
#include <cstring>

namespace {

// Results that overflow xsd:int are outside the catalog's contract, but signed overflow is
// undefined in C++ and INT_MIN / -1 traps, so they are refused instead of computed.
bool fits(long long result, const axutil_env_t *env) {
    if (result >= INT_MIN && result <= INT_MAX) return true;
    refuse_request(env, "result overflows xsd:int");
    return false;
}

#define RESULT_ANSWER(type)                                                                     \
    axiom_node_t *type##_answer(long long result, const axutil_env_t *env) {                    \
        if (!fits(result, env)) return NULL;                                                    \
        adb_##type##_t *response = adb_##type##_create(env);                                    \
        if (!response) return NULL;                                                             \
        adb_##type##_set_result(response, env, (int)result);                                    \
        axiom_node_t *node = adb_##type##_serialize(response, env, NULL, NULL, AXIS2_TRUE, NULL, NULL); \
        adb_##type##_free(response, env);                                                       \
        return node;                                                                            \
    }

RESULT_ANSWER(addResponse)
RESULT_ANSWER(subtractResponse)
RESULT_ANSWER(multiplyResponse)
RESULT_ANSWER(divideResponse)

axiom_node_t *divide(adb_divide_t *request, const axutil_env_t *env) {
    long long a = adb_divide_get_a(request, env), b = adb_divide_get_b(request, env);
    if (b != 0) return divideResponse_answer(a / b, env);
    adb_divideByZero_t *detail = adb_divideByZero_create(env);
    if (!detail) return NULL;
    adb_divideByZero_set_dividend(detail, env, (int)a);
    answer_fault(env, "division by zero", adb_divideByZero_serialize(detail, env, NULL, NULL, AXIS2_TRUE, NULL, NULL));
    adb_divideByZero_free(detail, env);
    return NULL;
}

}

bool load_implementation(const axutil_env_t *, std::string &) { return true; }

axiom_node_t *answer(const Operation &operation, void *request, const axutil_env_t *env) {
    const char *name = operation.request_element;
    if (strcmp(name, "add") == 0) {
        adb_add_t *r = (adb_add_t *)request;
        return addResponse_answer((long long)adb_add_get_a(r, env) + adb_add_get_b(r, env), env);
    }
    if (strcmp(name, "subtract") == 0) {
        adb_subtract_t *r = (adb_subtract_t *)request;
        return subtractResponse_answer((long long)adb_subtract_get_a(r, env) - adb_subtract_get_b(r, env), env);
    }
    if (strcmp(name, "multiply") == 0) {
        adb_multiply_t *r = (adb_multiply_t *)request;
        return multiplyResponse_answer((long long)adb_multiply_get_a(r, env) * adb_multiply_get_b(r, env), env);
    }
    if (strcmp(name, "divide") == 0) return divide((adb_divide_t *)request, env);
    refuse_request(env, "calculator has no such operation");
    return NULL;
}
