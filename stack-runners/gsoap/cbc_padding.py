#!/usr/bin/env python3
"""Makes gSOAP's envelope decryption drop XML Encryption's CBC padding instead of parsing it.

XML Encryption pads the last CBC block ISO 10126 style: random bytes, the last one their count
(WSS4J sends such padding). gSOAP 2.8.124's envelope engine (plugin/mecevp.c) therefore turns
OpenSSL's PKCS#7 padding check off when it decrypts (SOAP_MEC_ENV_DEC, "for interop"), but then
never removes the padding: OpenSSL hands out every block at once, and the padding bytes reach the
XML parser as text after the decrypted content. The DOM the signature is verified on keeps them,
so the digest of a Body that was signed before it was encrypted never matches (wsse:FailedCheck).
This rewrites a copy of mecevp.c (the build's, after oaep_key_transport.py) so that, for envelope
decryption in CBC mode, the last decrypted block is held back until the final call, where the
count its last byte names is dropped (a count of 0 or beyond the block or the held bytes fails
the decryption). Nothing else changes; a mecevp.c without exactly the three places this edits
(another gSOAP version) fails the build.
Usage: cbc_padding.py MECEVP_C   (rewritten in place)
"""
import sys

import plugin_edits

# The include at the start of a line (the documentation's examples indent theirs).
INCLUDE = '\n#include "mecevp.h"\n'
HELPERS = r'''
#include "mecevp.h"

/* cbc_padding.py: XML Encryption's CBC padding held back and dropped when an envelope is decrypted.
   The last decrypted block waits in data->tag, which only GCM uses otherwise. */
#define SOAPBENCH_DROPS_CBC_PADDING(data) \
  (((data)->alg & SOAP_MEC_MASK & ~SOAP_MEC_ALGO) == SOAP_MEC_ENV_DEC && !((data)->alg & (SOAP_MEC_GCM | SOAP_MEC_STORE)))

/* out[0..len) is freshly decrypted; afterwards out[0..returned) is what may be parsed, in order,
   and the last sizeof(data->tag) bytes decrypted so far wait in data->tag. out has room for
   len + sizeof(data->tag) bytes (soap_mec_upd_dec sizes its buffer with the tag's length). */
static size_t soapbench_hold_last_block(struct soap_mec_data *data, char *out, size_t len)
{
  size_t held = (size_t)data->taglen, total = held + len, block = sizeof(data->tag);
  memmove(out + held, out, len);
  memcpy(out, data->tag, held);
  if (total <= block)
  {
    memcpy(data->tag, out, total);
    data->taglen = (char)total;
    return 0;
  }
  memcpy(data->tag, out + total - block, block);
  data->taglen = (char)block;
  return total - block;
}

/* At the end: out[0..*len) is the final decrypted output; afterwards out[0..*len) is it and the
   held bytes without their padding. 0 when the padding's count is impossible. */
static int soapbench_drop_padding(struct soap_mec_data *data, char *out, int *len)
{
  size_t kept = soapbench_hold_last_block(data, out, (size_t)*len);
  size_t held = (size_t)data->taglen;
  size_t pad = held ? (unsigned char)data->tag[held - 1] : 0;
  data->taglen = 0;
  if (pad == 0 || pad > held || pad > (size_t)EVP_CIPHER_block_size(data->type))
    return 0;
  memcpy(out + kept, data->tag, held - pad);
  *len = (int)(kept + held - pad);
  return 1;
}
'''
FIRST_BLOCKS = "          *s = data->buf;\n          *n = (size_t)len;\n        }\n"
FIRST_BLOCKS_HELD = ("          *s = data->buf;\n"
                     "          *n = SOAPBENCH_DROPS_CBC_PADDING(data)\n"
                     "            ? soapbench_hold_last_block(data, data->buf, (size_t)len) : (size_t)len;\n"
                     "        }\n")
NEXT_BLOCKS = ("      *s = data->buf;\n      *n = data->bufidx + (size_t)len;\n"
               '      DBGLOG(TEST, SOAP_MESSAGE(fdebug, "Decrypt state n=%lu\\n", (unsigned long)*n));\n')
NEXT_BLOCKS_HELD = ("      *s = data->buf;\n"
                    "      *n = data->bufidx + (SOAPBENCH_DROPS_CBC_PADDING(data)\n"
                    "        ? soapbench_hold_last_block(data, data->buf + data->bufidx, (size_t)len) : (size_t)len);\n"
                    '      DBGLOG(TEST, SOAP_MESSAGE(fdebug, "Decrypt state n=%lu\\n", (unsigned long)*n));\n')
FINAL = ('      DBGLOG(TEST, SOAP_MESSAGE(fdebug, "Append %d bytes from decrypted\\n", len));\n'
         "      *s = data->buf;\n")
FINAL_UNPADDED = ("      if (ok && SOAPBENCH_DROPS_CBC_PADDING(data))\n"
                  "        ok = soapbench_drop_padding(data, data->buf + data->bufidx, &len);\n" + FINAL)


def main(path):
    edits = ((INCLUDE, HELPERS), (FIRST_BLOCKS, FIRST_BLOCKS_HELD), (NEXT_BLOCKS, NEXT_BLOCKS_HELD), (FINAL, FINAL_UNPADDED))
    return plugin_edits.apply(path, path, edits, "decrypt")

if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("error: usage: cbc_padding.py MECEVP_C", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
