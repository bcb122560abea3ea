#include "wsse_common.h"

#include <cstdio>
#include <cstring>
#include <ctime>

#include <openssl/bn.h>
#include <openssl/pem.h>
#include <openssl/rand.h>

#include "soapH.h"
#include "wsseapi.h"
#include "security_config.h"
#include "chunked_input.h"

namespace cfg = soapbench_security_config;

namespace soapbench_wsse {
namespace {

const char *const kSecextNamespace = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

bool read_key(const std::string &path, EVP_PKEY *&key, std::string &problem)
{
    FILE *file = fopen(path.c_str(), "r");
    if (file) {
        key = PEM_read_PrivateKey(file, nullptr, nullptr, nullptr);
        fclose(file);
    }
    if (!key)
        problem = "cannot read the private key " + path;
    return key != nullptr;
}

bool read_cert(const std::string &path, X509 *&cert, std::string &problem)
{
    FILE *file = fopen(path.c_str(), "r");
    if (file) {
        cert = PEM_read_X509(file, nullptr, nullptr, nullptr);
        fclose(file);
    }
    if (!cert)
        problem = "cannot read the certificate " + path;
    return cert != nullptr;
}

// WSS4J and the other stacks compare an X509IssuerName as an RFC 2253 distinguished name, and
// the serial number as a decimal integer.
void issuer_serial(X509 *cert, std::string &issuer, std::string &serial)
{
    BIO *out = BIO_new(BIO_s_mem());
    X509_NAME_print_ex(out, X509_get_issuer_name(cert), 0, XN_FLAG_RFC2253);
    char *text = nullptr;
    long length = BIO_get_mem_data(out, &text);
    issuer.assign(text, static_cast<size_t>(length));
    BIO_free(out);
    BIGNUM *number = ASN1_INTEGER_to_BN(X509_get_serialNumber(cert), nullptr);
    char *decimal = BN_bn2dec(number);
    serial = decimal;
    OPENSSL_free(decimal);
    BN_free(number);
}

int sender_fault(struct soap *soap, const char *reason)
{
    return soap_wsse_sender_fault(soap, reason, nullptr);
}

const char *local_name(const char *name)
{
    const char *colon = name ? strchr(name, ':') : nullptr;
    return colon ? colon + 1 : name;
}

// The only child of parent named {ns}name, or nullptr when there is none or more than one.
struct soap_dom_element *only_child(struct soap_dom_element *parent, const char *ns, const char *name)
{
    struct soap_dom_element *found = nullptr;
    for (struct soap_dom_element *child = parent ? parent->elts : nullptr; child; child = child->next) {
        if (child->name && child->nstr && !strcmp(child->nstr, ns) && !strcmp(local_name(child->name), name)) {
            if (found)
                return nullptr;
            found = child;
        }
    }
    return found;
}

// Whether a ds:Reference of the verified signature points at the element's wsu:Id. The plug-in
// checked every Reference's digest and refuses a message in which two elements share an Id
// (soap_wsse_verify_digest), so a referenced Id means this very element was signed.
bool signed_by_reference(struct soap *soap, struct soap_dom_element *element)
{
    ds__SignedInfoType *signed_info = soap_wsse_SignedInfo(soap);
    if (!element || !signed_info)
        return false;
    for (struct soap_dom_attribute *att = element->atts; att; att = att->next) {
        if (!att->name || !att->nstr || strcmp(att->nstr, wsu_URI) || strcmp(local_name(att->name), "Id") || !att->text)
            continue;
        for (int i = 0; i < signed_info->__sizeReference; ++i) {
            const char *uri = signed_info->Reference[i]->URI;
            if (uri && uri[0] == '#' && !strcmp(uri + 1, att->text))
                return true;
        }
    }
    return false;
}

// The received envelope's Body and the Timestamp of its Security header, as the DOM the
// signature was verified on holds them (soap_wsse_verify_body looks for the Body by a namespace
// table entry and misses the Body of a WSS4J request).
struct soap_dom_element *received_body(struct soap *soap)
{
    struct soap_dom_element *envelope = soap->dom;
    return envelope && envelope->nstr ? only_child(envelope, envelope->nstr, "Body") : nullptr;
}

struct soap_dom_element *received_timestamp(struct soap *soap)
{
    struct soap_dom_element *envelope = soap->dom;
    if (!envelope || !envelope->nstr)
        return nullptr;
    struct soap_dom_element *security = only_child(only_child(envelope, envelope->nstr, "Header"), kSecextNamespace, "Security");
    return only_child(security, wsu_URI, "Timestamp");
}

}

bool load_pki(const std::string &dir, bool server_side, Pki &pki, std::string &problem)
{
    const std::string base = dir + "/";
    const char *own_key = server_side ? cfg::kServerKeyFile : cfg::kClientKeyFile;
    const char *own_cert = server_side ? cfg::kServerCertFile : cfg::kClientCertFile;
    const char *peer_cert = server_side ? cfg::kClientCertFile : cfg::kServerCertFile;
    if (!read_key(base + own_key, pki.own_key, problem) || !read_cert(base + own_cert, pki.own_cert, problem)
        || !read_cert(base + peer_cert, pki.peer_cert, problem))
        return false;
    pki.ca_file = base + cfg::kCaCertFile;
    FILE *ca = fopen(pki.ca_file.c_str(), "r");
    if (!ca) {
        problem = "cannot read the CA certificate " + pki.ca_file;
        return false;
    }
    fclose(ca);
    issuer_serial(pki.peer_cert, pki.peer_issuer, pki.peer_serial);
    issuer_serial(pki.own_cert, pki.own_issuer, pki.own_serial);
    return true;
}

// A Timestamp id of its own per message. gSOAP's Created has whole seconds, and RSA signatures are
// deterministic: with a constant id, two messages of the same payload in one second were the same
// bytes, signature included, and a server's replay cache (CXF's, as shipped) rightly refused the
// second. WSS4J and Metro give every id a random part too; Created keeps gSOAP's format.
std::string fresh_timestamp_id()
{
    unsigned char random[12];
    if (RAND_bytes(random, sizeof random) != 1)
        return "Timestamp";
    static const char hex[] = "0123456789abcdef";
    std::string id = "TS-";
    for (unsigned char byte : random) {
        id += hex[byte >> 4];
        id += hex[byte & 0xf];
    }
    return id;
}

void register_plugin(struct soap *soap)
{
    if (!soap_lookup_plugin(soap, soap_wsse_id))
        soap_register_plugin(soap, soap_wsse);
    // A side that decrypts must read chunked messages through chunked_input.h.
    if ((cfg::kRequestEncrypted || cfg::kResponseEncrypted) && !soap_lookup_plugin(soap, kChunkedInputId))
        soap_register_plugin(soap, chunked_input);
    if (cfg::kRequestSigned || cfg::kResponseSigned)
        soap_set_omode(soap, SOAP_XML_CANONICAL);
}

void use_own_secext_namespace(struct soap *soap)
{
    for (struct Namespace *ns = soap->local_namespaces; ns && ns->id; ++ns) {
        if (strcmp(ns->id, "wsse") == 0 && ns->out && strcmp(ns->out, ns->ns) != 0) {
            SOAP_FREE(soap, ns->out);
            ns->out = nullptr;
        }
    }
}

int add_signature_key_issuer_serial(struct soap *soap, const std::string &issuer, const std::string &serial)
{
    ds__KeyInfoType *key_info = soap_wsse_add_KeyInfo(soap);
    if (!key_info)
        return soap->error ? soap->error : SOAP_EOM;
    key_info->wsse__SecurityTokenReference = soap_new__wsse__SecurityTokenReference(soap);
    key_info->wsse__SecurityTokenReference->ds__X509Data = soap_new_ds__X509DataType(soap);
    struct ds__X509IssuerSerialType *named = soap_new_ds__X509IssuerSerialType(soap);
    named->X509IssuerName = soap_strdup(soap, issuer.c_str());
    named->X509SerialNumber = soap_strdup(soap, serial.c_str());
    key_info->wsse__SecurityTokenReference->ds__X509Data->X509IssuerSerial = named;
    return SOAP_OK;
}

int check_signed_message(struct soap *soap, bool must_be_encrypted)
{
    _wsu__Timestamp *timestamp = soap_wsse_Timestamp(soap);
    if (!timestamp || !timestamp->Created)
        return sender_fault(soap, "a signed Timestamp is required");
    time_t now = time(nullptr), created = 0, expires = 0;
    if (soap_s2dateTime(soap, timestamp->Created, &created))
        return sender_fault(soap, "the Timestamp's Created does not parse");
    if (created > now + cfg::kTimestampFutureTtlSeconds)
        return sender_fault(soap, "the Timestamp was created in the future");
    if (now - created > cfg::kTimestampTtlSeconds)
        return sender_fault(soap, "the Timestamp has expired");
    if (timestamp->Expires && (soap_s2dateTime(soap, timestamp->Expires, &expires) || expires <= now))
        return sender_fault(soap, "the Timestamp has expired");
    if (!signed_by_reference(soap, received_body(soap)))
        return sender_fault(soap, "the Body is not signed");
    if (!signed_by_reference(soap, received_timestamp(soap)))
        return sender_fault(soap, "the Timestamp is not signed");
    if (must_be_encrypted && !soap_wsse_EncryptedKey(soap))
        return sender_fault(soap, "the Body must be encrypted");
    return SOAP_OK;
}

}
