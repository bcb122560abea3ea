#!/usr/bin/env bash
# The test PKI: make-pki's certificates verify against its CA, every key matches its certificate,
# the PKCS12 stores open with profile.json's password and hold what runners look up, a second run
# keeps the PKI (same fingerprints) and an incomplete one is made again. Then the checker's own
# tests (checker/: every mode against a WSS4J reference server and against servers that break it).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
pass() { echo "PASS $*"; }
failed() { echo "FAIL $*"; fail=1; }

# profile.json against its schema (python3's jsonschema, where installed: it is no project dependency).
if python3 -c 'import jsonschema' 2>/dev/null; then
  if python3 - "$here" <<'PY'; then pass "profile.json matches profile.schema.json"; else failed "profile.json does not match profile.schema.json"; fi
import json, sys, jsonschema
d = sys.argv[1]
schema = json.load(open(d + "/profile.schema.json"))
jsonschema.Draft202012Validator.check_schema(schema)
jsonschema.Draft202012Validator(schema).validate(json.load(open(d + "/profile.json")))
PY
else
  echo "SKIP profile.json against profile.schema.json: python3 has no jsonschema module"
fi

password=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["pki"]["storePassword"])' "$here/profile.json")
pki=$tmp/pki
"$here/make-pki" "$pki" >/dev/null

for who in server client; do
  if openssl verify -CAfile "$pki/ca.pem" "$pki/$who.pem" >/dev/null 2>&1; then pass "$who.pem verifies against ca.pem"
  else failed "$who.pem does not verify against ca.pem"; fi
  if [[ $(openssl pkey -in "$pki/$who.key" -pubout) == "$(openssl x509 -in "$pki/$who.pem" -noout -pubkey)" ]]; then
    pass "$who.key matches $who.pem"
  else failed "$who.key does not match $who.pem"; fi
  if openssl x509 -in "$pki/$who.pem" -noout -text | grep -q 'sha256WithRSAEncryption' \
     && openssl x509 -in "$pki/$who.pem" -noout -text | grep -q 'Public-Key: (2048 bit)'; then
    pass "$who.pem is RSA 2048 signed with SHA-256"
  else failed "$who.pem is not RSA 2048 signed with SHA-256"; fi
  if openssl x509 -in "$pki/$who.pem" -noout -checkend $((9 * 365 * 86400)) >/dev/null; then pass "$who.pem is valid for years"
  else failed "$who.pem expires within nine years"; fi
  if keytool -list -keystore "$pki/$who.p12" -storepass "$password" -alias "$who" 2>/dev/null | grep -q PrivateKeyEntry \
     && [[ $(keytool -list -v -keystore "$pki/$who.p12" -storepass "$password" -alias "$who" 2>/dev/null | grep -c '^Certificate\[') == 2 ]]; then
    pass "$who.p12 opens with the profile's password and holds key $who with its chain"
  else failed "$who.p12 does not hold key $who and its chain under the profile's password"; fi
done
trusted=$(keytool -list -keystore "$pki/truststore.p12" -storepass "$password" 2>/dev/null | grep -c trustedCertEntry || true)
if [[ $trusted == 3 ]]; then pass "truststore.p12 holds ca, server and client as trusted entries"
else failed "truststore.p12 holds $trusted trusted entries, expected 3"; fi
if keytool -list -keystore "$pki/server.p12" -storepass wrong >/dev/null 2>&1; then failed "server.p12 opens with a wrong password"
else pass "server.p12 refuses a wrong password"; fi

unreadable=$(find "$pki" -maxdepth 1 -type f -name '*.*' ! -name '.*' ! -perm -o=r)
if [[ -z $unreadable ]]; then pass "every PKI file is readable by the sandbox user"
else failed "not readable by others: $unreadable"; fi

fingerprints() { local f; for f in ca server client; do openssl x509 -in "$1/$f.pem" -noout -fingerprint -sha256; done; sha256sum "$1"/*.key; }
before=$(fingerprints "$pki")
"$here/make-pki" "$pki" >/dev/null
if [[ $(fingerprints "$pki") == "$before" ]]; then pass "a second run keeps the PKI"
else failed "a second run changed the PKI"; fi

rm "$pki/client.p12"
"$here/make-pki" "$pki" >/dev/null
if [[ -s $pki/client.p12 && $(fingerprints "$pki") != "$before" ]] && openssl verify -CAfile "$pki/ca.pem" "$pki/client.pem" >/dev/null 2>&1; then
  pass "an incomplete PKI is made again"
else failed "an incomplete PKI was not made again"; fi

: > "$pki/server.key"
"$here/make-pki" "$pki" >/dev/null
if [[ -s $pki/server.key ]] && [[ $(openssl pkey -in "$pki/server.key" -pubout) == "$(openssl x509 -in "$pki/server.pem" -noout -pubkey)" ]]; then
  pass "an empty key file is made again"
else failed "an empty key file was kept"; fi

if "$here/make-pki" 2>/dev/null; then failed "make-pki without OUT_DIR succeeded"
else pass "make-pki without OUT_DIR is refused"; fi
# The policy insertion the WSDL-policy stacks share (its own PASS/FAIL lines).
python3 "$here/wsdl-policy-test" || failed "wsdl-policy-test"
if (cd "$here/checker" && { mvn -B -q -o test || mvn -B -q test; }) >"$tmp/checker.log" 2>&1; then
  pass "checker: $(grep -ho 'tests="[0-9]*"' "$here"/checker/target/surefire-reports/TEST-*.xml | grep -o '[0-9]*' | awk '{s+=$1} END {print s}') tests"
else
  failed "checker: its tests failed"; grep -E 'Tests run|FAIL|ERROR' "$tmp/checker.log" | head -20
fi
exit $fail
