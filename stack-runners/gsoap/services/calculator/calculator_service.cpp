// The catalog calculator service: four int operations on gSOAP's generated types for
// calculator.wsdl; division by zero answers the WSDL's declared divideByZero fault.
#include <climits>

#include "service.h"
#include "sample_reader.h"
#include "fault_answer.h"

namespace {

// Results that overflow xsd:int are outside the catalog's contract, but signed overflow is
// undefined in C++ and INT_MIN / -1 traps, so they are refused instead of computed.
int answer(struct soap *soap, long long result, int &out)
{
    if (result < INT_MIN || result > INT_MAX)
        return soap_sender_fault(soap, "result overflows xsd:int", NULL);
    out = static_cast<int>(result);
    return SOAP_OK;
}

int missing(struct soap *soap, const char *operation)
{
    return soap_sender_fault(soap, (std::string(operation) + " needs its request element").c_str(), NULL);
}

}

int CalculatorBindingService::add(_ns1__add *request, _ns1__addResponse &response)
{
    if (request == NULL)
        return missing(soap, "add");
    return answer(soap, static_cast<long long>(request->a) + request->b, response.result);
}

int CalculatorBindingService::subtract(_ns1__subtract *request, _ns1__subtractResponse &response)
{
    if (request == NULL)
        return missing(soap, "subtract");
    return answer(soap, static_cast<long long>(request->a) - request->b, response.result);
}

int CalculatorBindingService::multiply(_ns1__multiply *request, _ns1__multiplyResponse &response)
{
    if (request == NULL)
        return missing(soap, "multiply");
    return answer(soap, static_cast<long long>(request->a) * request->b, response.result);
}

int CalculatorBindingService::divide(_ns1__divide *request, _ns1__divideResponse &response)
{
    if (request == NULL)
        return missing(soap, "divide");
    if (request->b == 0) {
        soap_receiver_fault(soap, "division by zero", NULL);
        _ns1__divideByZero *detail = soap_new__ns1__divideByZero(soap);
        detail->dividend = request->a;
        SOAP_ENV__Detail *holder = soap_new_SOAP_ENV__Detail(soap);
        holder->ns1__divideByZero = detail;
        if (soap->version == 2)
            soap->fault->SOAP_ENV__Detail = holder;
        else
            soap->fault->detail = holder;
        return answer_with_fault(soap);
    }
    return answer(soap, static_cast<long long>(request->a) / request->b, response.result);
}

// The service computes its answers, so there is no sample to read.
bool load_samples(struct soap *, const std::string &, std::string &)
{
    return true;
}
