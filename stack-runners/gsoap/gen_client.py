#!/usr/bin/env python3
"""Generates the operation table of the native client from soapcpp2's output.

The proxy class (soap<Binding>Proxy.h, from soapcpp2 without -S) sends requests; the service's
serve_ functions show, for each operation, which generated type holds the request, how gSOAP
reads it and which arguments the operation takes. client_ops.cpp reuses exactly that: a request
envelope is read into the same type with the same soap_get_ reader, and its members are passed
to the proxy method the way the dispatcher passes them to the service, with the envelope's SOAP
header blocks (read into the generated SOAP_ENV__Header) set on the context for every request. When the server serves
several bindings (gen_impl.py lists their service classes in service_units.txt), the client has
the proxy of each, all on one soap context and so one connection.

Usage: gen_client.py --src DIR
Exit 0, or 1 with one line on stderr starting `error: ` or `unsupported: `.
"""
import argparse
import glob
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "toolset"))
from source_literals import c_string  # noqa: E402

SERVE_FUNCTION = re.compile(r"^static int serve_\w+\(struct soap \*soap, \w+ \*service\)\n\{(.*?)\n\}",
                            re.S | re.M)
PROXY_CLASS = re.compile(r"class SOAP_CMAC (\w+) \{")
SEND_FUNCTION = re.compile(r"^int \w+::send_(\w+)\(const char \*soap_endpoint_url, const char \*soap_action"
                           r"[^\n]*\n\{(.*?)\n\}", re.S | re.M)


