// The catalog echo service: answers with the text it was sent, read from and written to
// gSOAP's generated types for echo.wsdl.
#include "service.h"
#include "sample_reader.h"

int EchoBindingService::echo(_ns1__echo *request, _ns1__echoResponse &response)
{
    if (request == NULL)
        return soap_senderfault("echo needs an echo element", NULL);
    response.text = request->text;
    return SOAP_OK;
}

// The echo service computes its answers, so there is no sample to read.
bool load_samples(struct soap *, const std::string &, std::string &)
{
    return true;
}
