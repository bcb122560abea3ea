// Sends the fault already set in soap->fault as the answer to the current request.
#ifndef SOAPBENCH_FAULT_ANSWER_H
#define SOAPBENCH_FAULT_ANSWER_H
#include "soapH.h"

// gSOAP's soap_send_fault always ends the keep-alive connection, which would make every fault
// cost a reconnect, so the fault is written here and SOAP_STOP tells the dispatcher that the
// answer is sent and the connection may serve on. The request's memory is released here
// because the dispatcher skips fserveloop after SOAP_STOP.
inline int answer_with_fault(struct soap *soap)
{
    soap->encodingStyle = NULL;
    soap_serializeheader(soap);
    soap_serializefault(soap);
    if (soap_begin_count(soap))
        return soap->error;
    if ((soap->mode & SOAP_IO_LENGTH)
        && (soap_envelope_begin_out(soap) || soap_putheader(soap) || soap_body_begin_out(soap)
            || soap_putfault(soap) || soap_body_end_out(soap) || soap_envelope_end_out(soap)))
        return soap->error;
    if (soap_end_count(soap) || soap_response(soap, SOAP_FAULT) || soap_envelope_begin_out(soap)
        || soap_putheader(soap) || soap_body_begin_out(soap) || soap_putfault(soap)
        || soap_body_end_out(soap) || soap_envelope_end_out(soap) || soap_end_send(soap))
        return soap->error;
    soap_destroy(soap);
    soap_end(soap);
    return SOAP_STOP;
}
#endif
