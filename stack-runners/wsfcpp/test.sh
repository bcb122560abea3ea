#!/usr/bin/env bash
# What only the WSF/C++ runner does, beyond contract-test (stackcheck: every catalog service and
# testdata/wsdl case, and the contract's behaviour: version line, refusals, READY, SIGTERM, busy
# port, drive's summary): the catalog echo in httpd (the default) and on the standalone server, its
# answers, keep-alive and concurrent requests under httpd, httpd's whole session stopped, its
# crash reports; that a missing httpd makes the stack unavailable and that the WSDLs it refuses
# fail fast with the contract's line.
# Skips, printing why, when WSFCPP_HOME does not name a complete WSF/C++ installation.
# Usage: stack-runners/wsfcpp/test.sh   (WSFCPP_TEST_WORK=DIR keeps the builds in DIR)
set -uo pipefail

readonly HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly ROOT="$(cd "$HERE/../.." && pwd)"
readonly RUNNER="$HERE/runner"
readonly ECHO="$ROOT/wsdl-catalog/echo"
failures=0

pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

build() {  # build NAME BUNDLE ENTRY SAMPLES [EXTRA...]: builds into $WORK/NAME, log in $WORK/NAME.log
    local name="$1" bundle="$2" entry="$3" samples="$4"; shift 4
    "$RUNNER" build --wsdl "$bundle" --entry "$entry" --samples "$samples" --security plain \
        --version 2.1.0 --out "$WORK/$name" "$@" 2>"$WORK/$name.log"
}

start_server() {  # start_server NAME [SERVER_KIND]: sets SERVER_PID, SERVER_URL, SERVER_PORT
    local name="$1" ready=""
    SERVER_PORT="$(free_port)"
    WSFCPP_SERVER="${2:-httpd}" "$RUNNER" serve --build "$WORK/$name" --port "$SERVER_PORT" >"$WORK/$name.serve.out" 2>"$WORK/$name.serve.err" &
    SERVER_PID=$!
    for _ in $(seq 300); do
        ready="$(grep -m1 '^READY ' "$WORK/$name.serve.out" 2>/dev/null)"
        [[ -n "$ready" ]] && break
        kill -0 "$SERVER_PID" 2>/dev/null || break
        sleep 0.1
    done
    SERVER_URL="${ready#READY }"
    if [[ "$ready" != "READY http://127.0.0.1:$SERVER_PORT/axis2/services/ws" ]]; then
        fail "$name: serve printed '$ready' instead of READY ($(tail -n1 "$WORK/$name.serve.err"))"
        kill "$SERVER_PID" 2>/dev/null
        return 1
    fi
}

# server_session: the session of the server serve started (httpd or axis2_http_server and its children)
server_session() {
    ps -o sid= --ppid "$SERVER_PID" 2>/dev/null | awk '$1 != '"$SERVER_PID"' { print $1; exit }'
}

# session_alive SID: whether any process of that session is left
session_alive() {
    ps -e -o sid=,stat= | awk -v sid="$1" '$1 == sid && $2 !~ /^Z/ { found = 1 } END { exit !found }'
}

# post_echo URL TEXT: the text of the echoResponse the server gives for an echo request with TEXT
post_echo() {
    python3 - "$1" "$2" <<'EOF'
import http.client, sys, urllib.parse, xml.etree.ElementTree as ET
url, text = urllib.parse.urlparse(sys.argv[1]), sys.argv[2]
body = ('<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:e="urn:soapbench:echo">'
        '<soapenv:Body><e:echo><e:text>%s</e:text></e:echo></soapenv:Body></soapenv:Envelope>' % text)
c = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
c.request("POST", url.path, body.encode("utf-8"), {"Content-Type": "text/xml; charset=utf-8", "SOAPAction": '"urn:soapbench:echo:echo"'})
r = c.getresponse()
found = ET.fromstring(r.read()).find(".//{urn:soapbench:echo}echoResponse/{urn:soapbench:echo}text")
print(r.status, found.text if found is not None else "")
EOF
}

# keepalive_and_concurrency URL: 8 connections send 25 requests each; every answer must carry its
# own text, and each connection must stay open for all of its requests.
keepalive_and_concurrency() {
    python3 - "$1" <<'EOF'
import http.client, sys, threading, urllib.parse, xml.etree.ElementTree as ET
url = urllib.parse.urlparse(sys.argv[1])
problems = []
def client(n):
    c = http.client.HTTPConnection(url.hostname, url.port, timeout=20)
    c.connect()
    local = c.sock.getsockname()
    for i in range(25):
        text = "connection %d request %d" % (n, i)
        body = ('<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:e="urn:soapbench:echo">'
                '<soapenv:Body><e:echo><e:text>%s</e:text></e:echo></soapenv:Body></soapenv:Envelope>' % text)
        c.request("POST", url.path, body.encode(), {"Content-Type": "text/xml; charset=utf-8", "SOAPAction": '"urn:soapbench:echo:echo"'})
        r = c.getresponse()
        found = ET.fromstring(r.read()).find(".//{urn:soapbench:echo}text")
        if r.status != 200 or found is None or found.text != text:
            problems.append("%s: HTTP %d %r" % (text, r.status, found is not None and found.text))
            return
        if (r.getheader("Connection") or "").lower() == "close" or c.sock is None or c.sock.getsockname() != local:
            problems.append("%s: the server closed the connection" % text)
            return
threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
for t in threads: t.start()
for t in threads: t.join()
print(problems[0] if problems else "ok")
EOF
}

