#!/usr/bin/env bash
# Checks what contract-test does not, at every version: the catalog services under several
# kept-alive connections at once, the native client on the seismic large-response sequence
# (no errors), that seismic without its data stops `serve` at start-up with one error line, the
# native client on operations whose messages have no parts and on fault classes named like
# elements, and the refusals (mixed content, WSDL2Java's own) with the construct and its line.
# Usage: stack-runners/axis2/test.sh   (AXIS2_TEST_WORK=DIR keeps the builds in DIR)
set -uo pipefail

readonly HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly ROOT="$(cd "$HERE/../.." && pwd)"
readonly RUNNER="$HERE/runner"
readonly CHECK="$ROOT/stack-runners/gsoap/check_service.py"
readonly SEISMIC_DATA="$ROOT/datasets/seismic/out"
readonly WORK="${AXIS2_TEST_WORK:-$(mktemp -d /tmp/axis2-test.XXXXXX)}"
failures=0

pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
skip() { echo "SKIP $*"; }

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# build V SERVICE: the catalog service into $WORK/V/SERVICE
build() {
    local v="$1" service="$2"
    mkdir -p "$WORK/$v"
    "$RUNNER" build --wsdl "$ROOT/wsdl-catalog/$service" --entry "$service.wsdl" \
        --samples "$ROOT/wsdl-catalog/$service/samples" --security plain --version "$v" \
        --out "$WORK/$v/$service" --catalog "$service" >"$WORK/$v/$service.build.log" 2>&1 ||
        { fail "$v $service: build: $(tail -n1 "$WORK/$v/$service.build.log")"; return 1; }
}

# start_server V SERVICE: sets SERVER_PID and SERVER_URL
start_server() {
    local v="$1" service="$2" port ready=""
    port="$(free_port)"
    : >"$WORK/$v/$service.serve.out"
    "$RUNNER" serve --build "$WORK/$v/$service" --port "$port" >"$WORK/$v/$service.serve.out" 2>"$WORK/$v/$service.serve.err" &
    SERVER_PID=$!
    for _ in $(seq 600); do
        ready="$(grep -m1 '^READY ' "$WORK/$v/$service.serve.out" 2>/dev/null)"
        [[ -n "$ready" ]] && break
        kill -0 "$SERVER_PID" 2>/dev/null || break
        sleep 0.1
    done
    SERVER_URL="${ready#READY }"
    if [[ -z "$SERVER_URL" ]]; then
        fail "$v $service: serve did not print READY ($(tail -n1 "$WORK/$v/$service.serve.err"))"
        kill "$SERVER_PID" 2>/dev/null
        wait "$SERVER_PID" 2>/dev/null
        return 1
    fi
}

stop_server() {
    kill -TERM "$SERVER_PID" 2>/dev/null
    wait "$SERVER_PID" 2>/dev/null
}

# concurrent V SERVICE SAMPLES: 4 kept-alive connections, each sending every sample 3 times
concurrent() {
    local v="$1" service="$2" samples="$3"
    build "$v" "$service" && start_server "$v" "$service" || return
    if python3 "$CHECK" "$SERVER_URL" "$samples" --connections 4 --rounds 3; then
        pass "$v $service: 4 connections answer $(basename "$samples") right"
    else
        fail "$v $service: wrong answers on 4 connections"
    fi
    stop_server
}

# generic V CASE_DIR ENTRY: a test WSDL with the generic implementation into $WORK/V/<case>
generic() {
    local v="$1" dir="$2" entry="$3" name
    name="$(basename "$dir")"
    mkdir -p "$WORK/$v"
    "$RUNNER" build --wsdl "$dir" --entry "$entry" --samples "$dir/samples" --security plain --version "$v" \
        --out "$WORK/$v/$name" >"$WORK/$v/$name.build.log" 2>&1 ||
        { fail "$v $name: build: $(tail -n1 "$WORK/$v/$name.build.log")"; return 1; }
}

# native_generic V CASE_DIR ENTRY: the native client sends the case's samples from 2 threads, no errors
native_generic() {
    local v="$1" dir="$2" entry="$3" name summary errors
    name="$(basename "$dir")"
    generic "$v" "$dir" "$entry" && start_server "$v" "$name" || return
    summary="$("$RUNNER" drive --build "$WORK/$v/$name" --endpoint "$SERVER_URL" \
        --requests "$dir/samples" --concurrency 2 --count 60 2>"$WORK/$v/$name.drive.err" | tail -n1)"
    errors="$(python3 -c 'import json,sys; d = json.loads(sys.argv[1]); print(d["requests"], sum(d["errors"].values()))' "$summary" 2>/dev/null)"
    if [[ "$errors" == "60 0" ]]; then
        pass "$v $name: native client, 2 threads: 60 answers, 0 errors"
    else
        fail "$v $name: native client printed '${summary:0:300}' ($(tail -n1 "$WORK/$v/$name.drive.err"))"
    fi
    stop_server
}

