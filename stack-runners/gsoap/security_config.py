#!/usr/bin/env python3
"""Turns one mode of stack-runners/security/profile.json into the C++ constants the gSOAP server
and client are compiled with (security_config.h), so no value of the profile is restated by hand.

The profile is read at build time; every string reaches the header through c_string(), which
escapes each byte that is not a plain letter, digit or space, so no value can end the literal.
What the wsse code of this runner implements is checked here: a mode that asks for another
token, key reference or algorithm than the code applies ends with `unsupported:` (exit 3)
rather than a server that quietly does something else.

Usage: security_config.py PROFILE MODE OUT_HEADER   (prints the PKI files to copy, one a line)
"""
import json
import re
import sys

# The algorithm suite the wsse code below applies (SOAP_SMD_SIGN_RSA_SHA1 with exc-c14n digests
# in SHA-1, SOAP_MEC_ENV_ENC_AES128_CBC | SOAP_MEC_OAEP): a profile with another suite is refused.
IMPLEMENTED_SUITE = {
    "digest": "http://www.w3.org/2000/09/xmldsig#sha1",
    "signature": "http://www.w3.org/2000/09/xmldsig#rsa-sha1",
    "canonicalization": "http://www.w3.org/2001/10/xml-exc-c14n#",
    "symmetric": "http://www.w3.org/2001/04/xmlenc#aes128-cbc",
    "keyTransport": "http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p",
}
# Request signatures reference the client's BinarySecurityToken; answers name the server's
# certificate by issuer and serial, encrypted keys name the peer's the same way.
IMPLEMENTED_REFERENCES = {
    ("request", "signatureKeyReference"): "DirectReference",
    ("response", "signatureKeyReference"): "IssuerSerial",
    ("request", "encryptionKeyReference"): "IssuerSerial",
    ("response", "encryptionKeyReference"): "IssuerSerial",
}
PKI_FILES = ("caCert", "serverKey", "serverCert", "clientKey", "clientCert")


class Unsupported(Exception):
    pass


def c_string(value):
    """A C string literal of value's UTF-8 bytes: anything but [A-Za-z0-9 ] as an octal escape."""
    out = []
    for byte in str(value).encode("utf-8"):
        char = chr(byte)
        out.append(char if re.match(r"[A-Za-z0-9 ]", char) else "\\%03o" % byte)
    return '"' + "".join(out) + '"'


def c_bool(value):
    return "true" if value else "false"


def whole_seconds(mode_profile, key):
    value = mode_profile.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 86400:
        raise Unsupported(f"{key} {value!r} is not a number of seconds from 0 to 86400")
    return value


def side(mode_profile, direction):
    """What one direction of the mode asks for, checked against what the code implements."""
    part = mode_profile[direction]
    tokens = set(part.get("tokens", []))
    known = {"UsernameToken", "Timestamp", "BinarySecurityToken", "Signature", "EncryptedKey"}
    if tokens - known:
        raise Unsupported(f"{direction} token {sorted(tokens - known)[0]}")
    signed, encrypted = set(part.get("signedParts", [])), set(part.get("encryptedParts", []))
    if signed and signed != {"Body", "Timestamp"}:
        raise Unsupported(f"{direction} signed parts {sorted(signed)} (this runner signs Body and Timestamp together)")
    if encrypted and encrypted != {"Body"}:
        raise Unsupported(f"{direction} encrypted parts {sorted(encrypted)} (this runner encrypts the Body only)")
    if ("Signature" in tokens) != bool(signed) or ("EncryptedKey" in tokens) != bool(encrypted):
        raise Unsupported(f"{direction}: tokens and parts disagree")
    for (where, key), expected in IMPLEMENTED_REFERENCES.items():
        if where == direction and key in part and part[key] != expected:
            raise Unsupported(f"{direction} {key} {part[key]} (this runner implements {expected})")
    also = part.get("alsoAcceptedSignatureKeyReference")
    if also is not None and (direction != "request" or also != "IssuerSerial"):
        raise Unsupported(f"{direction} alsoAcceptedSignatureKeyReference {also} (this runner's server also accepts IssuerSerial on a request)")
    if direction == "request" and "UsernameToken" in tokens and part.get("passwordType") != "PasswordText":
        raise Unsupported(f"password type {part.get('passwordType')}")
    if direction == "response" and "UsernameToken" in tokens:
        raise Unsupported("a UsernameToken on the response")
    # The wsse code encrypts a signed Body, and requires encryption only of a signed request.
    if encrypted and not signed:
        raise Unsupported(f"{direction}: encryption without a signature (this runner encrypts signed messages only)")
    if direction == "request" and signed and "BinarySecurityToken" not in tokens:
        raise Unsupported("a request signature without the client's BinarySecurityToken")
    return {"username": "UsernameToken" in tokens, "signed": bool(signed), "encrypted": bool(encrypted),
            "issuerSerialSignature": also == "IssuerSerial"}