check_catalog_echo() {
    build echo "$ECHO" echo.wsdl "$ECHO/samples" --catalog echo || { fail "catalog echo: build: $(tail -n1 "$WORK/echo.log")"; return; }
    pass "catalog echo: build"
    start_server echo || return
    grep -q '^SETTINGS {"server":"httpd",.*"mpm":"prefork",.*"keepAlive":true' "$WORK/echo.serve.out" \
        && pass "catalog echo: SETTINGS line names httpd, prefork and keep-alive" \
        || fail "catalog echo: SETTINGS line: $(head -n1 "$WORK/echo.serve.out")"
    local answer
    answer="$(post_echo "$SERVER_URL" "changed text 123")"
    [[ "$answer" == "200 changed text 123" ]] && pass "catalog echo: answers the text it was sent" \
        || fail "catalog echo: answered '$answer' to 'changed text 123'"
    answer="$(keepalive_and_concurrency "$SERVER_URL")"
    [[ "$answer" == "ok" ]] && pass "catalog echo: 8 concurrent keep-alive connections, 200 requests answered" \
        || fail "catalog echo: concurrent keep-alive requests: $answer"

    check_drive

    local session started=$(date +%s%3N) status
    session="$(server_session)"
    kill -TERM "$SERVER_PID"
    wait "$SERVER_PID"
    status=$?
    local took=$(( $(date +%s%3N) - started ))
    if [[ -n "$session" ]] && ((status == 0 && took < 5000)) && ! session_alive "$session"; then
        pass "catalog echo: SIGTERM stops serve and httpd with its children in ${took} ms"
    else
        fail "catalog echo: SIGTERM: status $status after ${took} ms, server session '$session' left running or not found"
    fi
}

# drive_summary URL COUNT: the native client's summary of COUNT echo requests over 4 connections,
# shortened to "requests errors histogram-prefix" (stackcheck holds the summary to the contract)
drive_summary() {
    "$RUNNER" drive --build "$WORK/echo" --endpoint "$1" --requests "$ROOT/datasets/echo/payloads/1kb" \
        --concurrency 4 --count "$2" 2>&1 | tail -n1 | python3 -c '
import json, sys
line = sys.stdin.read()
try:
    s = json.loads(line)
    print(s["requests"], json.dumps(s["errors"], sort_keys=True), s["histogram"][:5])
except (ValueError, KeyError) as problem:
    print("bad summary (%s): %s" % (problem, line.strip()[:200]))
'
}

# The client's own error kind for a server that is not there.
check_drive() {
    local summary
    summary="$(drive_summary "http://127.0.0.1:$(free_port)/axis2/services/ws" 10)"
    [[ "$summary" == '10 {"transport": 10} HISTF' ]] && pass "drive: requests to a closed port count as transport errors" \
        || fail "drive to a closed port: $summary"
}

# httpd replaces a crashed child and carries on; serve must stop and say so instead.
check_httpd_child_crash() {
    start_server echo || return
    local httpd
    httpd="$(server_session)"
    pkill -SEGV -o -P "$httpd"
    wait "$SERVER_PID"
    local status=$? last
    last="$(tail -n1 "$WORK/echo.serve.err")"
    if ((status != 0)) && [[ "$last" == "error: an httpd child process crashed while serving: child pid "*"Segmentation fault (11)"* ]] \
        && ! session_alive "$httpd"; then
        pass "a crashed httpd child is reported and the server stopped: $last"
    else
        fail "a crashed httpd child: serve exited $status with '$last'"
    fi
}

