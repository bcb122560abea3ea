"""The operations of bindings that no wsdl:port names, in the build's copy of the bundle.

Real WSDLs (ONVIF's devicemgmt.wsdl among them) declare bindings no port serves. wsdl2h and
soapcpp2 still give their operations methods of a service class (one class per binding
namespace, so often the class of the port's binding), while the samples, made for the port's
binding, answer none of them. gen_impl.py has such an operation answer a SOAP fault that says why,
rather than refuse the build for want of its sample.
"""
import os

import check_bundle
import xml_walk

WSDL11 = check_bundle.WSDL11


def read_bindings(path):
    """What one WSDL document declares: ({(namespace, binding name): [operation names]},
    {(namespace, binding name) a port names})."""
    bindings, named = {}, set()
    state = {"namespace": "", "binding": None}

    def start(walk, element, attrs):
        parent = walk.ancestor(1)
        if element == (WSDL11, "definitions") and parent is None:
            state["namespace"] = attrs.get("targetNamespace", "")
        elif element == (WSDL11, "binding") and parent == (WSDL11, "definitions"):
            state["binding"] = bindings.setdefault((state["namespace"], attrs.get("name", "")), [])
        elif element == (WSDL11, "operation") and parent == (WSDL11, "binding"):
            state["binding"].append(attrs.get("name", ""))
        elif element == (WSDL11, "port") and parent == (WSDL11, "service") and attrs.get("binding"):
            named.add(walk.qname(attrs["binding"]))

    xml_walk.walk(path, start)
    return bindings, named


def portless_operations(bundle, entry):
    """{operation name: binding name} for every operation of a binding no port of the bundle
    names; a name that a port's binding also has is left out, since its requests are served.
    Raises check_bundle.BundleProblem as check_bundle.read_bundle does."""
    bindings, named = {}, set()
    for name in sorted(check_bundle.read_bundle(bundle, entry)):
        declared, ports = read_bindings(os.path.join(os.path.realpath(bundle), name))
        for key, operations in declared.items():
            bindings.setdefault(key, operations)
        named |= ports
    served = {operation for key in named for operation in bindings.get(key, [])}
    portless = {}
    for key, operations in sorted(bindings.items()):
        if key in named:
            continue
        for operation in operations:
            if operation not in served:
                portless.setdefault(operation, key[1])
    return portless
