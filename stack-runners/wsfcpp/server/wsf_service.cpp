// The WSF/C++ service class the message receiver loads: it finds the operation by the request
// element's qualified name (document/literal, wrapped or bare), reads the request into its
// generated ADB type and returns the implementation's answer, or the declared fault it chose.
#include "declared_fault.h"
#include "operations.h"

#include <Environment.h>
#include <MessageContext.h>
#include <axiom_soap.h>
#include <axis2_msg_ctx.h>
#include <OMElement.h>
#include <ServiceSkeleton.h>
#include <cstring>
#include <string>

using namespace wso2wsf;

bool checking_samples_only = false;

namespace {

// WSF/C++'s message receiver writes its own faults with code Sender even in SOAP 1.1 (which has
// Client and Server), so a declared fault goes out as an envelope of its own: the receiver sends
// an envelope the service set on the outgoing message context as it is.
void send_fault(const axutil_env_t *env, MessageContext *context, const DeclaredFault &fault) {
    axis2_msg_ctx_t *out = context ? context->getAxis2MessageContext() : NULL;
    if (!out) return;
    bool soap11 = axis2_msg_ctx_get_is_soap_11(out, env);
    axiom_soap_envelope_t *envelope = axiom_soap_envelope_create_default_soap_fault_envelope(
        env, soap11 ? "soapenv:Server" : "soapenv:Receiver", fault.reason.c_str(),
        soap11 ? AXIOM_SOAP11 : AXIOM_SOAP12, NULL, fault.detail);
    if (envelope) axis2_msg_ctx_set_soap_envelope(out, env, envelope);
}

}

class SoapBenchService : public ServiceSkeleton {
public:
    bool WSF_CALL init() {
        std::string error;
        loaded = load_implementation(Environment::getEnv(), error);
        if (!loaded) {
            AXIS2_LOG_ERROR(Environment::getEnv()->log, AXIS2_LOG_SI, "soapbench: %s", error.c_str());
        }
        return loaded;
    }

    OMElement *WSF_CALL invoke(OMElement *message, MessageContext *context) {
        const axutil_env_t *env = Environment::getEnv();
        if (!loaded || !message) return NULL;
        axiom_node_t *node = message->getAxiomNode();
        const Operation *operation = find(env, node);
        if (!operation) return NULL;
        void *request = operation->request->create(env);
        axiom_node_t *cursor = node;
        axiom_node_t *result = NULL;
        if (request && operation->request->read(request, env, &cursor) == AXIS2_SUCCESS) {
            result = answer(*operation, request, env);
        }
        if (request) operation->request->release(request, env);
        DeclaredFault fault = take_declared_fault();
        if (!result && fault.raised) send_fault(env, context, fault);
        return result ? new OMElement(NULL, result) : NULL;
    }

private:
    bool loaded = false;

    static const Operation *find(const axutil_env_t *env, axiom_node_t *node) {
        axiom_element_t *element = (axiom_element_t *)axiom_node_get_data_element(node, env);
        if (!element) return NULL;
        const char *local = axiom_element_get_localname(element, env);
        axiom_namespace_t *ns = axiom_element_get_namespace(element, env, node);
        const char *uri = ns ? axiom_namespace_get_uri(ns, env) : "";
        for (int i = 0; i < OPERATION_COUNT; i++) {
            if (strcmp(OPERATIONS[i].request_element, local) == 0 && strcmp(OPERATIONS[i].request_namespace, uri) == 0) {
                return &OPERATIONS[i];
            }
        }
        return NULL;
    }
};

WSF_SERVICE_INIT(SoapBenchService)
