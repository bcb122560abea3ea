#!/usr/bin/env python3
"""Generates the glue between soapcpp2's service class and the gSOAP server.

Reads what soapcpp2 wrote (the service class header lists the operations, the
service .cpp shows how each response element is written and how a request is
dispatched, the .nsmap binds the prefixes) and writes:

  service.h          includes the service class and names it `Service` for server_main.cpp;
                     when the samples use operations of several service classes (soapcpp2
                     makes one per binding namespace), `Service` chains them on one context
  impl.cpp           (generic mode) one method per operation that copies the operation's
                     sample response, read into the generated type at start-up by
                     load_samples(), into the response object gSOAP serialises, and the
                     sample's SOAP header blocks (read into SOAP_ENV__Header) into soap->header
  service_units.txt  the generated service classes' source files the server compiles

Usage: gen_impl.py --src DIR (--samples DIR [--bundle DIR --entry FILE] [--action-dispatch] | --header-only)
Exit 0; 3 when two operations a request must reach cannot be told apart by their Body element
and soapcpp2 should be run again with -a (dispatch on the SOAP action first; --action-dispatch
says it was); else 1 with one line on stderr starting `error: ` or `unsupported: `.
"""
import argparse
import glob
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "toolset"))
from source_literals import c_string  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import header_members  # noqa: E402
import portless_bindings  # noqa: E402

SOAP_ENVELOPES = ("http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope")
METHOD = re.compile(r"virtual int (\w+)\((.*)\) SOAP_PURE_VIRTUAL;")
SERVE_FUNCTION = re.compile(r"^static int (serve_\w+)\(struct soap \*soap, \w+ \*service\)\n\{(.*?)\n\}",
                            re.S | re.M)
DISPATCH_FUNCTION = re.compile(r"^int \w+::dispatch\(struct soap\* ?soap\)\n\{(.*?)\n\}", re.S | re.M)
NEEDS_ACTION_DISPATCH = 3
FAULT_ELEMENTS = {f"{{{envelope}}}Fault" for envelope in SOAP_ENVELOPES}
NSMAP_ENTRY = re.compile(r'\{\s*"([^"]+)",\s*"([^"]*)"')


