#!/usr/bin/env bash
# What only the gSOAP runner does, beyond contract-test (stackcheck: every catalog service and
# testdata/wsdl case, and the contract's behaviour: version line, refusals, READY, SIGTERM, busy
# port, drive's summary): catalog services held to changed samples and many connections, its own
# test WSDLs (mangled names, empty inputs, two services, faults, binary content and wildcards), its
# SETTINGS line, its native client under load and against a stopped server, and its own refusals
# with their reasons.
# Usage: stack-runners/gsoap/test.sh   (GSOAP_TEST_WORK=DIR keeps the builds in DIR)
set -uo pipefail

readonly HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly ROOT="$(cd "$HERE/../.." && pwd)"
readonly RUNNER="$HERE/runner"
readonly WORK="${GSOAP_TEST_WORK:-$(mktemp -d /tmp/gsoap-test.XXXXXX)}"
failures=0

pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

millis() { date +%s%3N; }

# build NAME BUNDLE ENTRY SAMPLES [EXTRA...]: builds into $WORK/NAME, log in $WORK/NAME.log
build() {
    local name="$1" bundle="$2" entry="$3" samples="$4"; shift 4
    local started=$(millis)
    "$RUNNER" build --wsdl "$bundle" --entry "$entry" --samples "$samples" --security plain \
        --version 2.8.124 --out "$WORK/$name" "$@" 2>"$WORK/$name.log"
    local status=$?
    BUILD_SECONDS="$(awk -v ms=$(( $(millis) - started )) 'BEGIN { printf "%.1f", ms / 1000 }')"
    return $status
}

# start_server NAME [PORT]: serves $WORK/NAME in the background; sets SERVER_PID and SERVER_URL
start_server() {
    local name="$1" port="${2:-$(free_port)}" ready=""
    # emptied here: the background shell truncates it only after the first look for READY
    : >"$WORK/$name.serve.out"
    "$RUNNER" serve --build "$WORK/$name" --port "$port" >"$WORK/$name.serve.out" 2>"$WORK/$name.serve.err" &
    SERVER_PID=$!
    for _ in $(seq 100); do
        ready="$(grep -m1 '^READY ' "$WORK/$name.serve.out" 2>/dev/null)"
        [[ -n "$ready" ]] && break
        sleep 0.05
    done
    SERVER_URL="${ready#READY }"
    if [[ "$ready" != "READY http://127.0.0.1:$port/ws" ]]; then
        fail "$name: serve printed '${ready}' instead of READY ($(tail -n1 "$WORK/$name.serve.err"))"
        kill "$SERVER_PID" 2>/dev/null
        return 1
    fi
}

# stop_server NAME: stops the server (stackcheck holds SIGTERM to the contract)
stop_server() {
    kill -TERM "$SERVER_PID" 2>/dev/null
    wait "$SERVER_PID" 2>/dev/null
}

# serve_and_check NAME SAMPLES [check_service.py options...]: serves $WORK/NAME, checks, stops it
serve_and_check() {
    local name="$1" samples="$2"; shift 2
    start_server "$name" || return
    if python3 "$HERE/check_service.py" "$SERVER_URL" "$samples" "$@"; then
        pass "$name: answers match the samples ${*}"
    else
        fail "$name: answers differ from the samples ${*}"
    fi
    stop_server "$name"
}

# The settings line names what gSOAP's server runs with (stackcheck checks that it comes before
# READY and is one JSON object).
check_settings_line() {
    start_server catalog-echo || return
    local first
    first="$(head -n1 "$WORK/catalog-echo.serve.out")"
    if [[ "$first" == "SETTINGS "* ]] && python3 -c 'import json, sys; s = json.loads(sys.argv[1][9:]); assert s["keepAlive"] and s["threads"]["max"] > 0 and "-O2" in s["flags"]' "$first"; then
        pass "serve's SETTINGS line names keep-alive, its thread bound and -O2: ${first:0:80}..."
    else
        fail "serve's first line is not a SETTINGS JSON line: $first"
    fi
    stop_server catalog-echo
}

