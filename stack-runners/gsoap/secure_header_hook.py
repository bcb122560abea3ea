#!/usr/bin/env python3
"""Gives a secured build one place where every outgoing message gets its WS-Security header.

gSOAP's wsse plug-in wants its Security header (Timestamp, token, signature and encryption set-up)
in soap->header before the message is serialised; its documentation does that inside each
service operation and before each proxy call. The operations here are generated (impl.cpp) or
catalog code shared with plain builds, and they set soap->header themselves, so this rewrites
soapcpp2's soap_serializeheader in soapC.cpp, which the generated service and proxy call after
the operation and before the message is counted and sent, to call soapbench_secure_outgoing
first (security/wsse_server.cpp or wsse_client.cpp). gSOAP is pinned (2.8.124): a soapC.cpp
without exactly that function fails the build (plugin_edits.py) instead of building an unsecured
server.
Usage: secure_header_hook.py SOAPC_CPP
"""
import sys

import plugin_edits

GENERATED = """SOAP_FMAC3 void SOAP_FMAC4 soap_serializeheader(struct soap *soap)
{
\tif (soap->version && soap->header)"""
REWRITTEN = """void soapbench_secure_outgoing(struct soap *soap);

SOAP_FMAC3 void SOAP_FMAC4 soap_serializeheader(struct soap *soap)
{
\t/* secured build (secure_header_hook.py): the WS-Security header of this message first */
\tsoapbench_secure_outgoing(soap);
\tif (soap->version && soap->header)"""


def main(path):
    return plugin_edits.apply(path, path, ((GENERATED, REWRITTEN),), "serialise a SOAP Header")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