class GenerationProblem(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


class NeedsActionDispatch(Exception):
    pass


class Parameter:
    def __init__(self, text):
        self.text = text.strip()
        match = re.match(r"(.*?)(\w+)$", self.text, re.S)
        self.type, self.name = match.group(1).strip(), match.group(2)
        self.is_output = self.type.endswith("&") and not self.type.startswith("const ")


class Operation:
    """One method of the service class and how gSOAP writes its response.

    gSOAP writes the response either from the method's output argument itself or from a wrapper
    struct that holds it (doc/literal bare with a simple type); the sample is read into that
    same object, and `member` says where the output sits inside it.
    """

    def __init__(self, name, parameters):
        self.name = name
        self.parameters = parameters
        outputs = [p for p in parameters if p.is_output]
        self.response = outputs[-1] if outputs else None
        self.sample_type = None
        self.member = ""
        self.response_tag = None
        self.type_id = None
        self.sample = None
        self.fault = False
        self.empty_sample = False
        self.sample_action = None
        # (WSDL operation name, binding name) when no wsdl:port names the operation's binding:
        # it has no sample and answers a fault that says so.
        self.unserved = None
        # The SOAP_ENV__Header members of the sample response's header blocks, in its order.
        self.header_members = []

    @property
    def member_io(self):
        return self.type_id is None

    @property
    def response_element(self):
        """The tag of the Body's payload element, or None when gSOAP writes no wrapper."""
        return None if self.response_tag.startswith("-") else self.response_tag


def split_parameters(text):
    parameters, depth, current = [], 0, ""
    for char in text:
        depth += {"<": 1, ">": -1}.get(char, 0)
        if char == "," and depth == 0:
            parameters.append(current)
            current = ""
        else:
            current += char
    if current.strip() and current.strip() != "void":
        parameters.append(current)
    return [Parameter(p) for p in parameters]


class ServiceClass:
    """One service class soapcpp2 generated (one per binding namespace), and how it dispatches:
    `tests` are the dispatcher's checks in order, ("action" or "tag", value, serve function);
    `fallback` is the serve function a request no check matched goes to (an operation whose
    input has no parts, so no element to test), or None when such a request is SOAP_NO_METHOD."""

    def __init__(self, header):
        self.header = header
        text = open(header).read()
        self.class_name = re.search(r"class SOAP_CMAC (\w+) \{", text).group(1)
        self.operations = [Operation(m.group(1), split_parameters(m.group(2))) for m in METHOD.finditer(text)]
        self.source = open(header[:-2] + ".cpp").read()
        self.tests, self.fallback, self.dispatch_known = [], None, False

    @property
    def unit(self):
        return os.path.basename(self.header[:-2] + ".cpp")

    @property
    def binding(self):
        return self.class_name[:-len("Service")] if self.class_name.endswith("Service") else self.class_name


def find_services(src):
    headers = sorted(glob.glob(os.path.join(src, "soap*Service.h")))
    if not headers:
        raise GenerationProblem("error", "soapcpp2 generated no service class (no SOAP operations found)")
    return [ServiceClass(header) for header in headers]


def read_dispatch(service):
    """Reads the generated dispatch(struct soap*): its action and element tests and its fallback."""
    by_function = {}
    for function, body in SERVE_FUNCTION.findall(service.source):
        called = re.search(r"service->(\w+)\(", body)
        if called:
            by_function[function] = next((op for op in service.operations if op.name == called.group(1)), None)
    found = DISPATCH_FUNCTION.search(service.source)
    if not found:
        return
    body = found.group(1)
    for kind, value, function in re.findall(r'if \(!(strcmp\(soap->action|soap_match_tag\(soap, soap->tag), '
                                            r'"([^"]*)"\)\)\s*return (serve_\w+)\(soap, this\);', body):
        service.tests.append(("action" if kind.startswith("strcmp") else "tag", value, by_function.get(function)))
    last = re.search(r"\n\s*return (serve_\w+)\(soap, this\);\s*$", body)
    if last:
        service.fallback = by_function.get(last.group(1))
    elif not re.search(r"return soap->error = SOAP_NO_METHOD;\s*$", body):
        return
    service.dispatch_known = True


def read_response_writers(source, operations):
    """Finds, in each serve_ function, the object the response is written from and how."""
    by_name = {op.name: op for op in operations}
    for _, body in SERVE_FUNCTION.findall(source):
        called = re.search(r"service->(\w+)\((.*)\);", body)
        operation = by_name.get(called.group(1)) if called else None
        if operation is None or operation.response is None:
            continue
        output = called.group(2).split(",")[-1].strip()
        root, _, member = output.partition(".")
        declared = re.search(rf"^\s*(.+?) {re.escape(root)};", body, re.M)
        member_put = re.search(rf"\b{re.escape(root)}\.soap_put\(soap, \"([^\"]+)\"", body)
        free_put = re.search(rf"\bsoap_put_(\w+)\(soap, &{re.escape(root)}, \"([^\"]+)\"", body)
        if not declared or not (member_put or free_put):
            continue
        operation.sample_type, operation.member = declared.group(1), member
        if member_put:
            operation.response_tag = member_put.group(1)
        else:
            operation.type_id, operation.response_tag = free_put.group(1), free_put.group(2)
    for operation in operations:
        if operation.response is not None and operation.response_tag is None:
            raise GenerationProblem("unsupported", f"operation {operation.name}: cannot find how gSOAP "
                                    "writes its response in the generated service")


def read_namespaces(src):
    maps = glob.glob(os.path.join(src, "*.nsmap"))
    if not maps:
        raise GenerationProblem("error", "soapcpp2 generated no namespace table (.nsmap)")
    return os.path.basename(maps[0]), dict(NSMAP_ENTRY.findall(open(maps[0]).read()))


def read_samples(samples_dir):
    index_path = os.path.join(samples_dir, "index.json")
    try:
        index = json.load(open(index_path))
    except (OSError, ValueError) as e:
        raise GenerationProblem("error", f"cannot read {index_path}: {e}") from None
    samples = []
    for entry in index:
        if entry.get("oneWay") or not entry.get("response"):
            continue
        path = os.path.join(samples_dir, entry["response"])
        samples.append((entry["operation"], entry["response"], body_element(path), entry.get("soapAction"),
                        entry.get("headersIn") or [], entry.get("headersOut") or []))
    return samples


def body_element(path):
    """The tag of the SOAP Body's payload, or None for an empty Body (an output message without
    parts, which gSOAP writes as an empty Body too)."""
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as e:
        raise GenerationProblem("error", f"sample response {os.path.basename(path)}: {e}") from None
    for envelope in SOAP_ENVELOPES:
        body = root.find(f"{{{envelope}}}Body")
        if body is not None:
            return body[0].tag if len(body) else None
    raise GenerationProblem("error", f"sample response {os.path.basename(path)} has no SOAP Body")


def identifier(name):
    """The C identifier wsdl2h makes of an XML name (an NCName): `_` becomes `_USCORE`, `-` becomes
    `_`, `.` and every character outside ASCII letters and digits `_xHHHH`."""
    out = []
    for char in name:
        if char.isascii() and char.isalnum():
            out.append(char)
        elif char == "_":
            out.append("_USCORE")
        elif char == "-":
            out.append("_")
        else:
            out.append("_x%04x" % ord(char))
    return "".join(out)


def match_samples(operations, namespaces, samples, strict=True, binding=None, portless=None):
    """Pairs each operation with its sample: by operation name, else by the response element.

    With several service classes (strict=False), a sample found by name whose response is another
    element belongs to an operation of that name in another binding; an operation left without a
    sample answers a fault. So does an operation of a binding no port names (portless: {WSDL
    operation name: binding name}), which the samples never answer. Returns whether any operation
    of the class has a sample."""
    paired = False
    unserved = {identifier(name): (name, owner) for name, owner in (portless or {}).items()}
    for operation in operations:
        chosen = [s for s in samples if identifier(s[0]) == operation.name.rstrip("_")]
        if not chosen and operation.name.rstrip("_") in unserved:
            operation.unserved = unserved[operation.name.rstrip("_")]
            continue
        if operation.response is None:
            continue
        element = None
        if operation.response_element:
            prefix, _, local = operation.response_element.rpartition(":")
            element = f"{{{namespaces.get(prefix, '')}}}{local}" if prefix else local
            if not strict:
                chosen = [s for s in chosen if s[2] in (None, element) or s[2] in FAULT_ELEMENTS]
            chosen = chosen or [s for s in samples if s[2] == element]
        if not chosen and not strict:
            continue
        if not chosen:
            raise GenerationProblem("error", f"no sample response in index.json for operation "
                                    f"{operation.name}" + (f" (element {element})" if element else "")
                                    + (f" of binding {binding}" if binding else ""))
        paired = True
        operation.sample = chosen[0][1]
        operation.sample_action = chosen[0][3]
        operation.fault = chosen[0][2] in FAULT_ELEMENTS
        operation.empty_sample = chosen[0][2] is None
        operation.headers_in, operation.headers_out = chosen[0][4], chosen[0][5]
        if operation.empty_sample and operation.response_element:
            raise GenerationProblem("error", f"sample response {operation.sample} of operation {operation.name} "
                                    f"has an empty SOAP Body, but gSOAP answers with element "
                                    f"{operation.response_element}")
    return paired


def map_headers(chain, namespaces, src, bundle, entry):
    """Finds the SOAP_ENV__Header member of every header block an operation's samples carry. A
    block without one would be skipped by gSOAP's parser (in) or never written (out), so the
    build refuses the WSDL rather than measure without it."""
    with open(os.path.join(src, "soapC.cpp")) as soapc:
        by_block = header_members.members(soapc.read(), namespaces)
    for service in chain:
        for operation in service.operations:
            if operation.sample is None:
                continue
            for direction, blocks in (("input", operation.headers_in), ("output", operation.headers_out)):
                for block in blocks:
                    member = by_block.get(header_members.block_key(block))
                    if member is None:
                        name = operation.name.rstrip("_")
                        places = wsdl_places(bundle, entry, "operation", {name})
                        where = f", in {places[name]}" if name in places else ""
                        raise GenerationProblem("unsupported", f"{direction} SOAP header "
                                                f"{header_members.block_key(block)} of operation {name}{where}: "
                                                "gSOAP's generated SOAP_ENV__Header has no member for it")
                    if direction == "output":
                        operation.header_members.append(member)


def chain_order(services, bundle=None, entry=None):
    """The used service classes in the order Service tries them: a class whose dispatcher ends in a
    fallback (it takes every request it does not recognise) must come last, and only one can."""
    ordered = sorted(services, key=lambda s: s.fallback is not None)
    takers = [s for s in ordered if s.fallback is not None]
    if len(takers) > 1:
        places = wsdl_places(bundle, entry, "binding", {s.binding for s in takers})
        raise GenerationProblem("unsupported", "bindings " + " and ".join(
            s.binding + (f" ({places[s.binding]})" if s.binding in places else "") for s in takers)
            + " each have an operation whose request has no element (" + ", ".join(s.fallback.name for s in takers)
            + "), and gSOAP, which dispatches such a request to the operation its dispatcher falls back on, "
            "can serve one of them only")
    return ordered


def route(chain, action, tag):
    """The operation the chain's dispatchers give a request with this SOAP action and Body element
    (None: no element), as the generated code does: each dispatcher tests the action first (only
    with soapcpp2 -a), then the element, then takes its fallback, else answers SOAP_NO_METHOD and
    the next one is asked."""
    for service in chain:
        for kind, value, operation in service.tests:
            if kind == "action" and action is not None and value == action:
                return operation
        for kind, value, operation in service.tests:
            if kind == "tag" and tag is not None and value == tag:
                return operation
        if service.fallback is not None:
            return service.fallback
    return None


def unreachable(chain):
    """The operations with a sample whose sample request the chain's dispatchers give to another
    operation: two requests with the same element, or none, and no SOAP action to tell them apart."""
    if not all(service.dispatch_known for service in chain):
        return []
    lost = []
    for service in chain:
        for operation in service.operations:
            if operation.sample is None:
                continue
            tag = next((value for kind, value, op in service.tests if kind == "tag" and op is operation), None)
            taker = route(chain, operation.sample_action, tag)
            # Two bindings of one port type (SOAP 1.1 and 1.2) give one class the operation twice,
            # with one sample: either method answers it the same.
            if taker is not operation and (taker is None or taker.sample != operation.sample):
                lost.append((service, operation, tag, taker))
    return lost


def wsdl_places(bundle, entry, kind, names):
    """Where the bundle's WSDL declares each named binding, or binds each named operation
    (kind "binding" or "operation"): {name: file:line}, for a refusal."""
    if not bundle or not entry:
        return {}
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import check_bundle  # noqa: E402
    places = {}
    try:
        documents = check_bundle.read_bundle(bundle, entry)
    except check_bundle.BundleProblem:
        return {}
    for file_name, root in sorted(documents.items()):
        for binding in root.find(check_bundle.WSDL11, "binding"):
            elements = [binding] if kind == "binding" else binding.find(check_bundle.WSDL11, "operation")
            for element in elements:
                name = identifier(element.attrs.get("name", ""))
                if name in names and name not in places:
                    places[name] = f"{file_name}:{element.line}"
    return places


def check_dispatch(chain, action_dispatch, bundle, entry):
    lost = unreachable(chain)
    if not lost:
        return
    if not action_dispatch:
        raise NeedsActionDispatch()
    service, operation, tag, taker = lost[0]
    name = operation.name.rstrip("_")
    places = wsdl_places(bundle, entry, "operation", {name})
    where = f", in {places[name]}" if name in places else ""
    element = f"element {tag}" if tag else "no element (an input message without parts)"
    action = f'SOAP action "{operation.sample_action}"' if operation.sample_action else "no SOAP action"
    other = f"operation {taker.name.rstrip('_')}" if taker is not None else "no operation"
    raise GenerationProblem("unsupported", f"operation {name} of binding {service.binding}{where}: its request "
                            f"has {element} and {action}, and gSOAP, which dispatches on these, gives it to {other}")


# soapcpp2 names its files after the WSDL's binding and namespace prefix; an #include line takes
# no escapes, so a name is included only when it needs none.
INCLUDABLE = re.compile(r"[A-Za-z0-9_.\-]+\Z")


def include_name(path):
    name = os.path.basename(path)
    if not INCLUDABLE.match(name):
        raise GenerationProblem("unsupported", f"generated file name {name!r} (letters, digits, _ . - only)")
    return name


def input_mode(service_source):
    """gSOAP's input flags for the generated code: strings stay UTF-8 and, unless the binding uses
    SOAP encoding, an attribute named id is data (Region id="7"), not a multi-reference id."""
    encoded = re.search(r'soap->encodingStyle = "', service_source)
    return "SOAP_C_UTFSTRING" if encoded else "SOAP_C_UTFSTRING | SOAP_XML_TREE"


def render_header(chain, nsmap, mode):
    first = chain[0]
    includes = "".join(f'#include "{include_name(service.header)}"\n' for service in chain)
    if len(chain) == 1:
        definition = f"typedef {first.class_name} Service;\n"
    else:
        # soapcpp2 made one class per binding namespace; each dispatcher answers SOAP_NO_METHOD to a
        # request it does not know, so Service asks them in turn, all on the connection's context.
        others = chain[1:]
        members = "".join(f"    {s.class_name} binding_{i}_;\n" for i, s in enumerate(others, 1))
        initialisers = "".join(f", binding_{i}_(this->soap)" for i in range(1, len(chain)))
        tries = "".join(f"""        if (status == SOAP_NO_METHOD) {{
            soap->error = SOAP_OK;
            status = binding_{i}_.dispatch(soap);
        }}
""" for i in range(1, len(chain)))
        definition = f"""// The samples use operations of {len(chain)} bindings, and soapcpp2 made a service class for each:
// Service is the first, and dispatches a request its own operations do not take to the others,
// which share its soap context (and so the connection, the request and the answer).
class Service : public {first.class_name} {{
public:
    Service(soap_mode imode, soap_mode omode) : {first.class_name}(imode, omode){initialisers} {{}}
    virtual Service *copy()
    {{
        Service *dup = new Service(this->soap->imode, this->soap->omode);
        soap_done(dup->soap);
        soap_copy_context(dup->soap, this->soap);
        return dup;
    }}
    using {first.class_name}::dispatch;
    virtual int dispatch(struct soap *soap)
    {{
        int status = {first.class_name}::dispatch(soap);
{tries}        return status;
    }}
private:
{members}}};
"""
    return f"""// Generated by gen_impl.py from {", ".join(include_name(s.header) for s in chain)}.
#ifndef SOAPBENCH_SERVICE_H
#define SOAPBENCH_SERVICE_H
{includes}{definition}#define SERVICE_NSMAP {c_string(nsmap)}
#define SERVICE_INPUT_MODE ({mode})
#endif
"""


def render_method(service, index, operation):
    class_name = service.class_name
    parameters = ", ".join(p.text for p in operation.parameters)
    unused = "".join(f"    (void){p.name};\n" for p in operation.parameters if p is not operation.response)
    # gSOAP answers with whatever soap->header holds, by default the request's own header: only
    # the operation's output header blocks go back, in a copy the context frees after the answer
    # (soap_end clears soap->header only for memory it allocated).
    if operation.header_members and operation.sample is not None and not operation.fault:
        unused += (f"    soap->header = new (soap_malloc(soap, sizeof(struct SOAP_ENV__Header))) "
                   f"SOAP_ENV__Header(sample_header_{index});\n")
    else:
        unused += "    soap->header = NULL;\n"
    if operation.unserved is not None:
        if operation.response is not None:
            unused += f"    (void){operation.response.name};\n"
        reason = f"operation {operation.unserved[0]} of binding {operation.unserved[1]} is not served: " \
                 "no wsdl:port names its binding"
        action = f"    return soap_receiverfault({c_string(reason)}, NULL);\n"
    elif operation.response is None:
        action = "    return soap_send_empty_response(soap, SOAP_OK);\n"
    elif operation.sample is None:
        # Only with several bindings: an operation of a binding the samples use, but not this one.
        unused += f"    (void){operation.response.name};\n"
        reason = f"no sample response for operation {operation.name} of binding {service.binding}"
        action = f"    return soap_receiverfault({c_string(reason)}, NULL);\n"
    elif operation.fault:
        action = f"    return answer_with_sample_fault(soap, sample_{index});\n"
    else:
        source = f"sample_{index}" + (f".{operation.member}" if operation.member else "")
        action = f"    {operation.response.name} = {source};\n    return SOAP_OK;\n"
    return f"int {class_name}::{operation.name}({parameters})\n{{\n{unused}{action}}}\n"


def render_reader(index, operation):
    tag = c_string(operation.response_tag)
    variable = f"sample_{index}"
    if operation.fault:
        reset = f"soap_default_SOAP_ENV__Fault(s, &{variable});"
        read = f"soap_get_SOAP_ENV__Fault(s, &{variable}, \"SOAP-ENV:Fault\", NULL) != NULL"
    elif operation.empty_sample:
        # An output message without parts: gSOAP writes its empty response struct as an empty
        # Body, so there is nothing to read; the envelope is still read and checked.
        reset = (f"{variable}.soap_default(s);" if operation.member_io
                 else f"soap_default_{operation.type_id}(s, &{variable});")
        read = "true"
    elif operation.member_io:
        reset = f"{variable}.soap_default(s);"
        read = f"{variable}.soap_get(s, {tag}, NULL) != NULL"
    else:
        pointer = operation.type_id.startswith("PointerTo")
        reset = f"{variable} = NULL;" if pointer else f"soap_default_{operation.type_id}(s, &{variable});"
        read = f"soap_get_{operation.type_id}(s, &{variable}, {tag}, NULL) != NULL"
    if operation.header_members:
        # soap_recv_header has read the sample's Header into s->header; every block the index
        # names must have landed in its member, or the answer would silently lack it.
        present = " && ".join(f"sample_header_{index}.{m} != NULL" for m in operation.header_members)
        read = (f"({read}) && s->header != NULL && (sample_header_{index} = *s->header, true) && {present}")
    return (f"read_sample(ctx, dir + \"/\" + {c_string(operation.sample)}, "
            f"[](struct soap *s) {{ {reset} return {read}; }}, error)")


# fault_answer.h writes the fault without ending the keep-alive connection.
FAULT_ANSWER = """
int answer_with_sample_fault(struct soap *soap, const struct SOAP_ENV__Fault &sample)
{
    soap_fault(soap);
    *soap->fault = sample;
    return answer_with_fault(soap);
}
"""


def render_impl(chain):
    numbered = [(service, i, op) for i, (service, op) in
                enumerate((service, op) for service in chain for op in service.operations)]
    answered = [(service, i, op) for service, i, op in numbered if op.response is not None and op.sample is not None]
    samples = "".join(f"{'struct SOAP_ENV__Fault' if op.fault else op.sample_type} sample_{i};\n"
                      for _, i, op in answered)
    samples += "".join(f"struct SOAP_ENV__Header sample_header_{i};\n" for _, i, op in answered if op.header_members)
    if any(op.fault for _, _, op in answered):
        samples += FAULT_ANSWER
    methods = "\n".join(render_method(service, i, op) for service, i, op in numbered)
    readers = "\n        && ".join(render_reader(i, op) for _, i, op in answered)
    headers = ", ".join(include_name(service.header) for service in chain)
    return f"""// Generated by gen_impl.py from {headers}: every operation answers with its
// sample response, read into the generated type once at start-up.
#include <new>

#include "service.h"
#include "sample_reader.h"
#include "fault_answer.h"

namespace {{
{samples}}}

{methods}
bool load_samples(struct soap *ctx, const std::string &dir, std::string &error)
{{
    (void)ctx;
    (void)dir;
    (void)error;
    return {readers or "true"};
}}
"""


def used_services(services, namespaces, samples, portless):
    """The service classes the samples use, each operation paired with its sample."""
    if len(services) == 1:
        match_samples(services[0].operations, namespaces, samples, portless=portless)
        return services
    used = []
    for service in services:
        if match_samples(service.operations, namespaces, samples, strict=False, binding=service.binding,
                         portless=portless):
            used.append(service)
    if not used:
        raise GenerationProblem("error", "no operation of the generated service classes ("
                                + ", ".join(s.class_name for s in services) + ") has a sample response")
    return used


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--src", required=True)
    parser.add_argument("--samples")
    parser.add_argument("--bundle")
    parser.add_argument("--entry")
    parser.add_argument("--action-dispatch", action="store_true")
    parser.add_argument("--header-only", action="store_true")
    args = parser.parse_args()
    try:
        services = find_services(args.src)
        nsmap, namespaces = read_namespaces(args.src)
        if args.header_only:
            if len(services) > 1:
                names = ", ".join(s.class_name for s in services)
                raise GenerationProblem("unsupported", f"several service classes ({names}): a catalog "
                                        "implementation implements one")
            chain = services
        else:
            for service in services:
                read_response_writers(service.source, service.operations)
                read_dispatch(service)
            try:
                portless = portless_bindings.portless_operations(args.bundle, args.entry) if args.bundle else {}
            except portless_bindings.check_bundle.BundleProblem as problem:
                raise GenerationProblem(problem.kind, str(problem)) from None
            used = used_services(services, namespaces, read_samples(args.samples), portless)
            chain = chain_order(used, args.bundle, args.entry)
            check_dispatch(chain, args.action_dispatch, args.bundle, args.entry)
            map_headers(chain, namespaces, args.src, args.bundle, args.entry)
        with open(os.path.join(args.src, "service.h"), "w") as out:
            out.write(render_header(chain, nsmap, input_mode("".join(s.source for s in chain))))
        if not args.header_only:
            with open(os.path.join(args.src, "impl.cpp"), "w") as out:
                out.write(render_impl(chain))
        with open(os.path.join(args.src, "service_units.txt"), "w") as out:
            out.write("".join(f"{include_name(service.unit)}\n" for service in chain))
    except NeedsActionDispatch:
        print("two operations' requests have the same Body element (or none): "
              "soapcpp2 must dispatch on the SOAP action (-a)")
        return NEEDS_ACTION_DISPATCH
    except GenerationProblem as problem:
        print(f"{problem.kind}: {problem}", file=sys.stderr)
        return 1
    names = ", ".join(f"{s.class_name} ({len(s.operations)} operation(s))" for s in chain)
    print(f"service class{'es' if len(chain) > 1 else ''} {names}"
          + ("" if args.header_only else ", glue written to impl.cpp"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
