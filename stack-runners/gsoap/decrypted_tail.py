#!/usr/bin/env python3
"""Makes gSOAP's wsse plug-in keep the text that ends the content it decrypted.

When gSOAP 2.8.124's plug-in (plugin/wsseapi.c, soap_wsse_element_end_in) has decrypted an
xenc:EncryptedData, it drops the text after the last decrypted element (`dom->tail = NULL`,
"remove the old indent before ending tag"). That text is part of the plaintext: a sender that
signs the Body before encrypting its content (WSS4J does, and the profile's signencr mode asks
for it) digests it, so the Body's digest over the decrypted DOM never matched (wsse:FailedCheck).
With cbc_padding.py the text is exactly the plaintext's, without the cipher's padding, and this
writes a copy of wsseapi.c into the build that keeps it; nothing else changes. A wsseapi.c without
exactly that line (another gSOAP version) fails the build.
Usage: decrypted_tail.py GSOAP_WSSEAPI_C OUT_C
"""
import sys

import plugin_edits

DROP_TAIL = "    /* remove the old indent before ending tag */\n    dom->tail = NULL;\n"
KEEP_TAIL = ("    /* decrypted_tail.py: the text before the ending tag is the plaintext's own (the signature\n"
             "       over the content covers it), so it is kept */\n")


def main(source, out):
    return plugin_edits.apply(source, out, ((DROP_TAIL, KEEP_TAIL),), "end decrypted content")

if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("error: usage: decrypted_tail.py GSOAP_WSSEAPI_C OUT_C", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
