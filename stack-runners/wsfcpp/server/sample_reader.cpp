#include "sample_reader.h"

#include <cstring>

static const char *local_name(const axutil_env_t *env, axiom_node_t *node) {
    axiom_element_t *element = (axiom_element_t *)axiom_node_get_data_element(node, env);
    return element ? axiom_element_get_localname(element, env) : "";
}

static axiom_node_t *first_element_child(const axutil_env_t *env, axiom_node_t *node) {
    for (axiom_node_t *child = axiom_node_get_first_child(node, env); child;
         child = axiom_node_get_next_sibling(child, env)) {
        if (axiom_node_get_node_type(child, env) == AXIOM_ELEMENT) return child;
    }
    return NULL;
}

// Guththila's reader for memory buffers crashes on these builds (GCC 12, 64-bit); its stream
// reader, which the server itself uses for requests, does not.
struct Text {
    const char *next;
    size_t left;
};

static int AXIS2_CALL read_text(char *buffer, int size, void *context) {
    Text *text = (Text *)context;
    size_t count = text->left < (size_t)size ? text->left : (size_t)size;
    memcpy(buffer, text->next, count);
    text->next += count;
    text->left -= count;
    return (int)count;
}

static int AXIS2_CALL close_text(void *context) {
    delete (Text *)context;
    return 0;
}

axiom_node_t *read_body_payload(const axutil_env_t *env, const char *envelope, std::string &error) {
    Text *text = new Text{envelope, strlen(envelope)};
    axiom_xml_reader_t *reader = axiom_xml_reader_create_for_io(env, read_text, close_text, text, "UTF-8");
    axiom_stax_builder_t *builder = reader ? axiom_stax_builder_create(env, reader) : NULL;
    axiom_document_t *document = builder ? axiom_stax_builder_get_document(builder, env) : NULL;
    axiom_node_t *root = document ? axiom_document_get_root_element(document, env) : NULL;
    if (root) axiom_document_build_all(document, env);
    if (!root || strcmp(local_name(env, root), "Envelope") != 0) {
        error = "not a SOAP envelope";
        return NULL;
    }
    for (axiom_node_t *child = axiom_node_get_first_child(root, env); child;
         child = axiom_node_get_next_sibling(child, env)) {
        if (axiom_node_get_node_type(child, env) == AXIOM_ELEMENT && strcmp(local_name(env, child), "Body") == 0) {
            axiom_node_t *payload = first_element_child(env, child);
            if (!payload) error = "the SOAP Body is empty";
            return payload;
        }
    }
    error = "the envelope has no SOAP Body";
    return NULL;
}

bool is_soap_fault(const axutil_env_t *env, axiom_node_t *node) {
    axiom_element_t *element = (axiom_element_t *)axiom_node_get_data_element(node, env);
    axiom_namespace_t *ns = element ? axiom_element_get_namespace(element, env, node) : NULL;
    const char *uri = ns ? axiom_namespace_get_uri(ns, env) : "";
    return strcmp(local_name(env, node), "Fault") == 0 &&
           (strcmp(uri, "http://schemas.xmlsoap.org/soap/envelope/") == 0 ||
            strcmp(uri, "http://www.w3.org/2003/05/soap-envelope") == 0);
}
