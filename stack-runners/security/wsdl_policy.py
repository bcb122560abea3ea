"""WS-SecurityPolicy in a build's copy of the user's WSDL, for every stack that reads its policy
from the WSDL (CXF, Metro, Axis2/Rampart): find the binding of the served port, insert the mode's
policy as a child of wsdl:definitions and a wsp:PolicyReference to it as the first child of that
binding (stack-runners/security/README.md, "For a runner").

The WSDL copy is the user's: it is edited as bytes, at offsets expat reports, so nothing else in
it changes (prefixes in QName values stay bound); the inserted text is the caller's (the policy
file, possibly with stack-specific assertions, and an element naming its id) and carries its own
namespace declarations. A DOCTYPE is refused, and so is a WSDL that already uses the policy's id.
Files are replaced, never written in place: a cached build's files are hard links into the cache.

Imported by a stack's own script (e.g. stack-runners/cxf/secure-build), which adds what its stack
needs beside the policy (key stores, settings files).
"""
import os
import tempfile
import xml.parsers.expat
from xml.sax.saxutils import quoteattr

WSDL_NS = "http://schemas.xmlsoap.org/wsdl/"
WSP_NS = "http://www.w3.org/ns/ws-policy"
WSU_NS = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd"
SEP = "\x1f"  # expat's namespace separator: a character no URI or name contains


class Refusal(Exception):
    """A mode this build cannot honour; the message follows `unsupported: ` or `error: `."""

    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


def pki_dir(security_dir, profile, stores):
    """The PKI folder, every named store present; a runner never makes keys itself."""
    pki = security_dir / "pki"
    for store in stores:
        if not (pki / profile["pki"]["files"][store]).is_file():
            raise Refusal("error", f"the test PKI is missing ({pki / profile['pki']['files'][store]}): "
                                   "run make -C stack-runners/security build")
    return pki


def secured_mode(profile, mode_name):
    """The profile's mode, refused when it is plain or unknown (nothing to secure)."""
    mode = profile["modes"].get(mode_name)
    if mode_name == "plain" or mode is None or not mode.get("policy"):
        raise Refusal("unsupported", f"security mode {mode_name} (the profile has none such)")
    return mode


def insert_policy(out, wsdl_dir, policy_id, policy_text):
    """Puts policy_text (a wsp:Policy with wsu:Id policy_id) into every WSDL file under
    out/wsdl_dir that holds the binding of the port endpoint.properties serves, and a reference to
    it first in that binding. Returns the binding (namespace, name) and the number of files edited."""
    endpoint = read_properties(out / "endpoint.properties")
    wsdl = out / endpoint["wsdl"]
    service, port = qname(endpoint["service"]), qname(endpoint["port"])
    binding = served_binding(wsdl, service, port)
    files = [f for f in sorted((out / wsdl_dir).rglob("*")) if f.is_file() and not f.is_symlink()]
    secured = 0
    for f in files:
        edits = policy_edits(f, binding, policy_id, policy_text)
        if edits:
            replace_bytes(f, apply_edits(f.read_bytes(), edits))
            secured += 1
    if secured == 0:
        raise Refusal("error", f"the binding {{{binding[0]}}}{binding[1]} of port {port[1]} is in no WSDL file of the build")
    return binding, secured


def name_mode(endpoint_file, mode_name):
    """endpoint.properties gets security=MODE (replacing an earlier one)."""
    lines = [line for line in endpoint_file.read_text(encoding="iso-8859-1").splitlines() if not line.startswith("security=")]
    replace_bytes(endpoint_file, ("\n".join(lines + [f"security={mode_name}"]) + "\n").encode("iso-8859-1"))


def policy_element(path):
    """The policy file's root element as text (its XML declaration and comments left out)."""
    data = path.read_bytes()
    spans = []
    parser = xml.parsers.expat.ParserCreate()
    parser.StartElementHandler = lambda name, attrs: spans.append(parser.CurrentByteIndex) if not spans else None
    parser.Parse(data, True)
    return data[spans[0]:].decode("utf-8").rstrip()


def served_binding(wsdl, service, port):
    """(namespace, name) of the binding the served port names, read from the entry WSDL."""
    found = []
    # In-scope namespace declarations per open element; those of the next element wait in pending.
    scopes, pending = [], {}
    state = {"tns": None, "service": False}
    parser = new_parser()

    def start_ns(prefix, uri):
        pending[prefix or ""] = uri

    def start(name, attrs):
        scope = dict(scopes[-1]) if scopes else {}
        scope.update(pending)
        pending.clear()
        scopes.append(scope)
        if name == WSDL_NS + SEP + "definitions":
            state["tns"] = attrs.get("targetNamespace", "")
        elif name == WSDL_NS + SEP + "service":
            state["service"] = (state["tns"], attrs.get("name")) == service
        elif name == WSDL_NS + SEP + "port" and state["service"] and attrs.get("name") == port[1]:
            value = attrs.get("binding", "")
            prefix, _, local = value.rpartition(":")
            if prefix and prefix not in scope:
                raise Refusal("error", f"port {port[1]}: binding {value!r} has an undeclared prefix")
            found.append((scope.get(prefix, ""), local))

    def end(name):
        scopes.pop()
        if name == WSDL_NS + SEP + "service":
            state["service"] = False

    parser.StartNamespaceDeclHandler = start_ns
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parse(parser, wsdl)
    if not found:
        raise Refusal("error", f"{wsdl.name}: no port {port[1]} in service {service[1]}")
    return found[0]