class GenerationProblem(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


class ClientOperation:
    def __init__(self, name, request_type, request_var, reader, tag, xsd_type, arguments, outputs):
        self.name = name
        self.request_type = request_type
        self.request_var = request_var
        self.reader = reader
        self.tag = tag
        self.xsd_type = xsd_type
        self.arguments = arguments
        self.outputs = outputs
        self.soap_action = None
        self.proxy = 0


def service_units(src):
    """The service classes' sources the server is built from (gen_impl.py's service_units.txt)."""
    listed = os.path.join(src, "service_units.txt")
    if os.path.isfile(listed):
        units = [os.path.join(src, line.strip()) for line in open(listed) if line.strip()]
    else:
        units = sorted(glob.glob(os.path.join(src, "soap*Service.cpp")))
    if not units:
        raise GenerationProblem("error", "soapcpp2 generated no service class")
    return units


def find_proxy(service_unit):
    """The proxy class soapcpp2 generated for the binding of a service class."""
    header = re.sub(r"Service\.cpp$", "Proxy.h", service_unit)
    if not os.path.isfile(header):
        raise GenerationProblem("error", f"soapcpp2 generated no proxy class {os.path.basename(header)} for the client")
    return header, PROXY_CLASS.search(open(header).read()).group(1)


def find_namespace_table(src):
    tables = sorted(glob.glob(os.path.join(src, "*.nsmap")))
    if not tables:
        raise GenerationProblem("error", "soapcpp2 generated no namespace table (.nsmap)")
    return os.path.basename(tables[0])


def read_dispatchers(service_source):
    operations = []
    for body in SERVE_FUNCTION.findall(service_source):
        request = re.search(r"^\s*struct (\w+) (soap_tmp_\w+);", body, re.M)
        reader = re.search(r"soap_get_(\w+)\(soap, &(soap_tmp_\w+), \"([^\"]+)\", ([^)]+)\)", body)
        called = re.search(r"service->(\w+)\((.*)\);", body)
        if not (request and called):
            raise GenerationProblem("unsupported", "cannot read a request dispatcher in the generated service")
        arguments = [a.strip() for a in called.group(2).split(",")] if called.group(2).strip() else []
        request_var = request.group(2)
        outputs = []
        for argument in arguments:
            root = argument.partition(".")[0]
            if root == request_var or root in (name for _, name in outputs):
                continue
            declared = re.search(rf"^\s*(.+?) {re.escape(root)};", body, re.M)
            if not declared:
                raise GenerationProblem("unsupported", f"operation {called.group(1)}: cannot find the "
                                        f"type of argument {argument} in the generated service")
            outputs.append((declared.group(1), root))
        if reader is None:
            # An input message without parts: the request's Body is empty, nothing is read.
            if any(a.partition(".")[0] == request_var for a in arguments):
                raise GenerationProblem("unsupported", f"operation {called.group(1)}: the generated service "
                                        "passes a request it never reads")
            operations.append(ClientOperation(called.group(1), request.group(1), request_var, None, None, None,
                                              arguments, outputs))
            continue
        if not TYPE_ARGUMENT.match(reader.group(4).strip()):
            raise GenerationProblem("unsupported", f"operation {called.group(1)}: unexpected type argument "
                                    f"{reader.group(4)!r} in the generated service")
        operations.append(ClientOperation(called.group(1), request.group(1), request_var, reader.group(1),
                                          reader.group(3), reader.group(4).strip(), arguments, outputs))
    if not operations:
        raise GenerationProblem("error", "the generated service dispatches no operation")
    return operations


def read_soap_actions(proxy_source, operations):
    actions = {}
    for name, body in SEND_FUNCTION.findall(proxy_source):
        found = re.search(r"soap_action = \"([^\"]*)\";", body)
        action = found.group(1) if found else ""
        if "\\" in action or "??" in action:
            # soapcpp2 wrote it as a C literal: with escapes or trigraphs in it, its text is not its value.
            raise GenerationProblem("error", f"operation {name}: the SOAP action {action!r} needs C escapes")
        actions[name] = action
    for operation in operations:
        if operation.name not in actions:
            raise GenerationProblem("unsupported", f"operation {operation.name}: the proxy class has no "
                                    f"send_{operation.name}")
        operation.soap_action = actions[operation.name]


# soapcpp2 names its files after the WSDL's binding and namespace prefix; an #include line takes
# no escapes, so a name is included only when it needs none.
INCLUDABLE = re.compile(r"[A-Za-z0-9_.\-]+\Z")
# The type argument of a generated soap_get_ call, copied as code: a plain literal or NULL.
TYPE_ARGUMENT = re.compile(r'NULL\Z|"[^"\\?]*"\Z')


def include_name(path):
    name = os.path.basename(path)
    if not INCLUDABLE.match(name):
        raise GenerationProblem("unsupported", f"generated file name {name!r} (letters, digits, _ . - only)")
    return name


def input_mode(generated_source):
    """gSOAP's input flags for the generated code: strings stay UTF-8 and, unless the binding uses
    SOAP encoding, an attribute named id is data (Region id="7"), not a multi-reference id."""
    encoded = re.search(r'soap->encodingStyle = "', generated_source)
    return "SOAP_C_UTFSTRING" if encoded else "SOAP_C_UTFSTRING | SOAP_XML_TREE"


def render(proxies, nsmap, operations, mode):
    (header, class_name), others = proxies[0], proxies[1:]
    includes = "".join(f'#include "{include_name(h)}"\n' for h, _ in proxies)
    # The other bindings' proxies share the first one's context, and so its kept-alive connection.
    members = "".join(f"    {name} binding_{i};\n" for i, (_, name) in enumerate(others, 1))
    initialisers = "".join(f", binding_{i}(this->soap)" for i in range(1, len(proxies)))
    parts = [f"""// Generated by gen_client.py from {", ".join(include_name(h) for h, _ in proxies)}: the native
// client's table of operations; requests are read into the generated types and sent through the
// proxy class of the operation's binding.
{includes}#include "{include_name(nsmap)}"
#include "client_ops.h"
#include "sample_reader.h"

class ClientProxy : public {class_name} {{
public:
    ClientProxy() : {class_name}(SOAP_IO_KEEPALIVE | {mode}, SOAP_IO_KEEPALIVE | SOAP_C_UTFSTRING){initialisers} {{}}
{members}}};

const int client_input_mode = {mode};

ClientProxy *new_client_proxy()
{{
    return new ClientProxy();
}}

void delete_client_proxy(ClientProxy *proxy)
{{
    delete proxy;
}}

struct soap *proxy_context(ClientProxy &proxy)
{{
    return proxy.soap;
}}

void release_response(ClientProxy &proxy)
{{
    proxy.destroy();
}}

namespace {{

// A request as read from its sample: the Body's generated type and the Header's blocks (NULL
// without any), both owned by the reading context.
struct SampleRequest {{
    void *body;
    struct SOAP_ENV__Header *header;
}};
"""]
    for index, op in enumerate(operations):
        arguments = ["(*typed)" + a[len(op.request_var):] if a.partition(".")[0] == op.request_var else a
                     for a in op.arguments]
        declarations = "".join(f"    {decl} {name};\n" for decl, name in op.outputs)
        # An empty request Body (an input message without parts) is read as an envelope only.
        payload = ("true" if op.reader is None else
                   f"soap_get_{op.reader}(s, static_cast<struct {op.request_type} *>(s->user), "
                   f"{c_string(op.tag)}, {op.xsd_type}) != NULL")
        parts.append(f"""
void *read_{index}(struct soap *ctx, const std::string &path, std::string &error)
{{
    struct {op.request_type} *request = soap_new_{op.request_type}(ctx);
    SampleRequest *sample = static_cast<SampleRequest *>(soap_malloc(ctx, sizeof(SampleRequest)));
    if (request == NULL || sample == NULL) {{
        error = "out of memory reading " + path;
        return nullptr;
    }}
    soap_default_{op.request_type}(ctx, request);
    ctx->user = request;
    // gSOAP reads a Header into the struct soap->header points at: start each sample afresh so
    // that one sample's header blocks never land in another's.
    ctx->header = NULL;
    bool ok = read_sample(ctx, path, [](struct soap *s) {{
        return {payload};
    }}, error);
    ctx->user = NULL;
    sample->body = request;
    sample->header = ctx->header;
    ctx->header = NULL;
    return ok ? sample : nullptr;
}}

int send_{index}(ClientProxy &proxy, const char *endpoint, void *request)
{{
    SampleRequest *sample = static_cast<SampleRequest *>(request);
    struct {op.request_type} *typed = static_cast<struct {op.request_type} *>(sample->body);
    // The sample's header blocks go with every request; the last answer's header is dropped.
    proxy_context(proxy)->header = sample->header;
{declarations}    return proxy.{f"binding_{op.proxy}." if op.proxy else ""}{op.name}({", ".join(["endpoint", "NULL"] + arguments)});
}}
""")
    rows = ",\n".join(f"    {{{c_string(op.name)}, {c_string(op.soap_action)}, read_{i}, send_{i}}}"
                      for i, op in enumerate(operations))
    parts.append(f"""
}}

const ClientOperation client_operations[] = {{
{rows}
}};
const int client_operation_count = {len(operations)};
""")
    return "".join(parts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--src", required=True)
    args = parser.parse_args()
    try:
        proxies, operations, proxy_sources = [], [], ""
        for index, unit in enumerate(service_units(args.src)):
            header, class_name = find_proxy(unit)
            proxies.append((header, class_name))
            found = read_dispatchers(open(unit).read())
            source = open(header[:-2] + ".cpp").read()
            read_soap_actions(source, found)
            for operation in found:
                operation.proxy = index
            operations += found
            proxy_sources += source
        with open(os.path.join(args.src, "client_ops.cpp"), "w") as out:
            out.write(render(proxies, find_namespace_table(args.src), operations, input_mode(proxy_sources)))
    except GenerationProblem as problem:
        print(f"{problem.kind}: {problem}", file=sys.stderr)
        return 1
    names = ", ".join(name for _, name in proxies)
    print(f"client prox{'ies' if len(proxies) > 1 else 'y'} {names}: {len(operations)} operation(s), "
          "table written to client_ops.cpp")
    return 0


if __name__ == "__main__":
    sys.exit(main())
