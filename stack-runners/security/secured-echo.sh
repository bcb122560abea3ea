# Sourced by each stack's tests/security-test: the security modes end to end on the catalog echo
# service. For each MODE@VERSION a build, its server, security-check against it (the secured
# request accepted with the sample's answer, every tampered one refused with a fault) and the
# stack's own client driving secured requests with no errors.
#
# Before sourcing, set `runner` (the stack's runner) and optionally `drive_count` (default 20);
# $1 of the sourcing script is the work folder (default: a new temporary one). A stack adds its
# own checks by redefining, after sourcing:
#   check_secured_build NAME BUILD MODE VERSION      after a successful build
#   check_secured_server NAME BUILD URL MODE VERSION while its server is up, after the drive
# and ends with `security_tests_done LABEL`.

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
security="$repo/stack-runners/security"
echo_dir="$repo/wsdl-catalog/echo"
work="${1:-$(mktemp -d)}"
mkdir -p "$work"
failures=0
server_pid=""
# A few requests: drive proves the client secures requests and accepts the secured answers.
drive_count="${drive_count:-20}"

pass() { echo "PASS $*"; }
flunk() { echo "FAIL $*"; failures=$((failures + 1)); }

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

stop_server() {
  [[ -n "$server_pid" ]] || return 0
  kill -TERM "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}
trap stop_server EXIT

[[ -d "$security/pki" && -f "$security/checker/target/security-checker.jar" ]] ||
  { echo "FAIL the PKI or the checker is missing: run make -C stack-runners/security build"; exit 1; }

check_secured_build() { :; }
check_secured_server() { :; }

# policy_id MODE: the wsu:Id of the mode's policy in the profile
policy_id() {
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["modes"][sys.argv[2]]["policyId"])' "$security/profile.json" "$1"
}

# secured_echo MODE VERSION: build, serve, security-check, compare the answer, drive, stop.
secured_echo() {
  local mode="$1" version="$2" name="echo-$1-$2" build url line diff
  build="$work/$name"
  if ! "$runner" build --wsdl "$echo_dir" --entry echo.wsdl --samples "$echo_dir/samples" --security "$mode" \
      --version "$version" --catalog echo --out "$build" >"$work/$name.build.log" 2>&1; then
    flunk "$name: build failed: $(tail -n 1 "$work/$name.build.log")"
    return
  fi
  check_secured_build "$name" "$build" "$mode" "$version"
  : >"$work/$name.serve.out"
  "$runner" serve --build "$build" --port "$(free_port)" >"$work/$name.serve.out" 2>"$work/$name.serve.err" &
  server_pid=$!
  url=""
  for _ in $(seq 1 240); do
    url="$(sed -n 's/^READY //p' "$work/$name.serve.out")"
    [[ -z "$url" ]] || break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.25
  done
  if [[ -z "$url" ]]; then
    flunk "$name: no READY: $(tail -n 1 "$work/$name.serve.err")"
    stop_server
    return
  fi
  if "$security/security-check" --url "$url" --mode "$mode" --request "$echo_dir/samples/echo.request.xml" \
      --soap 1.1 --action urn:soapbench:echo:echo --pki "$security/pki" --profile "$security/profile.json" \
      --answer-out "$work/$name.answer.xml" >"$work/$name.check.out" 2>"$work/$name.check.err"; then
    pass "$name: security-check accepted the secured request and refused the $(grep -c '"ok":true,"detail":"refused' "$work/$name.check.out") tampered ones"
    # The answer, its security removed by the checker, is the sample's as for plain.
    if diff="$(python3 "$security/compare_payload.py" "$echo_dir/samples/echo.response.xml" "$work/$name.answer.xml")"; then
      pass "$name: the secured answer equals the sample response"
    else
      flunk "$name: the secured answer differs from the sample response: $diff"
    fi
  else
    flunk "$name: security-check: $(grep '"ok":false' "$work/$name.check.out" | head -n 2 | cut -c1-400) $(tail -n 1 "$work/$name.check.err")"
  fi
  line="$("$runner" drive --build "$build" --endpoint "$url" --requests "$echo_dir/samples" --concurrency 2 \
    --count "$drive_count" 2>"$work/$name.drive.err")"
  if [[ "$line" == *"\"requests\":$drive_count,\"errors\":{}"* ]]; then
    pass "$name: drive sent $drive_count secured requests, 0 errors"
  else
    flunk "$name: drive: ${line:0:300} $(tail -n 1 "$work/$name.drive.err")"
  fi
  check_secured_server "$name" "$build" "$url" "$mode" "$version"
  stop_server
}

# refused_build WHAT EXPECTED ARGS...: a build of the echo service with ARGS must fail, its last
# stderr line exactly EXPECTED (or, when EXPECTED ends with "...", starting with the rest).
refused_build() {
  local what="$1" expected="$2" got
  shift 2
  if "$runner" build --wsdl "$echo_dir" --entry echo.wsdl --samples "$echo_dir/samples" --catalog echo \
      --out "$work/refused" "$@" >/dev/null 2>"$work/refused.log"; then
    flunk "$what: built, but should have been refused"
    return
  fi
  got="$(tail -n 1 "$work/refused.log")"
  if [[ "$got" == "$expected" || ("$expected" == *... && "$got" == "${expected%...}"*) ]]; then
    pass "$what: $got"
  else
    flunk "$what: expected '$expected', got '$got'"
  fi
}

# security_tests_done LABEL: the summary line, and the exit status
security_tests_done() {
  if ((failures == 0)); then
    echo "all $1 security tests passed"
  else
    echo "$failures $1 security test(s) failed"
    exit 1
  fi
}
