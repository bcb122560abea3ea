"""Maps SOAP header blocks to the members of gSOAP's generated SOAP_ENV__Header.

wsdl2h gathers every header part the WSDL binds into one struct SOAP_ENV__Header, a pointer
member per block; soapcpp2's soap_out_SOAP_ENV__Header shows which element (prefix:name) each
member is written as, and the .nsmap which namespace each prefix stands for. The generic
implementation reads the sample response's header blocks into these members at start-up and
answers with them; a block without a member cannot be honoured, so the build refuses the WSDL.
"""
import re

WRITER = re.compile(r"soap_out_SOAP_ENV__Header\(struct soap \*soap, [^)]*\)\n\{(.*?)\n\}", re.S)
MEMBER = re.compile(r'soap_out_\w+\(soap, "([^"]+)", -1, &a->(\w+), ""\)')


def members(soapc_source, namespaces):
    """{"{namespace}name": member} for every block SOAP_ENV__Header holds (none without one)."""
    found = WRITER.search(soapc_source)
    if not found:
        return {}
    result = {}
    for tag, member in MEMBER.findall(found.group(1)):
        prefix, _, local = tag.rpartition(":")
        result[f"{{{namespaces.get(prefix, '') if prefix else ''}}}{local}"] = member
    return result


def block_key(block):
    return f"{{{block.get('namespace') or ''}}}{block.get('name') or ''}"
