#ifndef SOAPBENCH_WSSE_COMMON_H
#define SOAPBENCH_WSSE_COMMON_H
// What the secured gSOAP server and client share: the profile's mode (security_config.h,
// generated from profile.json), the PKI read from the build's keys/ folder, and the checks both
// sides apply to a received message beyond what the wsse plug-in checks itself.
#include <string>

#include <openssl/evp.h>
#include <openssl/x509.h>

struct soap;

namespace soapbench_wsse {

struct Pki {
    EVP_PKEY *own_key = nullptr;   // signs and decrypts
    X509 *own_cert = nullptr;      // travels as the BinarySecurityToken (client)
    X509 *peer_cert = nullptr;     // encrypts for the peer; verifies the peer (client)
    std::string ca_file;           // the trust anchor of client certificates (server)
    std::string peer_issuer;       // the peer certificate's issuer (RFC 2253) and serial (decimal)
    std::string peer_serial;
    std::string own_issuer;
    std::string own_serial;
};

// Reads the keys a side needs from DIR (the build's keys/ folder); false with a reason.
bool load_pki(const std::string &dir, bool server_side, Pki &pki, std::string &problem);

// Registers the wsse plug-in on a context once; output in exclusive canonical XML when it signs.
void register_plugin(struct soap *soap);

// A wsu:Id for a message's Timestamp that no other message has ("TS-" and 24 random hex digits), so
// that two messages of one payload in one second are not the same bytes (wsse_common.cpp).
std::string fresh_timestamp_id();

// Makes the next message's wsse prefix the WS-Security 1.0 namespace again. gSOAP's namespace
// table takes the 1.1 secext namespace as a variant of wsse, and reading an element or attribute
// in it (WSS4J's wsse11:TokenType on an encrypted request's key reference) makes gSOAP write its
// answer's Security header in that namespace, which no WS-Security 1.0 reader finds.
void use_own_secext_namespace(struct soap *soap);

// A KeyInfo naming a certificate by issuer and serial number (ds:X509IssuerSerial) for the
// signature the plug-in is about to add; SOAP_OK or gSOAP's error.
int add_signature_key_issuer_serial(struct soap *soap, const std::string &issuer, const std::string &serial);

// The checks of a received signed message that the plug-in leaves to its user: a Timestamp whose
// Created is neither older than the profile's TTL nor further in the future than its future TTL,
// and whose Expires has not passed; Body and Timestamp both covered by the verified signature;
// and, when the mode encrypts, an EncryptedKey. SOAP_OK or a wsse fault set on the context.
int check_signed_message(struct soap *soap, bool must_be_encrypted);

}

#endif