def render(profile, mode):
    modes = profile["modes"]
    if mode not in modes or mode == "plain":
        raise Unsupported("not in the profile")
    mode_profile = modes[mode]
    suite = profile["algorithmSuite"]
    for key, uri in IMPLEMENTED_SUITE.items():
        if suite.get(key) != uri:
            raise Unsupported(f"algorithm {key} {suite.get(key)} (this runner implements {uri})")
    request, response = side(mode_profile, "request"), side(mode_profile, "response")
    if mode_profile.get("protectionOrder", "SignBeforeEncrypting") != "SignBeforeEncrypting":
        raise Unsupported(f"protection order {mode_profile['protectionOrder']}")
    files = profile["pki"]["files"]
    for key in PKI_FILES:
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", files[key]):
            raise Unsupported(f"PKI file name {files[key]!r}")
    credentials = profile["credentials"]
    lines = [
        "// Generated by security_config.py from stack-runners/security/profile.json: do not edit.",
        "#ifndef SOAPBENCH_SECURITY_CONFIG_H",
        "#define SOAPBENCH_SECURITY_CONFIG_H",
        "namespace soapbench_security_config {",
        f"const char *const kMode = {c_string(mode)};",
        f"const bool kRequestUsernameToken = {c_bool(request['username'])};",
        f"const bool kRequestSigned = {c_bool(request['signed'])};",
        f"const bool kRequestEncrypted = {c_bool(request['encrypted'])};",
        f"const bool kRequestSignatureByIssuerSerial = {c_bool(request['issuerSerialSignature'])};",
        f"const bool kResponseSigned = {c_bool(response['signed'])};",
        f"const bool kResponseEncrypted = {c_bool(response['encrypted'])};",
        f"const char *const kUsername = {c_string(credentials['username'])};",
        f"const char *const kPassword = {c_string(credentials['password'])};",
        f"const int kTimestampTtlSeconds = {whole_seconds(mode_profile, 'timestampTtlSeconds')};",
        f"const int kTimestampFutureTtlSeconds = {whole_seconds(mode_profile, 'timestampFutureTtlSeconds')};",
    ]
    lines += [f"const char *const k{key[0].upper()}{key[1:]}File = {c_string(files[key])};" for key in PKI_FILES]
    lines += ["}", "#endif", ""]
    if (request["signed"] or response["signed"]) and mode_profile.get("timestampTtlSeconds", 0) == 0:
        raise Unsupported("a signed mode without timestampTtlSeconds")
    return "\n".join(lines), [files[key] for key in PKI_FILES]


def main(argv):
    if len(argv) != 4:
        print("error: usage: security_config.py PROFILE MODE OUT_HEADER", file=sys.stderr)
        return 2
    profile_path, mode, out = argv[1:]
    try:
        with open(profile_path, encoding="utf-8") as f:
            profile = json.load(f)
        header, files = render(profile, mode)
    except Unsupported as problem:
        print(f"unsupported: security mode {mode}: {problem}", file=sys.stderr)
        return 3
    except (OSError, ValueError, KeyError, TypeError) as problem:
        print(f"error: cannot read the security profile {profile_path}: {problem}", file=sys.stderr)
        return 2
    with open(out, "w", encoding="ascii") as f:
        f.write(header)
    print("\n".join(files))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
