// The server's side of a secured build. The wsse plug-in verifies a request's signature (with the
// certificate of the BinarySecurityToken it references, checked against the CA, or in signencr the
// client certificate it names by issuer and serial) and decrypts its
// Body while the request is read; check_request then requires what the mode says the plug-in does
// not: the UsernameToken's user and PasswordText, or a signed and fresh Timestamp and a signed
// (and encrypted) Body. soapbench_secure_outgoing, called by soap_serializeheader
// (secure_header_hook.py), replaces the request's Security header with the answer's own.
#include "wsse_server.h"

#include <cstring>

#include "soapH.h"
#include "wsseapi.h"
#include "security_config.h"
#include "wsse_common.h"

namespace cfg = soapbench_security_config;

namespace {

soapbench_wsse::Pki pki;
// The client certificate's key, for a request signature that names it by issuer and serial number
// where the mode's policy allows that (kRequestSignatureByIssuerSerial).
EVP_PKEY *client_public_key = nullptr;
// The context's own callbacks, the same for every context of the server (server_main.cpp).
int (*own_serveloop)(struct soap *) = nullptr;
int (*own_finalrecv)(struct soap *) = nullptr;

int check_username(struct soap *soap)
{
    const char *user = soap_wsse_get_Username(soap);
    if (!user)
        return soap->error;
    _wsse__UsernameToken *token = soap_wsse_UsernameToken(soap, nullptr);
    // PasswordText only: soap_wsse_verify_Password would also take a digest.
    if (strcmp(user, cfg::kUsername) != 0 || !token->Password
        || (token->Password->Type && strcmp(token->Password->Type, wsse_PasswordTextURI) != 0))
        return soap_wsse_fault(soap, wsse__FailedAuthentication, nullptr);
    return soap_wsse_verify_Password(soap, cfg::kPassword);
}

// Runs once the whole request is read, after the plug-in verified its signature (if armed).
int check_request(struct soap *soap)
{
    if (own_finalrecv && own_finalrecv(soap))
        return soap->error;
    if (cfg::kRequestUsernameToken && check_username(soap))
        return soap->error;
    if (cfg::kRequestSigned && soapbench_wsse::check_signed_message(soap, cfg::kRequestEncrypted))
        return soap->error;
    return SOAP_OK;
}

int serve_loop(struct soap *soap)
{
    int status = own_serveloop ? own_serveloop(soap) : SOAP_OK;
    security_arm(soap);
    return status;
}

}

bool security_load(const std::string &keys_dir, std::string &problem)
{
    if (!soapbench_wsse::load_pki(keys_dir, true, pki, problem))
        return false;
    client_public_key = X509_get_pubkey(pki.peer_cert);
    if (!client_public_key)
        problem = "the client certificate has no public key";
    return client_public_key != nullptr;
}

const char *security_mode()
{
    return cfg::kMode;
}

void security_configure(struct soap *soap)
{
    soapbench_wsse::register_plugin(soap);
    soap->cafile = pki.ca_file.c_str();
    if (soap->fserveloop != serve_loop) {
        own_serveloop = soap->fserveloop;
        soap->fserveloop = serve_loop;
    }
    if (soap->fpreparefinalrecv != check_request) {
        own_finalrecv = soap->fpreparefinalrecv;
        soap->fpreparefinalrecv = check_request;
    }
    security_arm(soap);
}

void security_arm(struct soap *soap)
{
    // SOAP_SMD_NONE and no key: only a certificate the request carries (and the CA accepts) verifies.
    // signencr's policy (RequireIssuerSerialReference on the client's token) lets a client name its
    // certificate by issuer and serial number instead, as CXF's does; the plug-in then verifies with
    // the key given here, the client certificate's of the build's keys, and with no other. A request
    // that references a BinarySecurityToken is verified with that token's certificate all the same.
    if (cfg::kRequestSigned && cfg::kRequestSignatureByIssuerSerial)
        soap_wsse_verify_auto(soap, SOAP_SMD_VRFY_RSA_SHA1, client_public_key, 0);
    else if (cfg::kRequestSigned)
        soap_wsse_verify_auto(soap, SOAP_SMD_NONE, nullptr, 0);
    if (cfg::kRequestEncrypted)
        soap_wsse_decrypt_auto(soap, SOAP_MEC_ENV_DEC_AES128_CBC | SOAP_MEC_OAEP, pki.own_key, 0);
}

// The answer's Security header: never the request's (catalog services leave soap->header as it
// was read), but the mode's Timestamp, signature and encryption. A fault goes out without one, so
// that any client can read why it was refused: soap_send_fault serialises it with soap->error
// cleared, but with soap->fault set (soap_begin clears it for every request).
void soapbench_secure_outgoing(struct soap *soap)
{
    soap_wsse_delete_Security(soap);
    soapbench_wsse::use_own_secext_namespace(soap);
    if (soap->error || soap->fault || !cfg::kResponseSigned)
        return;
    if (soap_wsse_add_Timestamp(soap, soapbench_wsse::fresh_timestamp_id().c_str(), cfg::kTimestampTtlSeconds)
        || soapbench_wsse::add_signature_key_issuer_serial(soap, pki.own_issuer, pki.own_serial)
        || soap_wsse_sign_body(soap, SOAP_SMD_SIGN_RSA_SHA1, pki.own_key, 0))
        return;
    if (cfg::kResponseEncrypted)
        soap_wsse_add_EncryptedKey(soap, SOAP_MEC_ENV_ENC_AES128_CBC | SOAP_MEC_OAEP, "EncryptedKey", pki.peer_cert,
                                   nullptr, pki.peer_issuer.c_str(), pki.peer_serial.c_str());
}