# drive_summary NAME SAMPLES C N: runs the native client; prints its JSON line
drive_summary() {
    "$RUNNER" drive --build "$WORK/$1" --endpoint "$SERVER_URL" --requests "$2" --concurrency "$3" --count "$4" 2>"$WORK/$1.drive.err"
}

# check_drive NAME WHAT SUMMARY REQUESTS [ERRORS_JSON]: the line counts REQUESTS requests with
# those errors, and its histogram decodes to one latency per request (check_summary.py)
check_drive() {
    local name="$1" what="$2" summary="$3" problem
    shift 3
    if problem="$(python3 "$HERE/check_summary.py" "$summary" "$@")"; then
        pass "$what: ${summary:0:160}..."
    else
        fail "$what: ${problem}: ${summary:-$(tail -n1 "$WORK/$name.drive.err")}"
    fi
}

# The native client sends N requests over C keep-alive connections without an error, and
# reports a server that is gone as errors rather than as success.
check_native_client() {
    local samples="$1" summary
    start_server catalog-echo || return
    summary="$(drive_summary catalog-echo "$samples" 8 4000)"
    check_drive catalog-echo "drive: 8 x 4000 echo requests" "$summary" 4000
    stop_server catalog-echo
    summary="$(drive_summary catalog-echo "$samples" 2 10)"
    check_drive catalog-echo "drive against a stopped server counts connect errors, and their latencies" \
        "$summary" 10 '{"connect": 10}'

}

# A sample fault is the expected answer, and it keeps the connection alive.
check_native_client_faults() {
    local samples="$HERE/testdata/faults/samples" summary
    [[ -x "$WORK/faults/client" ]] || { fail "faults case was not built"; return; }
    start_server faults || return
    summary="$(drive_summary faults "$samples" 4 2000)"
    check_drive faults "drive: expected faults count as answers" "$summary" 2000
    stop_server faults
}

# The calculator's edge cases, its computed divide-by-zero fault included, over keep-alive
# connections: the fault must not cost a reconnect or count as an error.
check_native_client_calculator() {
    local samples="$1" summary
    [[ -x "$WORK/catalog-calculator/client" ]] || { fail "catalog calculator was not built"; return; }
    start_server catalog-calculator || return
    summary="$(drive_summary catalog-calculator "$samples" 4 2000)"
    check_drive catalog-calculator "drive: calculator edge cases with the computed fault" "$summary" 2000
    stop_server catalog-calculator
}

# The seismic service evaluates both request sequences against the generated quake catalog;
# the native client must read the large responses (Region id="..." is data, not a reference).
check_catalog_seismic() {
    local entry="$1" data="$ROOT/datasets/seismic/out" summary
    if [[ ! -f "$data/quakes.tsv" || ! -f "$data/requests-large/index.json" ]]; then
        echo "SKIP catalog-seismic: $data is not built (make -C datasets build)"
        return
    fi
    expect_service catalog-seismic "$entry" seismic.wsdl "$entry/samples" --catalog seismic
    [[ -x "$WORK/catalog-seismic/server" ]] || return
    serve_and_check catalog-seismic "$data/requests-small"
    serve_and_check catalog-seismic "$data/requests-large" --connections 2
    start_server catalog-seismic || return
    summary="$(drive_summary catalog-seismic "$data/requests-large" 2 100)"
    check_drive catalog-seismic "drive: 100 large seismic responses read without errors" "$summary" 100
    stop_server catalog-seismic
    local err
    err="$(SOAPBENCH_DATASETS="$WORK/no-datasets" timeout 10 "$RUNNER" serve --build "$WORK/catalog-seismic" --port "$(free_port)" 2>&1 >/dev/null)"
    if [[ $? -ne 0 && "$(wc -l <<<"$err")" -eq 1 && "$err" == "error: seismic data: cannot read $WORK/no-datasets/seismic/out/"* ]]; then
        pass "seismic without its data fails at start-up: $err"
    else
        fail "seismic without its data: $err"
    fi
}

