#!/usr/bin/env python3
"""Notes a received message's SOAP version where its Envelope gives it, before the Header is read.

gSOAP 2.8.124 takes any declaration of a SOAP envelope namespace, wherever it stands in a message,
for the message's version: a SOAP 1.1 request whose Header or Body declares SOAP 1.2's namespace
(Metro's UsernameToken does, unused) was answered in SOAP 1.2, and the client refused the answer.
This rewrites soapcpp2's soap_getheader in soapC.cpp, which gSOAP calls right after the Envelope's
start tag, to call soapbench_note_envelope first (server/envelope_version.cpp); the server puts the
noted state back once the request is read. Every build gets it. A soapC.cpp without exactly that
function (another gSOAP version) fails the build.
Usage: envelope_version_hook.py SOAPC_CPP
"""
import sys

import plugin_edits

GENERATED = """SOAP_FMAC3 int SOAP_FMAC4 soap_getheader(struct soap *soap)
{
\tsoap->part = SOAP_IN_HEADER;"""
REWRITTEN = """void soapbench_note_envelope(struct soap *soap);

SOAP_FMAC3 int SOAP_FMAC4 soap_getheader(struct soap *soap)
{
\t/* envelope_version_hook.py: the Envelope's SOAP version, before the Header can declare another */
\tsoapbench_note_envelope(soap);
\tsoap->part = SOAP_IN_HEADER;"""


def main(path):
    return plugin_edits.apply(path, path, ((GENERATED, REWRITTEN),), "read a SOAP Header", topic="envelope")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("error: usage: envelope_version_hook.py SOAPC_CPP", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
