#!/usr/bin/env python3
"""Makes gSOAP send every base64Binary value as an MTOM attachment in an MTOM build.

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
# The binary types with gSOAP's attachment layout (id, type, options): xs:base64Binary, and
# xmime:base64Binary as typemap-overrides.dat declares it (present only when a schema uses it).
BINARY_TYPES = ("xsd__base64Binary", "xmime__base64Binary")


def places(binary_type):
    """The two places of soapC.cpp that hand a value of binary_type to the attachment code, each
    with its rewrite."""
    soap_type = f"SOAP_TYPE_{binary_type}"
    return [
        (f"this->__ptr, this->__size, {soap_type}, this->id, this->type)",
         f"this->__ptr, this->__size, {soap_type}, this->id,"
         f" this->type ? this->type : {DEFAULT_TYPE})"),
        (f"a->__ptr, a->__size, a->id, a->type, a->options, type, {soap_type})",
         f"a->__ptr, a->__size, a->id, a->type ? a->type : {DEFAULT_TYPE}, a->options, type,"
         f" {soap_type})"),
    ]


def main(path):
    with open(path, encoding="utf-8") as f:
        code = f.read()
    present = [t for t in BINARY_TYPES if f"SOAP_TYPE_{t}" in code]
    if not present:
        print("== MTOM: the WSDL has no base64Binary, nothing to send as a part")
        return 0
    for binary_type in present:
        for generated, rewritten in places(binary_type):
            if code.count(generated) != 1:
                print(f"error: MTOM: soapC.cpp does not hand {binary_type} values to gSOAP's attachment"
                      f" code as gSOAP 2.8.124 does (looked for: {generated})", file=sys.stderr)
                return 1
            code = code.replace(generated, rewritten)
    with open(path, "w", encoding="utf-8") as f:
        f.write(code)
    print(f"== MTOM: every {' and '.join(present)} value is sent as an attachment"
          " (application/octet-stream unless it has a type)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