check_standalone() {
    start_server echo standalone || return
    grep -q '^SETTINGS {"server":"axis2_http_server"' "$WORK/echo.serve.out" \
        && pass "standalone: SETTINGS line names axis2_http_server" \
        || fail "standalone: SETTINGS line: $(head -n1 "$WORK/echo.serve.out")"
    local answer
    answer="$(post_echo "$SERVER_URL" "standalone text")"
    [[ "$answer" == "200 standalone text" ]] && pass "standalone: answers the text it was sent" \
        || fail "standalone: answered '$answer'"
    pkill -SEGV -f "axis2_http_server -p $SERVER_PORT "
    wait "$SERVER_PID"
    local status=$? last
    last="$(tail -n1 "$WORK/echo.serve.err")"
    if ((status != 0)) && [[ "$last" == "error: axis2_http_server exited with status 139 while serving"* ]]; then
        pass "standalone: a server crash is reported with its status: $last"
    else
        fail "standalone: a server crash: serve exited $status with '$last'"
    fi
}

check_without_httpd() {
    local last
    last="$(WSFCPP_HTTPD=/nonexistent/apache2 "$RUNNER" version 2>&1 >/dev/null | tail -n1)"
    [[ "$last" == "unavailable: "*"Apache httpd is not found at WSFCPP_HTTPD=/nonexistent/apache2"* ]] \
        && pass "without httpd, version says: $last" || fail "without httpd, version said '$last'"
    last="$(WSFCPP_HTTPD=/nonexistent/apache2 "$RUNNER" build --wsdl "$ECHO" --entry echo.wsdl --samples "$ECHO/samples" \
        --security plain --version 2.1.0 --out "$WORK/no-httpd" 2>&1 | tail -n1)"
    [[ "$last" == "unavailable: "*"Apache httpd"* ]] && pass "without httpd, build is unavailable" \
        || fail "without httpd, build said '$last'"
}

check_generic_echo() {
    build generic-echo "$ECHO" echo.wsdl "$ECHO/samples" || { fail "generic echo: build: $(tail -n1 "$WORK/generic-echo.log")"; return; }
    start_server generic-echo || return
    local answer expected
    answer="$(post_echo "$SERVER_URL" "anything")"
    expected="$(python3 -c 'import sys,xml.etree.ElementTree as E; print(E.parse(sys.argv[1]).find(".//{urn:soapbench:echo}text").text)' "$ECHO/samples/echo.response.xml")"
    [[ "$answer" == "200 $expected" ]] && pass "generic echo: answers the sample response" \
        || fail "generic echo: answered '$answer'"
    kill -TERM "$SERVER_PID"; wait "$SERVER_PID"
}

# expect_refused NAME BUNDLE ENTRY PREFIX [EXTRA...]: the build fails in under 5 s with PREFIX
expect_refused() {
    local name="$1" bundle="$2" entry="$3" prefix="$4"; shift 4
    local started=$(date +%s%3N) last
    build "$name" "$bundle" "$entry" "$ECHO/samples" "$@" && { fail "$name: build succeeded"; return; }
    local took=$(( $(date +%s%3N) - started ))
    last="$(tail -n1 "$WORK/$name.log")"
    if [[ "$last" == "$prefix"* ]] && ((took < 5000)); then
        pass "$name refused in ${took} ms: $last"
    else
        fail "$name: after ${took} ms the last line was '$last' (expected '$prefix...')"
    fi
}

main() {
    local missing
    # The glue's escaping needs no WSF/C++ installation.
    (cd "$HERE" && python3 -m unittest -q tests.test_gen_glue 2>&1) && pass "gen_glue escapes services.xml and glue.cpp" \
        || fail "gen_glue unit tests"
    if ! missing="$("$RUNNER" version 2>&1 >/dev/null)" || [[ -n "$missing" ]]; then
        echo "SKIP wsfcpp: ${missing##*$'\n'}"
        ((failures == 0))
        return
    fi
    "$RUNNER" prepare >/dev/null || { fail "prepare"; return 1; }
    WORK="${WSFCPP_TEST_WORK:-$(mktemp -d /tmp/wsfcpp-test.XXXXXX)}"
    mkdir -p "$WORK" || { fail "cannot create $WORK"; return 1; }
    "$RUNNER" version | python3 -c 'import json,sys; v=json.load(sys.stdin); assert v["components"]["axis2c"]' \
        && pass "version names the Axis2/C it runs on" || fail "version"

    check_catalog_echo
    check_httpd_child_crash
    check_standalone
    check_without_httpd
    check_generic_echo
    expect_refused rpc-literal "$ROOT/testdata/wsdl/echo-rpc-literal" echo.wsdl "unsupported: rpc/literal binding"
    expect_refused malformed "$ROOT/testdata/wsdl/invalid/malformed" echo.wsdl "error: echo.wsdl:"
    expect_refused remote-import "$ROOT/testdata/wsdl/invalid/remote-import" echo.wsdl "error: unsafe value: echo.wsdl:11: import/@schemaLocation"
    expect_refused wrong-security "$ECHO" echo.wsdl "unsupported: security mode" --security username

    ((failures == 0)) && echo "all wsfcpp checks passed" || echo "$failures wsfcpp check(s) failed"
    ((failures == 0))
}

main "$@"
