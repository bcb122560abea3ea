// The native client's side of a secured build. soapbench_secure_outgoing, called by
// soap_serializeheader (secure_header_hook.py) before each request is sent, adds the mode's
// UsernameToken, or Timestamp, BinarySecurityToken and signature (and the EncryptedKey for the
// server), and arms the plug-in to verify the answer's signature with the server's public key only
// and to decrypt it with the client's key; check_answer then requires a signed, fresh Timestamp
// and a signed (and encrypted) Body, so an answer that is not secured counts as an error.
#include "wsse_client.h"

#include "soapH.h"
#include "wsseapi.h"
#include "security_config.h"
#include "wsse_common.h"

namespace cfg = soapbench_security_config;

namespace {

soapbench_wsse::Pki pki;
EVP_PKEY *server_public_key = nullptr;
int (*own_finalrecv)(struct soap *) = nullptr;

int check_answer(struct soap *soap)
{
    if (own_finalrecv && own_finalrecv(soap))
        return soap->error;
    if (cfg::kResponseSigned && soapbench_wsse::check_signed_message(soap, cfg::kResponseEncrypted))
        return soap->error;
    return SOAP_OK;
}

}

bool security_load(const std::string &keys_dir, std::string &problem)
{
    if (!soapbench_wsse::load_pki(keys_dir, false, pki, problem))
        return false;
    server_public_key = X509_get_pubkey(pki.peer_cert);
    return server_public_key != nullptr;
}

const char *security_mode()
{
    return cfg::kMode;
}

void security_configure(struct soap *soap)
{
    soapbench_wsse::register_plugin(soap);
    // No CA on the client: an answer signed with a certificate it carries does not verify, only
    // one signed with the server's key (IssuerSerial names a certificate the client already has).
    soap->cafile = nullptr;
    if (soap->fpreparefinalrecv != check_answer) {
        own_finalrecv = soap->fpreparefinalrecv;
        soap->fpreparefinalrecv = check_answer;
    }
}

void soapbench_secure_outgoing(struct soap *soap)
{
    soap_wsse_delete_Security(soap);
    soapbench_wsse::use_own_secext_namespace(soap);
    if (cfg::kRequestUsernameToken
        && soap_wsse_add_UsernameTokenText(soap, nullptr, cfg::kUsername, cfg::kPassword))
        return;
    if (cfg::kRequestSigned
        && (soap_wsse_add_Timestamp(soap, soapbench_wsse::fresh_timestamp_id().c_str(), cfg::kTimestampTtlSeconds)
            || soap_wsse_add_BinarySecurityTokenX509(soap, "X509Token", pki.own_cert)
            || soap_wsse_add_KeyInfo_SecurityTokenReferenceX509(soap, "#X509Token")
            || soap_wsse_sign_body(soap, SOAP_SMD_SIGN_RSA_SHA1, pki.own_key, 0)))
        return;
    if (cfg::kRequestEncrypted
        && soap_wsse_add_EncryptedKey(soap, SOAP_MEC_ENV_ENC_AES128_CBC | SOAP_MEC_OAEP, "EncryptedKey",
                                      pki.peer_cert, nullptr, pki.peer_issuer.c_str(), pki.peer_serial.c_str()))
        return;
    // The answer: verified with the server's key, decrypted with the client's.
    if (cfg::kResponseSigned)
        soap_wsse_verify_auto(soap, SOAP_SMD_VRFY_RSA_SHA1, server_public_key, 0);
    if (cfg::kResponseEncrypted)
        soap_wsse_decrypt_auto(soap, SOAP_MEC_ENV_DEC_AES128_CBC | SOAP_MEC_OAEP, pki.own_key, 0);
}
