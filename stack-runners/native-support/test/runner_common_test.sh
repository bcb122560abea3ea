#!/usr/bin/env bash
# shellcheck disable=SC2016  # the checks' scripts expand in the bash that runs them
# Checks runner-common.sh on its own, with stand-ins for the runner's compile_unit and run_client:
# the error line and its scrubbing, the verbs' options, the parallel compile's status and the drive
# order (warm-up, then the counted run). Prints one line per check; exits non-zero if any failed.
set -uo pipefail

COMMON="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/runner-common.sh"
readonly COMMON
WORK="$(mktemp -d "${TMPDIR:-/tmp}/runner-common-test.XXXXXX")" || exit 1
trap 'rm -rf "$WORK"' EXIT
failures=0

# expect NAME WANT_STATUS WANT_LAST_LINE SCRIPT: runs SCRIPT in a fresh bash that sourced the file
expect() {
    local name="$1" want_status="$2" want_line="$3" script="$4" got status
    got="$(cd "$WORK" && HERE="$WORK/stack" bash -c "set -uo pipefail; source '$COMMON'; $script" 2>&1)"
    status=$?
    if [[ "$status" == "$want_status" && "$(tail -n1 <<<"$got")" == "$want_line" ]]; then
        echo "PASS $name"
    else
        echo "FAIL $name: status $status, last line '$(tail -n1 <<<"$got")' (want $want_status, '$want_line')"
        failures=$((failures + 1))
    fi
}

mkdir -p "$WORK/stack" "$WORK/samples" "$WORK/build" && echo '{}' >"$WORK/samples/index.json"
printf '#!/bin/sh\nexit 0\n' >"$WORK/build/client" && chmod +x "$WORK/build/client"

expect "die names the kind" 1 "unsupported: no way" 'die unsupported "no way"'
expect "die cuts the scrubbed folders" 1 "error: cannot read a.wsdl in the build folder" \
    'SCRUBBED=(/w/b/src/wsdl /w/b); die error "cannot read /w/b/src/wsdl/a.wsdl in /w/b"'
expect "no verb is a usage error" 1 \
    "error: usage: runner build|serve|drive|version|prepare ... (see docs/runner-contract.md)" 'dispatch_verb'
expect "a verb reaches the runner's function" 0 "built" 'cmd_build() { echo built; }; dispatch_verb build'
expect "build wants its folders" 1 "error: build needs --wsdl DIR --entry FILE --samples DIR --out DIR" \
    'parse_build_args 1.0 --wsdl .'
expect "build option without a value" 1 "error: build: option --out needs a value" \
    'parse_build_args 1.0 --wsdl . --out'
expect "build reads every option" 0 "stack a.wsdl plain 1.0 o 1 echo" \
    'parse_build_args 1.0 --wsdl stack --entry a.wsdl --samples samples --out o --mtom --catalog echo
     echo "$bundle $entry $security $version $out $mtom $catalog"'
expect "build without samples" 1 "error: no index.json in samples folder stack" \
    'parse_build_args 1.0 --wsdl stack --entry a.wsdl --samples stack --out o'
expect "catalog names are checked" 1 "error: no catalog service '../x'" \
    'parse_build_args 1.0 --wsdl stack --entry a.wsdl --samples samples --out o --catalog ../x; check_build_values'
expect "drive defaults" 0 "1 0 -" \
    'parse_drive_args --build b --endpoint e --requests r --count 3; echo "$concurrency $warmup ${variant:--}"'
expect "drive warm-up must be a number" 1 "error: drive: --warmup wants a whole number, got '-1'" \
    'parse_drive_args --build b --endpoint e --requests r --count 3 --warmup -1'
expect "drive unknown option" 1 "error: drive: unknown option --fast" 'parse_drive_args --fast'
expect "drive refuses MTOM" 1 "unsupported: MTOM: drive --mtom: this runner's native client does not send MTOM (stack.json features.nativeClientMtom)" \
    'parse_drive_args --build b --endpoint e --requests r --count 3 --mtom'
expect "compile_all succeeds when every unit does" 0 "$WORK/o/a.cpp.o $WORK/o/b.c.o" \
    'mkdir o; compile_unit() { touch "$2"; }; compile_all o x/a.cpp y/b.c a b c d e f g h && ls o/a.cpp.o o/b.c.o >/dev/null
     echo $(objects "$PWD/o" x/a.cpp y/b.c)'
expect "compile_all fails when one unit fails" 1 "failed" \
    'compile_unit() { [[ "$1" != bad.cpp ]]; }; compile_all o a.cpp bad.cpp c.cpp d.cpp e.cpp || { echo failed; exit 1; }'
expect "drive runs the warm-up, then the counted requests" 0 "2/3 2/5" \
    'run_client() { echo "$4/$5" >>calls; }
     mkdir -p "$HERE/../native-support" && echo "import sys; open(sys.argv[2], \"w\").close()" >"$HERE/../native-support/request_plan.py"
     parse_drive_args --build build --endpoint e --requests samples --concurrency 2 --count 5 --warmup 3
     drive_requests && echo $(cat calls)'
expect "drive without a client" 1 "error: no native client in samples: build it with this runner first" \
    'parse_drive_args --build samples --endpoint e --requests samples --count 5; drive_requests'

((failures == 0))