def policy_edits(path, binding, policy_id, policy_text):
    """The insertions into one WSDL file that holds the binding: (offset, bytes, end-of-tag?)."""
    data = path.read_bytes()
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") or data[:4] in (b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00"):
        return []  # not ASCII-compatible; such a file holds no binding of ours (refused below if it did)
    info = {"tns": None, "binding_at": None, "definitions_end": None, "self_closing": None, "ids": set()}
    parser = new_parser()

    def start(name, attrs):
        if name == WSDL_NS + SEP + "definitions" and info["tns"] is None:
            info["tns"] = attrs.get("targetNamespace", "")
        elif name == WSDL_NS + SEP + "binding" and (info["tns"], attrs.get("name")) == binding:
            info["binding_at"] = parser.CurrentByteIndex
            info["binding_line"] = parser.CurrentLineNumber
        for key, value in attrs.items():
            if key == WSU_NS + SEP + "Id" or key == "Id":
                info["ids"].add(value)

    def end(name):
        if name == WSDL_NS + SEP + "definitions":
            info["definitions_end"] = parser.CurrentByteIndex

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parse(parser, path)
    except Refusal as refusal:
        if refusal.kind != "error":
            raise
        return []  # not XML: not a WSDL file of this binding (the build's preflight read the ones it uses)
    if info["binding_at"] is None:
        return []
    where = f"{path.name}:{info['binding_line']}"
    if policy_id in info["ids"]:
        raise Refusal("unsupported", f"the WSDL already has an element with Id {policy_id}, the security policy's id, in {path.name}")
    tag_end = start_tag_end(data, info["binding_at"])
    if data[tag_end - 1:tag_end] == b"/":
        raise Refusal("unsupported", f"binding {binding[1]} is empty (no operations to secure), in {where}")
    reference = f'<wsp:PolicyReference xmlns:wsp="{WSP_NS}" URI={quoteattr("#" + policy_id)}/>'
    return [(tag_end + 1, reference.encode("ascii")), (info["definitions_end"], (policy_text + "\n").encode("ascii"))]


def start_tag_end(data, at):
    """The offset of the '>' closing the start tag that begins at `at` (quotes may hold '>')."""
    quote = None
    for i in range(at, len(data)):
        c = data[i:i + 1]
        if quote:
            if c == quote:
                quote = None
        elif c in (b'"', b"'"):
            quote = c
        elif c == b">":
            return i
    raise Refusal("error", "unterminated start tag")


def apply_edits(data, edits):
    for offset, text in sorted(edits, key=lambda e: e[0], reverse=True):
        data = data[:offset] + text + data[offset:]
    return data


def new_parser():
    parser = xml.parsers.expat.ParserCreate(namespace_separator=SEP)

    def refuse_doctype(*_):
        raise Refusal("unsupported", "a DOCTYPE in a WSDL file")

    parser.StartDoctypeDeclHandler = refuse_doctype
    return parser


def parse(parser, path):
    try:
        with open(path, "rb") as f:
            parser.ParseFile(f)
    except xml.parsers.expat.ExpatError as e:
        raise Refusal("error", f"{path.name}:{e.lineno}: {xml.parsers.expat.ErrorString(e.code)}")


def parse_bytes(parser, data, what):
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as e:
        raise Refusal("error", f"{what}:{e.lineno}: {xml.parsers.expat.ErrorString(e.code)}")


def qname(text):
    """(namespace, local) from Java's QName.toString form {ns}local."""
    if text.startswith("{"):
        ns, _, local = text[1:].partition("}")
        return ns, local
    return "", text


def read_properties(path):
    """A java.util.Properties file as Properties.store writes it (key=value, backslash escapes)."""
    result = {}
    for line in path.read_text(encoding="iso-8859-1").splitlines():
        if not line.strip() or line.lstrip().startswith(("#", "!")):
            continue
        key, value, i = [], [], 0
        target = key
        while i < len(line):
            c = line[i]
            if c == "\\" and i + 1 < len(line):
                nxt = line[i + 1]
                if nxt == "u" and i + 6 <= len(line):
                    target.append(chr(int(line[i + 2:i + 6], 16)))
                    i += 6
                    continue
                target.append({"t": "\t", "n": "\n", "r": "\r", "f": "\f"}.get(nxt, nxt))
                i += 2
                continue
            if target is key and c in "=:":
                target = value
            else:
                target.append(c)
            i += 1
        result["".join(key).strip()] = "".join(value)
    return result


def properties_text(settings):
    """Properties.load-readable text; values are escaped though they are the profile's own."""
    def escape(text, key):
        out = []
        for i, c in enumerate(text):
            # Properties.load ends a key at a space and drops a value's leading spaces.
            if c in "\\=:#!" or (c == " " and (key or i == 0)):
                out.append("\\" + c)
            elif ord(c) < 0x20 or ord(c) > 0x7e:
                out.append(f"\\u{ord(c):04x}")
            else:
                out.append(c)
        return "".join(out)
    return "".join(f"{escape(k, True)}={escape(v, False)}\n" for k, v in settings.items())


def replace_bytes(path, data):
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".secure-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