# expect_service NAME BUNDLE ENTRY SAMPLES [BUILD_EXTRA...]: build, serve, check the samples
expect_service() {
    local name="$1" bundle="$2" entry="$3" samples="$4"; shift 4
    if build "$name" "$bundle" "$entry" "$samples" "$@"; then
        echo "     $name: built in ${BUILD_SECONDS} s"
        serve_and_check "$name" "$samples"
    else
        fail "$name: build failed: $(tail -n1 "$WORK/$name.log")"
    fi
}

# names_worker_path LINE: true when a reason shows a folder of the build (the user knows the
# bundle's file names only)
names_worker_path() {
    [[ "$1" == *"$WORK"* || "$1" == *"$ROOT"* || "$1" == *" /tmp/"* || "$1" == *"file:/"* ]]
}

# expect_refused NAME PREFIX BUNDLE ENTRY [BUILD_EXTRA...]: build fails before compiling anything
# (its log has no "== g++" step) with PREFIX as last line. Checked by the step, not the clock: a
# loaded machine stretches seconds, not the order of the steps.
expect_refused() {
    local name="$1" prefix="$2" bundle="$3" entry="$4"; shift 4
    if build "$name" "$bundle" "$entry" "$HERE/testdata/bare/samples" "$@"; then
        fail "$name: build succeeded but should fail with '$prefix'"
        return
    fi
    local last
    last="$(tail -n1 "$WORK/$name.log")"
    if [[ "$last" != "$prefix"* ]]; then
        fail "$name: last stderr line '$last' does not start with '$prefix'"
    elif names_worker_path "$last"; then
        fail "$name: the reason names a folder of the build: $last"
    elif grep -q '^== g++' "$WORK/$name.log"; then
        fail "$name: compiled before refusing (${BUILD_SECONDS} s)"
    else
        pass "$name: refused in ${BUILD_SECONDS} s: $last"
    fi
}

# expect_reason NAME LINE BUNDLE ENTRY SAMPLES: the build fails (after code generation, so however
# long it takes) with exactly LINE as the last stderr line
expect_reason() {
    local name="$1" line="$2" bundle="$3" entry="$4" samples="$5"
    if build "$name" "$bundle" "$entry" "$samples"; then
        fail "$name: build succeeded but should fail with '$line'"
        return
    fi
    local last
    last="$(tail -n1 "$WORK/$name.log")"
    if [[ "$last" == "$line" ]] && ! names_worker_path "$last"; then
        pass "$name: refused: $last"
    else
        fail "$name: last stderr line '$last', expected '$line'"
    fi
}

# A WS-SecurityPolicy makes wsdl2h import wsse.h, whose code a plain build does not link: the
# reason names the policy, not the linker's "ld returned 1 exit status".
check_security_policy() {
    expect_reason security-policy "unsupported: the WSDL's WS-Security policy, in echo.wsdl:13 (wsdl2h imported wsse.h for it, whose WS-Security and SAML types need gSOAP's WS-Security plug-in and custom serializers, which a build for security mode plain does not link)" \
        "$HERE/testdata/security-policy" echo.wsdl "$ROOT/wsdl-catalog/echo/samples"
}

# A request that declares the other SOAP version's envelope namespace in its Header or Body (Metro's
# UsernameToken declares SOAP 1.2's, unused) is answered in its own version, SOAP 1.1 and 1.2.
check_stray_envelope_namespace() {
    local name sample action
    for name in catalog-echo soap12; do
        [[ -x "$WORK/$name/server" ]] || { fail "$name was not built"; continue; }
        sample="$WORK/$name/samples/echo.request.xml"
        action="urn:soapbench:echo:echo"
        start_server "$name" || continue
        if python3 "$HERE/tests/stray_envelope_namespace.py" "$SERVER_URL" "$sample" "$action" >"$WORK/$name.stray.out"; then
            pass "$name: $(paste -sd';' "$WORK/$name.stray.out")"
        else
            fail "$name: $(grep FAIL "$WORK/$name.stray.out" | paste -sd';')"
        fi
        stop_server "$name"
    done
}

