#!/usr/bin/env python3
"""Generates the glue between soapcpp2's service class and the gSOAP server.

Reads what soapcpp2 wrote (the service class header lists the operations, the
service .cpp shows how each response element is written, the .nsmap binds the
prefixes) and writes:

  service.h   includes the service class and names it `Service` for server_main.cpp
  impl.cpp    (generic mode) one method per operation that copies the operation's
              sample response, read into the generated type at start-up by
              load_samples(), into the response object gSOAP serialises

Usage: gen_impl.py --src DIR --samples DIR [--header-only]
Exit 0, or 1 with one line on stderr starting `error: ` or `unsupported: `.
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

SOAP_ENVELOPES = ("http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope")
METHOD = re.compile(r"virtual int (\w+)\((.*)\) SOAP_PURE_VIRTUAL;")
SERVE_FUNCTION = re.compile(r"^static int serve_\w+\(struct soap \*soap, \w+ \*service\)\n\{(.*?)\n\}",
                            re.S | re.M)
FAULT_ELEMENTS = {f"{{{envelope}}}Fault" for envelope in SOAP_ENVELOPES}
NSMAP_ENTRY = re.compile(r'\{\s*"([^"]+)",\s*"([^"]*)"')


class GenerationProblem(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


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


def find_service(src):
    headers = sorted(glob.glob(os.path.join(src, "soap*Service.h")))
    if not headers:
        raise GenerationProblem("error", "soapcpp2 generated no service class (no SOAP operations found)")
    if len(headers) > 1:
        names = ", ".join(os.path.basename(h)[4:-2] for h in headers)
        raise GenerationProblem("unsupported", f"several service classes ({names}): the WSDL's operations "
                                "span more than one namespace or service; this runner serves one")
    header = headers[0]
    text = open(header).read()
    class_name = re.search(r"class SOAP_CMAC (\w+) \{", text).group(1)
    operations = [Operation(m.group(1), split_parameters(m.group(2))) for m in METHOD.finditer(text)]
    return header, class_name, operations


def read_response_writers(source, operations):
    """Finds, in each serve_ function, the object the response is written from and how."""
    by_name = {op.name: op for op in operations}
    for body in SERVE_FUNCTION.findall(source):
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
        samples.append((entry["operation"], entry["response"], body_element(path)))
    return samples


def body_element(path):
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as e:
        raise GenerationProblem("error", f"sample response {os.path.basename(path)}: {e}") from None
    for envelope in SOAP_ENVELOPES:
        body = root.find(f"{{{envelope}}}Body")
        if body is not None and len(body):
            return body[0].tag
    raise GenerationProblem("error", f"sample response {os.path.basename(path)} has no SOAP Body payload")


def identifier(name):
    return re.sub(r"\W", "_", name)


def match_samples(operations, namespaces, samples):
    """Pairs each operation with its sample: by operation name, else by the response element."""
    for operation in operations:
        if operation.response is None:
            continue
        chosen = [s for s in samples if identifier(s[0]) == operation.name.rstrip("_")]
        element = None
        if operation.response_element:
            prefix, _, local = operation.response_element.rpartition(":")
            element = f"{{{namespaces.get(prefix, '')}}}{local}" if prefix else local
            chosen = chosen or [s for s in samples if s[2] == element]
        if not chosen:
            raise GenerationProblem("error", f"no sample response in index.json for operation "
                                    f"{operation.name}" + (f" (element {element})" if element else ""))
        operation.sample = chosen[0][1]
        operation.fault = chosen[0][2] in FAULT_ELEMENTS


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


def render_header(header, class_name, nsmap, mode):
    return f"""// Generated by gen_impl.py from {include_name(header)}.
#ifndef SOAPBENCH_SERVICE_H
#define SOAPBENCH_SERVICE_H
#include "{include_name(header)}"
typedef {class_name} Service;
#define SERVICE_NSMAP {c_string(nsmap)}
#define SERVICE_INPUT_MODE ({mode})
#endif
"""


def render_method(class_name, index, operation):
    parameters = ", ".join(p.text for p in operation.parameters)
    unused = "".join(f"    (void){p.name};\n" for p in operation.parameters if p is not operation.response)
    if operation.response is None:
        action = "    return soap_send_empty_response(soap, SOAP_OK);\n"
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
    elif operation.member_io:
        reset = f"{variable}.soap_default(s);"
        read = f"{variable}.soap_get(s, {tag}, NULL) != NULL"
    else:
        pointer = operation.type_id.startswith("PointerTo")
        reset = f"{variable} = NULL;" if pointer else f"soap_default_{operation.type_id}(s, &{variable});"
        read = f"soap_get_{operation.type_id}(s, &{variable}, {tag}, NULL) != NULL"
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


def render_impl(header, class_name, operations):
    answered = [op for op in operations if op.response is not None]
    samples = "".join(f"{'struct SOAP_ENV__Fault' if op.fault else op.sample_type} sample_{i};\n"
                      for i, op in enumerate(operations) if op in answered)
    if any(op.fault for op in answered):
        samples += FAULT_ANSWER
    methods = "\n".join(render_method(class_name, i, op) for i, op in enumerate(operations))
    readers = "\n        && ".join(render_reader(i, op) for i, op in enumerate(operations) if op in answered)
    return f"""// Generated by gen_impl.py from {include_name(header)}: every operation answers with its
// sample response, read into the generated type once at start-up.
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--src", required=True)
    parser.add_argument("--samples")
    parser.add_argument("--header-only", action="store_true")
    args = parser.parse_args()
    try:
        header, class_name, operations = find_service(args.src)
        nsmap, namespaces = read_namespaces(args.src)
        with open(os.path.join(args.src, "service.h"), "w") as out:
            service_source = open(header[:-2] + ".cpp").read()
            out.write(render_header(header, class_name, nsmap, input_mode(service_source)))
        if not args.header_only:
            read_response_writers(open(header[:-2] + ".cpp").read(), operations)
            match_samples(operations, namespaces, read_samples(args.samples))
            with open(os.path.join(args.src, "impl.cpp"), "w") as out:
                out.write(render_impl(header, class_name, operations))
    except GenerationProblem as problem:
        print(f"{problem.kind}: {problem}", file=sys.stderr)
        return 1
    print(f"service class {class_name}: {len(operations)} operation(s)"
          + ("" if args.header_only else f", glue written to impl.cpp"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
