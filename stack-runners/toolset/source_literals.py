"""Literals for the source and configuration the runners' own generators write.

Values reach these from the WSDL (through the code generators' output) and from the samples, so
each is escaped for its language as though safe_values.py had let anything through: a value can
never end the literal it is written into, whatever it holds.
"""
import re
from xml.sax.saxutils import escape, quoteattr

# Shown as themselves in a C or C++ literal; everything else is an octal escape. `?` is not here:
# in strict modes (gSOAP builds with -std=c++11) `??/` is a trigraph for a backslash.
_C_PLAIN = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !#$%&'()*+,-./:;<=>@[]^_`{|}~")


def c_string(text):
    """A C/C++ string literal holding text's UTF-8 bytes.

    Octal escapes always have three digits, so a digit after one is never read as part of it
    (a hexadecimal escape would swallow every hexadecimal digit that follows).
    """
    return '"' + "".join(chr(b) if b in _C_PLAIN else "\\%03o" % b for b in text.encode("utf-8")) + '"'


def c_string_lines(text, indent="    "):
    """c_string for long text: one literal per line of text, concatenated by the compiler."""
    lines = text.splitlines(keepends=True) or [""]
    return ("\n" + indent).join(c_string(line) for line in lines)


# Characters XML 1.0 cannot hold at all, not even as a character reference.
_NOT_XML = re.compile("[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]")


def _xml_chars(text):
    if _NOT_XML.search(text):
        raise ValueError(f"{text[:80]!r} holds a character XML cannot hold")
    return text


def xml_attribute(text):
    """A quoted XML attribute value; line breaks and tabs survive attribute normalisation."""
    return quoteattr(_xml_chars(text), {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})


def xml_text(text):
    """XML character data."""
    return escape(_xml_chars(text), {"\r": "&#13;"})