# Two operations whose requests have no element are told apart by their SOAP actions
# (testdata/empty-inputs, built and served by the loop in main); with one action for both, gSOAP
# cannot, and says which operation loses its requests.
check_same_action_refused() {
    local copy="$WORK/bundle-empty-inputs-same-action"
    rm -rf "$copy" && cp -R "$HERE/testdata/empty-inputs" "$copy"
    sed -i 's/urn:soapbench:test:empty:version/urn:soapbench:test:empty:ping/' "$copy/empty.wsdl" "$copy/samples/index.json"
    expect_reason empty-inputs-same-action "unsupported: operation version of binding EmptyBinding, in empty.wsdl:69: its request has no element (an input message without parts) and SOAP action \"urn:soapbench:test:empty:ping\", and gSOAP, which dispatches on these, gives it to operation ping" \
        "$copy" empty.wsdl "$copy/samples"
}

# The native client sends requests with an empty Body, reads empty answers, and sends each
# operation of a two-binding service through its own binding's proxy.
check_native_client_cases() {
    local case samples summary
    for case in "$ROOT/testdata/wsdl/empty-messages" "$ROOT/testdata/wsdl/empty-messages-rpc" \
        "$HERE/testdata/empty-inputs" "$HERE/testdata/two-services"; do
        local name
        name="$(basename "$case")"
        [[ -x "$WORK/$name/client" ]] || { fail "$name was not built"; continue; }
        start_server "$name" || continue
        summary="$(drive_summary "$name" "$case/samples" 2 300)"
        check_drive "$name" "drive: $name, 2 x 300 requests" "$summary" 300
        stop_server "$name"
    done
}

# changed_samples ID FROM TO: a copy of the catalog samples of ID with FROM replaced by TO in
# every request and response, so a server that replays the sample instead of computing fails.
changed_samples() {
    local id="$1" from="$2" to="$3" dir="$WORK/$1-changed-samples" file
    mkdir -p "$dir"
    cp "$ROOT/wsdl-catalog/$id/samples/index.json" "$dir/"
    for file in "$ROOT/wsdl-catalog/$id/samples/"*.xml; do
        sed "s/$from/$to/" "$file" >"$dir/$(basename "$file")"
    done
    echo "$dir"
}

