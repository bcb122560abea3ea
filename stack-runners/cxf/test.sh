#!/usr/bin/env bash
# What only the CXF runner does: its native client's variant settings (client.conduit), read from
# stack.json by `drive --variant`, turned into the client JVM's flags and printed on a
# `CLIENT SETTINGS` line; server-only variants leave the client as it is. Then the security modes:
# secure-build on hand-made builds (tests/secure-build-test), and each mode end to end on the
# catalog echo service with security-check and drive (tests/security-test).
#   bash stack-runners/cxf/test.sh
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A build folder as far as drive's argument check goes; the client itself cannot start in it.
mkdir -p "$work/build" "$work/requests"
touch "$work/build/endpoint.properties"
failures=0

# drive_stderr VARIANT: what drive prints on stderr for that variant ("" for none).
drive_stderr() {
  local args=(drive --build "$work/build" --endpoint http://127.0.0.1:9/ws --requests "$work/requests"
    --concurrency 1 --count 1)
  [[ -z "$1" ]] || args+=(--variant "$1")
  "$here/runner" "${args[@]}" 2>&1 >/dev/null
}

check() {
  local name="$1" output="$2" want="$3"
  if [[ "$output" == *"$want"* ]]; then
    echo "ok   $name"
  else
    echo "FAIL $name: wanted '$want' in: $(tail -n 3 <<<"$output")"
    failures=$((failures + 1))
  fi
}

check "urlconnection-client sets the conduit" "$(drive_stderr urlconnection-client)" \
  'CLIENT SETTINGS {"variant":"urlconnection-client","flags":"-Dorg.apache.cxf.transport.http.forceURLConnection=true"}'
check "a server variant leaves the client's flags empty" "$(drive_stderr parallel-gc)" \
  'CLIENT SETTINGS {"variant":"parallel-gc","flags":""}'
check "an undeclared variant is refused" "$(drive_stderr no-such-variant)" \
  'error: variant no-such-variant is not declared by cxf'
if [[ "$(drive_stderr "")" == *"CLIENT SETTINGS"* ]]; then
  echo "FAIL without a variant, no CLIENT SETTINGS line"; failures=$((failures + 1))
else
  echo "ok   without a variant, no CLIENT SETTINGS line"
fi

python3 "$here/tests/secure-build-test" || failures=$((failures + 1))
bash "$here/tests/security-test" "$work/security" || failures=$((failures + 1))

((failures == 0)) && echo "all CXF runner tests passed" || { echo "$failures CXF runner test(s) failed"; exit 1; }