# refused V NAME DIR ENTRY SAMPLES LINE: the build fails with exactly LINE, which names no folder of the build
refused() {
    local v="$1" name="$2" dir="$3" entry="$4" samples="$5" line="$6" last
    mkdir -p "$WORK/$v"
    if "$RUNNER" build --wsdl "$dir" --entry "$entry" --samples "$samples" --security plain --version "$v" \
        --out "$WORK/$v/$name" >"$WORK/$v/$name.build.out" 2>"$WORK/$v/$name.build.err"; then
        fail "$v $name: built, but should fail with '$line'"
        return
    fi
    last="$(tail -n1 "$WORK/$v/$name.build.err")"
    if [[ "$last" == "$line" && "$last" != *"$WORK"* && "$last" != *"/tmp/"* && "$last" != *"$ROOT"* ]]; then
        pass "$v $name: refused: $last"
    else
        fail "$v $name: last stderr line '$last', expected '$line'"
    fi
}

# native_seismic V: the native client sends requests-large from 2 threads until 100 answers
native_seismic() {
    local v="$1" summary errors
    build "$v" seismic && start_server "$v" seismic || return
    summary="$("$RUNNER" drive --build "$WORK/$v/seismic" --endpoint "$SERVER_URL" \
        --requests "$SEISMIC_DATA/requests-large" --concurrency 2 --count 100 2>"$WORK/$v/drive.err" | tail -n1)"
    errors="$(python3 -c 'import json,sys; d = json.loads(sys.argv[1]); print(d["requests"], sum(d["errors"].values()))' "$summary" 2>/dev/null)"
    if [[ "$errors" == "100 0" ]]; then
        pass "$v seismic: native client, requests-large, 2 threads: 100 answers, 0 errors"
    else
        fail "$v seismic: native client printed '${summary:0:300}' ($(tail -n1 "$WORK/$v/drive.err"))"
    fi
    stop_server
}

# missing_data V: serve must stop at start-up, its last stderr line naming the seismic data
missing_data() {
    local v="$1" status last
    [[ -d "$WORK/$v/seismic" ]] || build "$v" seismic || return
    SOAPBENCH_DATASETS="$WORK/no-datasets" timeout 120 "$RUNNER" serve --build "$WORK/$v/seismic" \
        --port "$(free_port)" >"$WORK/$v/missing.out" 2>"$WORK/$v/missing.err"
    status=$?
    last="$(tail -n1 "$WORK/$v/missing.err")"
    if [[ $status -ne 0 && $status -ne 124 && "$last" == error:*"seismic data: cannot read $WORK/no-datasets/seismic/out/"* ]] &&
        ! grep -q '^READY' "$WORK/$v/missing.out"; then
        pass "$v seismic: without data serve stops with '$last'"
    else
        fail "$v seismic: without data serve exited $status with '$last'"
    fi
}

for v in $(python3 -c 'import json,sys; [print(v["version"]) for v in json.load(open(sys.argv[1]))["versions"]]' "$HERE/stack.json"); do
    concurrent "$v" hello-world "$ROOT/wsdl-catalog/hello-world/samples"
    concurrent "$v" simple-types "$ROOT/datasets/simple-types/requests"
    concurrent "$v" calculator "$ROOT/wsdl-catalog/calculator/samples"
    if [[ -f "$SEISMIC_DATA/quakes.tsv" ]]; then
        native_seismic "$v"
    else
        skip "$v seismic native client: no $SEISMIC_DATA (run make -C datasets build)"
    fi
    missing_data "$v"
    native_generic "$v" "$ROOT/testdata/wsdl/empty-messages" empty.wsdl
    native_generic "$v" "$ROOT/testdata/wsdl/empty-messages-rpc" empty-rpc.wsdl
    native_generic "$v" "$ROOT/testdata/wsdl/fault-name-clash" transfers.wsdl
    refused "$v" mixed-content "$HERE/testdata/mixed-content" notes.wsdl "$HERE/testdata/mixed-content/samples" \
        "unsupported: mixed content in type RichText (Axis2 ADB does not bind mixed content), in notes.wsdl:11"
    # What WSDL2Java refuses while reading the WSDL, named with its place.
    refused "$v" two-body-parts "$HERE/testdata/two-body-parts" pairs.wsdl "$HERE/testdata/two-body-parts/samples" \
        "unsupported: document/literal message joinRequest of operation join with more than one body part (Axis2 binds a document/literal SOAP body of one part only), in pairs.wsdl:14"
    refused "$v" fault-part-type "$HERE/testdata/fault-part-type" ping.wsdl "$HERE/testdata/fault-part-type/samples" \
        "unsupported: fault message pingFault whose part detail is declared by type (Axis2 needs a fault's detail declared by element), in ping.wsdl:15"
    # The empty-messages case with its SOAP actions taken out of the samples: nothing left to dispatch on.
    refused "$v" empty-no-action "$ROOT/testdata/wsdl/empty-messages" empty.wsdl "$HERE/testdata/empty-no-action/samples" \
        "unsupported: operation ping: its request has an empty SOAP Body and no SOAP action, and Axis2 dispatches a request by one of them, in empty.wsdl:49"
done

[[ -n "${AXIS2_TEST_WORK:-}" ]] || rm -rf "$WORK"
echo "$failures failure(s)"
((failures == 0))
