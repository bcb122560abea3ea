// The SOAP version of a received message is its Envelope's. gSOAP 2.8.124 takes any declaration
// of a SOAP envelope namespace for the message's version, wherever it stands: Metro's
// UsernameToken declares SOAP 1.2's namespace in a SOAP 1.1 request, and the answer went out as
// SOAP 1.2, which the client refuses (VersionMismatchException).
#ifndef SOAPBENCH_ENVELOPE_VERSION_H
#define SOAPBENCH_ENVELOPE_VERSION_H

struct soap;

// Notes the envelope and encoding namespaces the Envelope gave the context (the namespace table's
// first two entries); the generated soap_getheader calls it before reading the Header
// (envelope_version_hook.py).
void soapbench_note_envelope(struct soap *soap);

// Once the whole message is read: puts back what soapbench_note_envelope noted for this context,
// so that declarations in the Header or Body change nothing. Returns false when nothing was noted
// for it (soap_getheader was not reached).
bool soapbench_restore_envelope(struct soap *soap);

#endif
