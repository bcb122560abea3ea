#!/usr/bin/env python3
"""Makes gSOAP send every xsd__base64Binary value as an MTOM attachment in an MTOM build.

gSOAP's serializer writes a base64Binary value as an attachment (an xop:Include and a MIME part)
only when the value's `id` or `type` is set. A value read from inline base64, as every sample
response is, has neither (soap_default clears them before a value is read, whatever default the
header gives), so with SOAP_ENC_MTOM alone it would still go out inline. This rewrites the two
places of soapcpp2's soapC.cpp that hand a value's type to the attachment machinery (registering it
in soap_serialize, writing it in soap_out) to use application/octet-stream when the value has none.
gSOAP is pinned (2.8.124), and a soapC.cpp without exactly these two places fails the build rather
than building without MTOM. Usage: mtom_types.py SOAPC_CPP
"""
import sys

DEFAULT_TYPE = '"application/octet-stream"'
PLACES = [
    ("this->__ptr, this->__size, SOAP_TYPE_xsd__base64Binary, this->id, this->type)",
     "this->__ptr, this->__size, SOAP_TYPE_xsd__base64Binary, this->id,"
     f" this->type ? this->type : {DEFAULT_TYPE})"),
    ("a->__ptr, a->__size, a->id, a->type, a->options, type, SOAP_TYPE_xsd__base64Binary)",
     f"a->__ptr, a->__size, a->id, a->type ? a->type : {DEFAULT_TYPE}, a->options, type,"
     " SOAP_TYPE_xsd__base64Binary)"),
]


def main(path):
    with open(path, encoding="utf-8") as f:
        code = f.read()
    if "SOAP_TYPE_xsd__base64Binary" not in code:
        print("== MTOM: the WSDL has no base64Binary, nothing to send as a part")
        return 0
    for generated, rewritten in PLACES:
        if code.count(generated) != 1:
            print("error: MTOM: soapC.cpp does not hand base64Binary values to gSOAP's attachment"
                  f" code as gSOAP 2.8.124 does (looked for: {generated})", file=sys.stderr)
            return 1
        code = code.replace(generated, rewritten)
    with open(path, "w", encoding="utf-8") as f:
        f.write(code)
    print("== MTOM: every base64Binary value is sent as an attachment (application/octet-stream"
          " unless it has a type)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
