"""One expat pass over an XML file, shared by the helpers that read the build's WSDL bundle
(check_bundle.py, rpc_body_namespaces.py, header_body_parts.py).

The parser is set up the same way for all of them: namespaces split from local names, and DTD
parameter entities never read, so a document cannot make the build fetch or expand an external
one. The callbacks see the open elements as (namespace URI, local name) pairs, where the start
tag is (line, byte offset: the insertions of with_attributes keep every line in place), and can
resolve a QName attribute value against the prefixes in scope there.
"""
import xml.parsers.expat


class Walk:
    """Where the walk is when a callback runs."""

    def __init__(self, parser):
        self._parser = parser
        self.open = []            # the open elements, outermost first; the current one last
        self._scopes = [{}]       # prefix (None for the default) -> namespace URI, per open element
        self._declared = {}       # declarations on the start tag about to open

    @property
    def line(self):
        return self._parser.CurrentLineNumber

    @property
    def byte_index(self):
        return self._parser.CurrentByteIndex

    def ancestor(self, levels):
        """The open element `levels` above the current one (1: its parent), or None."""
        return self.open[-1 - levels] if len(self.open) > levels else None

    def qname(self, value):
        """A QName attribute value ("tns:In", "In") as (namespace URI, local name), by the
        prefixes in scope at the current element; an unknown prefix gives the URI ""."""
        prefix, _, local = (value or "").rpartition(":")
        return (self._scopes[-1].get(prefix or None, ""), local)


def walk(path, start, end=None):
    """Reads the XML file at path, calling start(walk, element, attrs) when an element opens
    (walk.open already ends with it) and end(walk, element) when it closes. Raises
    xml.parsers.expat.ExpatError on malformed XML and OSError when the file cannot be read."""
    parser = xml.parsers.expat.ParserCreate(namespace_separator=" ")
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
    state = Walk(parser)

    def declare(prefix, uri):
        state._declared[prefix] = uri or ""

    def on_start(tag, attrs):
        uri, _, name = tag.rpartition(" ")
        scope = dict(state._scopes[-1])
        scope.update(state._declared)
        state._declared.clear()
        state._scopes.append(scope)
        state.open.append((uri, name))
        start(state, (uri, name), attrs)

    def on_end(_tag):
        if end is not None:
            end(state, state.open[-1])
        state.open.pop()
        state._scopes.pop()

    parser.StartNamespaceDeclHandler = declare
    parser.StartElementHandler = on_start
    parser.EndElementHandler = on_end
    with open(path, "rb") as f:
        parser.ParseFile(f)


def with_attributes(content, attributes):
    """content with attributes[offset] (text that starts with a space) inserted after the element
    name of the start tag at each byte offset, so no line of the file moves."""
    result, last = [], 0
    for offset in sorted(attributes):
        end = offset + 1
        while end < len(content) and content[end:end + 1] not in (b" ", b"\t", b"\r", b"\n", b"/", b">"):
            end += 1
        result += [content[last:end], attributes[offset].encode("utf-8")]
        last = end
    result.append(content[last:])
    return b"".join(result)


def insert_attributes(path, attributes):
    """Inserts attributes into the file at path as with_attributes does; returns False, leaving
    the file alone, when it is UTF-16 (the insertion works on the bytes of UTF-8 or ASCII)."""
    with open(path, "rb") as f:
        content = f.read()
    if content.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in content[:4]:
        return False
    with open(path, "wb") as f:
        f.write(with_attributes(content, attributes))
    return True
