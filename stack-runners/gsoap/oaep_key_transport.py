#!/usr/bin/env python3
"""Makes gSOAP's envelope encryption transport its key with RSA-OAEP when it says it does.

gSOAP 2.8.124's wsse plug-in writes `xenc:EncryptedKey` with the algorithm rsa-oaep-mgf1p when
SOAP_MEC_OAEP is set, but its envelope engine (plugin/mecevp.c) encrypts the key with
EVP_PKEY_encrypt_old and decrypts it with EVP_OpenInit, both RSA PKCS#1 v1.5; the flag only
reaches EVP_CIPHER_CTX_set_padding. Two gSOAP peers agree, no other stack does: WSS4J could not
decrypt its key, and it could not decrypt WSS4J's ("invalid key length"). This writes a copy of
mecevp.c into the build in which those two calls, when the algorithm has SOAP_MEC_OAEP, use
RSA-OAEP with SHA-1 and MGF1-SHA-1 (what rsa-oaep-mgf1p means); everything else is gSOAP's.
A mecevp.c without exactly those calls (another gSOAP version) fails the build.
Usage: oaep_key_transport.py GSOAP_MECEVP_C OUT_C
"""
import sys

import plugin_edits

# The include at the start of a line (the documentation's examples indent theirs).
INCLUDE = '\n#include "mecevp.h"\n'
HELPERS = r'''
#include "mecevp.h"
#include <openssl/rsa.h>

/* oaep_key_transport.py: RSA-OAEP (SHA-1, MGF1-SHA-1) key transport for SOAP_MEC_OAEP. */
static int soapbench_oaep_encrypt_key(unsigned char *out, const unsigned char *key, int keylen, EVP_PKEY *pkey)
{
  size_t outlen = (size_t)EVP_PKEY_size(pkey);
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pkey, NULL);
  int ok = ctx && EVP_PKEY_encrypt_init(ctx) > 0
        && EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_OAEP_PADDING) > 0
        && EVP_PKEY_encrypt(ctx, out, &outlen, key, (size_t)keylen) > 0;
  EVP_PKEY_CTX_free(ctx);
  return ok ? (int)outlen : -1;
}

static int soapbench_oaep_open(EVP_CIPHER_CTX *cipher, const EVP_CIPHER *type, const unsigned char *ekey, int ekeylen, const unsigned char *iv, EVP_PKEY *pkey)
{
  unsigned char key[EVP_MAX_KEY_LENGTH + 512];
  size_t keylen = sizeof(key);
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pkey, NULL);
  int ok = ctx && EVP_PKEY_decrypt_init(ctx) > 0
        && EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_OAEP_PADDING) > 0
        && EVP_PKEY_decrypt(ctx, key, &keylen, ekey, (size_t)ekeylen) > 0
        && keylen == (size_t)EVP_CIPHER_key_length(type)
        && EVP_DecryptInit_ex(cipher, type, NULL, key, iv) > 0;
  EVP_PKEY_CTX_free(ctx);
  OPENSSL_cleanse(key, sizeof(key));
  return ok;
}
'''
ENCRYPT = "      *keylen = EVP_PKEY_encrypt_old(key, data->ekey, EVP_CIPHER_CTX_key_length(data->ctx), pkey);\n"
ENCRYPT_OAEP = ("      *keylen = (alg & SOAP_MEC_OAEP)\n"
                "        ? soapbench_oaep_encrypt_key(key, data->ekey, EVP_CIPHER_CTX_key_length(data->ctx), pkey)\n"
                "        : EVP_PKEY_encrypt_old(key, data->ekey, EVP_CIPHER_CTX_key_length(data->ctx), pkey);\n"
                "      if (*keylen <= 0)\n"
                "        return soap_mec_check(soap, data, 0, \"soap_mec_init() failed: cannot encrypt the key\");\n")
OPEN = ("            ok = EVP_OpenInit(data->ctx, data->type, (unsigned char*)data->key, data->keylen,"
        " (unsigned char*)data->buf, (EVP_PKEY*)data->pkey);\n")
OPEN_OAEP = ("            ok = (data->alg & SOAP_MEC_OAEP)\n"
             "              ? soapbench_oaep_open(data->ctx, data->type, (unsigned char*)data->key, data->keylen,"
             " (unsigned char*)data->buf, (EVP_PKEY*)data->pkey)\n"
             "              : EVP_OpenInit(data->ctx, data->type, (unsigned char*)data->key, data->keylen,"
             " (unsigned char*)data->buf, (EVP_PKEY*)data->pkey);\n")


def main(source, out):
    edits = ((INCLUDE, HELPERS), (ENCRYPT, ENCRYPT_OAEP), (OPEN, OPEN_OAEP))
    return plugin_edits.apply(source, out, edits, "transport keys")

if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
