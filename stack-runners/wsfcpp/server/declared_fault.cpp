#include "declared_fault.h"
#include "operations.h"

// Per thread: httpd's prefork children serve one request at a time, the standalone server one
// per thread.
static thread_local DeclaredFault pending;

void answer_fault(const axutil_env_t *, const char *reason, axiom_node_t *detail) {
    pending.raised = true;
    pending.reason = reason;
    pending.detail = detail;
}

DeclaredFault take_declared_fault() {
    DeclaredFault fault = pending;
    pending = DeclaredFault();
    return fault;
}

void refuse_request(const axutil_env_t *env, const char *reason) {
    // Error number NONE makes Axis2/C report the message rather than one of its own.
    AXIS2_ERROR_SET_ERROR_NUMBER(env->error, AXIS2_ERROR_NONE);
    axutil_error_set_error_message(env->error, const_cast<axis2_char_t *>(reason));
    AXIS2_ERROR_SET_STATUS_CODE(env->error, AXIS2_FAILURE);
}
