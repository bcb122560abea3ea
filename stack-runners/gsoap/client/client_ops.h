#ifndef SOAPBENCH_CLIENT_OPS_H
#define SOAPBENCH_CLIENT_OPS_H

#include <string>

struct soap;
class ClientProxy;

// One operation the generated proxy can call: gen_client.py writes the table from soapcpp2's
// proxy class and service dispatcher, so the driver itself knows no generated type.
struct ClientOperation {
    const char *name;
    const char *soap_action;
    // Reads a request envelope into the generated request type, owned by `ctx`; returns the
    // object to hand to `send` later, or nullptr when the envelope does not fit the type.
    void *(*read)(struct soap *ctx, const std::string &path, std::string &error);
    // Sends one request through the proxy and receives the answer; gSOAP's status code.
    int (*send)(ClientProxy &proxy, const char *endpoint, void *request);
};

extern const ClientOperation client_operations[];
extern const int client_operation_count;
// gSOAP input flags for reading messages of this WSDL (request envelopes and responses)
extern const int client_input_mode;

ClientProxy *new_client_proxy();
void delete_client_proxy(ClientProxy *proxy);
struct soap *proxy_context(ClientProxy &proxy);
void release_response(ClientProxy &proxy);

#endif
