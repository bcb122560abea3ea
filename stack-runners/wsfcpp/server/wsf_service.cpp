// The WSF/C++ service class the message receiver loads: it finds the operation by the request
// element's qualified name (document/literal, wrapped or bare), reads the request into its
// generated ADB type and returns the implementation's answer.
#include "operations.h"

#include <Environment.h>
#include <OMElement.h>
#include <ServiceSkeleton.h>
#include <cstring>
#include <string>

using namespace wso2wsf;

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

    OMElement *WSF_CALL invoke(OMElement *message, MessageContext *) {
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
