"""Exact edits of a gSOAP 2.8.124 source (a plug-in's, or soapcpp2's output), written to the build's copy.

Each edit replaces a fragment that must stand exactly once in the source; a source of another shape
(another gSOAP version) fails the build with `error: TOPIC:` naming what is missing, rather than
being copied unmended. The fragments and replacements are ours, never the user's.
"""
import sys


def apply(source, out, edits, behaviour, topic="security"):
    """Writes source with each (fragment, replacement) of edits applied to out (which may be
    source); returns 0, or 1 with an error line on stderr when a fragment is not there once.
    behaviour says what the source must do, as in "does not <behaviour> as gSOAP 2.8.124 does";
    topic what the edit is for, the error line's second word."""
    with open(source, encoding="utf-8") as f:
        code = f.read()
    for fragment, _ in edits:
        if code.count(fragment) != 1:
            print(f"error: {topic}: {source} does not {behaviour} as gSOAP 2.8.124 does"
                  f" (looked for: {fragment.strip().splitlines()[0]})", file=sys.stderr)
            return 1
    for fragment, replacement in edits:
        code = code.replace(fragment, replacement)
    with open(out, "w", encoding="utf-8") as f:
        f.write(code)
    return 0
