#!/usr/bin/env python3
"""Prints the settings of one variant of a stack, from its own stack.json, as KEY=VALUE lines.

    variant_settings.py STACK_JSON VARIANT [--known KEY ...]

The variant comes from the worker, which checked it against the same manifest; a runner checks it
again here because it may be called by anyone. An unknown variant, or a setting the runner does not
list in --known, ends with the contract's last stderr line `error: ...` and exit status 1, before
anything reads the value. Values are printed only when they are plain tokens (letters, digits,
`. _ -`), so a runner may put them on a command line unquoted.
"""

import json
import re
import sys

VARIANT_ID = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
VALUE = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


def fail(message):
    print("error: " + message, file=sys.stderr)
    sys.exit(1)


def main(argv):
    if len(argv) < 2:
        fail("usage: variant_settings.py STACK_JSON VARIANT [--known KEY ...]")
    manifest_path, wanted, rest = argv[0], argv[1], argv[2:]
    known = None
    if rest:
        if rest[0] != "--known":
            fail("variant_settings.py: unknown argument " + rest[0])
        known = set(rest[1:])
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)
    stack = manifest.get("id", "?")
    declared = [v.get("id") for v in manifest.get("variants", [])]
    # The id is echoed in the refusal: only once it is known to be harmless text.
    shown = wanted if VARIANT_ID.match(wanted) else "(not a variant id)"
    matches = [v for v in manifest.get("variants", []) if v.get("id") == wanted]
    if not VARIANT_ID.match(wanted) or not matches:
        fail("variant %s is not declared by %s; declared: %s" % (shown, stack, ", ".join(declared) or "none"))
    for key, value in sorted(matches[0].get("settings", {}).items()):
        if known is not None and key not in known:
            fail("variant %s of %s sets %s, which this runner does not know (known: %s)"
                 % (wanted, stack, key, ", ".join(sorted(known))))
        if not isinstance(value, str) or not VALUE.match(value):
            fail("variant %s of %s: setting %s wants a plain token" % (wanted, stack, key))
        print("%s=%s" % (key, value))


if __name__ == "__main__":
    main(sys.argv[1:])