main() {
    mkdir -p "$WORK"
    echo "work folder: $WORK"
    local echo_dir="$ROOT/wsdl-catalog/echo"
    "$RUNNER" version | python3 -c 'import json, sys; v = json.load(sys.stdin); assert v["components"]["gcc"]' \
        && pass "version names the gcc that compiles the server" || fail "version"
    "$RUNNER" prepare >/dev/null && pass "prepare" || fail "prepare"

    expect_service catalog-echo "$echo_dir" echo.wsdl "$echo_dir/samples" --catalog echo
    serve_and_check catalog-echo "$(changed_samples echo "quick brown fox" 'lazy red fox \&amp; a "quoted" \&lt;dog\&gt; 東京')"
    serve_and_check catalog-echo "$echo_dir/samples" --connections 120 --rounds 5

    local catalog="$ROOT/wsdl-catalog"
    expect_service catalog-hello-world "$catalog/hello-world" hello-world.wsdl "$catalog/hello-world/samples" --catalog hello-world
    serve_and_check catalog-hello-world "$(changed_samples hello-world SOAPBench 'R\&amp;D \&lt;team\&gt;')"

    expect_service catalog-calculator "$catalog/calculator" calculator.wsdl "$catalog/calculator/samples" --catalog calculator
    serve_and_check catalog-calculator "$ROOT/datasets/calculator/requests"
    check_native_client_calculator "$ROOT/datasets/calculator/requests"

    expect_service catalog-simple-types "$catalog/simple-types" simple-types.wsdl "$catalog/simple-types/samples" --catalog simple-types
    serve_and_check catalog-simple-types "$ROOT/datasets/simple-types/requests" --connections 10 --rounds 3

    check_catalog_seismic "$catalog/seismic"

    expect_service generic-echo "$echo_dir" echo.wsdl "$echo_dir/samples"
    # contract-test builds and verifies every case of testdata/wsdl; the native client checks
    # below need these two built here.
    expect_service empty-messages "$ROOT/testdata/wsdl/empty-messages" empty.wsdl "$ROOT/testdata/wsdl/empty-messages/samples"
    expect_service empty-messages-rpc "$ROOT/testdata/wsdl/empty-messages-rpc" empty-rpc.wsdl "$ROOT/testdata/wsdl/empty-messages-rpc/samples"
    # Every case of gsoap/testdata, e.g. mangled-names: wsdl2h mangles its operation names
    # (_USCORE, _, _x002e), and each must still find its sample.
    local case entries
    for case in "$HERE"/testdata/*/; do
        [[ -f "$case/samples/index.json" ]] || continue
        entries=("$case"*.wsdl)
        if [[ ${#entries[@]} -ne 1 ]]; then
            echo "SKIP $(basename "$case"): not exactly one .wsdl at the top of the folder"
            continue
        fi
        expect_service "$(basename "$case")" "$case" "$(basename "${entries[0]}")" "$case/samples"
    done

    local data="$HERE/testdata"
    expect_refused malformed "error: echo.wsdl:" "$data/malformed" echo.wsdl
    expect_refused document-encoded "unsupported: document/encoded binding B, in echo.wsdl:" "$data/document-encoded" echo.wsdl
    expect_refused remote-import "error: unsafe value: echo.wsdl:11: import/@schemaLocation \"http://example.com/elsewhere.xsd\"" "$data/remote-import" echo.wsdl
    expect_refused unknown-security "unsupported: security mode x509-only: not in the profile" "$data/bare" quotes.wsdl --security x509-only
    expect_refused mtom-security "unsupported: security mode sign with MTOM" "$data/bare" quotes.wsdl --security sign --mtom
    expect_refused other-version "unsupported: gSOAP version" "$data/bare" quotes.wsdl --version 2.8.100
    expect_refused missing-sample "error: no sample response" "$echo_dir" echo.wsdl

    check_settings_line
    check_native_client "$echo_dir/samples"
    check_native_client_faults
    check_native_client_cases
    check_stray_envelope_namespace
    check_security_policy
    check_same_action_refused
    # The modes stack.json claims, each built once on the catalog echo: security-check and drive.
    if bash "$HERE/tests/security-test" "$WORK/security" >"$WORK/security-test.log" 2>&1; then
        grep '^PASS' "$WORK/security-test.log"
    else
        grep -E '^(PASS|FAIL)' "$WORK/security-test.log"
        fail "security modes: $(tail -n 1 "$WORK/security-test.log")"
    fi

    # The helper scripts' own tests (the XML walk, portless bindings; the latter builds with gSOAP).
    if (cd "$HERE" && python3 -m unittest discover -s tests >"$WORK/unittests.log" 2>&1); then
        pass "helper unit tests ($(grep -o 'Ran [0-9]* tests' "$WORK/unittests.log"))"
    else
        fail "helper unit tests: $(tail -n 5 "$WORK/unittests.log" | tr '\n' ' ')"
    fi

    [[ $failures -eq 0 ]] && echo "all gSOAP runner tests passed" || echo "$failures gSOAP runner test(s) failed"
    [[ $failures -eq 0 ]]
}

main "$@"
