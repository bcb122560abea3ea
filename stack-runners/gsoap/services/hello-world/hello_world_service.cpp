// The catalog hello-world service: greets the name it was sent, read from and written to
// gSOAP's generated types for hello-world.wsdl.
#include "service.h"
#include "sample_reader.h"

int HelloWorldBindingService::sayHello(_ns1__sayHello *request, _ns1__sayHelloResponse &response)
{
    if (request == NULL)
        return soap_senderfault("sayHello needs a sayHello element", NULL);
    response.greeting = "Hello, " + request->name + "!";
    return SOAP_OK;
}

// The service computes its answers, so there is no sample to read.
bool load_samples(struct soap *, const std::string &, std::string &)
{
    return true;
}
