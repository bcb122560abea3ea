#!/usr/bin/env bash
# What only the Spring-WS runner does, beside stack-runners/contract-test spring-ws:
# - its refusals: rpc/literal (which contract-test skips, as stack.json does not claim it),
#   rpc/encoded, MTOM, each with the contract's last line and, for the WSDL's, the file:line;
#   a schema XJC cannot bind, with XJC's own first error and its file:line;
# - its native client (WebServiceTemplate): drive answers every request without an error on the
#   catalog echo service (3 connections), a SOAP 1.2 port, SOAP headers, and empty request Bodies;
# - the hostile bundles of toolset/tests refused before XJC runs, as for every runner;
# - the security modes end to end on the catalog echo service (tests/security-test).
#   bash stack-runners/spring-ws/test.sh [VERSION]
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
version="${1:-$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["versions"][0]["version"])' "$here/stack.json")}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0

check() {
  local name="$1" output="$2" want="$3"
  if [[ "$output" == *"$want"* ]]; then
    echo "ok   $name"
  else
    echo "FAIL $name: wanted '$want' in: $(tail -n 3 <<<"$output")"
    failures=$((failures + 1))
  fi
}

# build CASE_DIR ENTRY OUT [ARGS...]: runner build with the case's own samples; prints stderr's last line.
build() {
  local dir="$1" entry="$2" out="$3"; shift 3
  "$here/runner" build --wsdl "$dir" --entry "$entry" --samples "$dir/samples" --security plain \
    --version "$version" --out "$out" "$@" 2>&1 >/dev/null | tail -n 1
}

# drive_case CASE_DIR ENTRY CONCURRENCY COUNT [--catalog ID]: builds, serves on a free port and
# prints drive's JSON line. A subshell whose exit, however it comes, stops the server.
drive_case() (
  local dir="$1" entry="$2" concurrency="$3" count="$4"; shift 4
  local out="$work/$(basename "$dir")" url="" i server_pid
  "$here/runner" build --wsdl "$dir" --entry "$entry" --samples "$dir/samples" --security plain \
    --version "$version" --out "$out" "$@" >/dev/null 2>"$work/build.err" || { tail -n 1 "$work/build.err"; return; }
  # Emptied here: the background shell truncates it only when it starts, and a look before that
  # would read the READY line of the case before, whose server is gone.
  : >"$work/serve.out"
  "$here/runner" serve --build "$out" --port 0 >"$work/serve.out" 2>"$work/serve.err" &
  server_pid=$!
  trap 'kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null' EXIT
  for ((i = 0; i < 240; i++)); do
    url="$(sed -n 's/^READY //p' "$work/serve.out")"
    [[ -z "$url" ]] || break
    sleep 0.5
  done
  if [[ -n "$url" ]]; then
    "$here/runner" drive --build "$out" --endpoint "$url" --requests "$dir/samples" \
      --concurrency "$concurrency" --count "$count" --warmup 20 2>&1 | tail -n 1
  else
    echo "server not ready: $(tail -n 1 "$work/serve.err")"
  fi
)

wsdl="$root/testdata/wsdl"
rpc="$(build "$wsdl/echo-rpc-literal" echo.wsdl "$work/rpc")"
echo "     $rpc"
check "rpc/literal is refused" "$rpc" "unsupported: rpc/literal operation"
check "rpc/literal's refusal names the WSDL's line" "$rpc" ", in echo.wsdl:"
check "rpc/encoded is refused" "$(build "$wsdl/pairs-rpc-encoded" pairs.wsdl "$work/encoded")" \
  "unsupported: rpc/encoded binding"
check "MTOM is refused" "$(build "$wsdl/mtom-xop" files.wsdl "$work/mtom" --mtom)" "unsupported: MTOM"
# XJC's own first error, with the inline schema's file and line in the bundle.
undefined_type="$("$here/runner" build --wsdl "$wsdl/invalid/undefined-type" --entry echo.wsdl \
  --samples "$root/wsdl-catalog/echo/samples" --security plain --version "$version" --out "$work/undefined-type" 2>&1 >/dev/null | tail -n 1)"
echo "     $undefined_type"
check "an undefined schema type is XJC's error with its line" "$undefined_type" \
  "error: XJC, binding the schemas: undefined simple or complex type 'tns:Text', in echo.wsdl:22"

check "drive: catalog echo, 3 connections" \
  "$(drive_case "$root/wsdl-catalog/echo" echo.wsdl 3 300 --catalog echo)" '"requests":300,"errors":{}'
check "drive: SOAP 1.2" "$(drive_case "$wsdl/echo-soap12" echo.wsdl 2 100)" '"requests":100,"errors":{}'
check "drive: SOAP headers" "$(drive_case "$wsdl/soap-headers" headers.wsdl 2 100)" '"requests":100,"errors":{}'
check "drive: empty request Bodies" "$(drive_case "$wsdl/empty-messages" empty.wsdl 2 100)" '"requests":100,"errors":{}'

# The shared hostile-bundle test, run on this runner.
if (cd "$here/../toolset/tests" && python3 -c '
import sys, unittest
import test_hostile_builds as hostile
hostile.STACKS = ("spring-ws",)
result = unittest.TextTestRunner(verbosity=0).run(unittest.defaultTestLoader.loadTestsFromTestCase(hostile.HostileBuildsTest))
sys.exit(0 if result.wasSuccessful() else 1)' >"$work/hostile.log" 2>&1); then
  echo "ok   hostile bundles refused before XJC runs"
else
  echo "FAIL hostile bundles: $(tail -n 5 "$work/hostile.log")"; failures=$((failures + 1))
fi

bash "$here/tests/security-test" "$work/security" || failures=$((failures + 1))

((failures == 0)) && echo "all Spring-WS runner tests passed ($version)" ||
  { echo "$failures Spring-WS runner test(s) failed ($version)"; exit 1; }
