#!/usr/bin/env bash
# Checks what contract-test does not, at every version: a WSDL wsimport refuses ends the build
# with wsimport's own first error and its place in the user's bundle (FILE:LINE), never with a
# folder of the build; so does an operation wsimport skips. A soap:body whose header parts wsimport
# would bind twice gets its parts stated in the build's copy, in place.
# Usage: stack-runners/metro/test.sh   (METRO_TEST_WORK=DIR keeps the builds in DIR)
set -uo pipefail

readonly HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly ROOT="$(cd "$HERE/../.." && pwd)"
readonly RUNNER="$HERE/runner"
readonly WORK="${METRO_TEST_WORK:-$(mktemp -d /tmp/metro-test.XXXXXX)}"
failures=0

pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

# refused V NAME DIR ENTRY SAMPLES PREFIX SUFFIX: the build fails, its last stderr line starts with
# PREFIX, ends with SUFFIX and names no folder of the build
refused() {
    local v="$1" name="$2" dir="$3" entry="$4" samples="$5" prefix="$6" suffix="$7" last
    mkdir -p "$WORK/$v"
    if "$RUNNER" build --wsdl "$dir" --entry "$entry" --samples "$samples" --security plain --version "$v" \
        --out "$WORK/$v/$name" >"$WORK/$v/$name.build.out" 2>"$WORK/$v/$name.build.err"; then
        fail "$v $name: built, but should fail with '$prefix...$suffix'"
        return
    fi
    last="$(tail -n1 "$WORK/$v/$name.build.err")"
    if [[ "$last" == "$prefix"*"$suffix" && "$last" != *"$WORK"* && "$last" != *"/tmp/"* && "$last" != *"$ROOT"* ]]; then
        pass "$v $name: refused: $last"
    else
        fail "$v $name: last stderr line '$last', expected '$prefix...$suffix'"
    fi
}

# stated_body_parts V: a soap:body without parts beside a header part of its own message gets the
# other parts stated in the build's copy, in place, and a header part of another message named like
# a part of its operation is renamed there: the copy differs from the user's WSDL only by those
# attributes, line for line, and the build log names each with its line.
stated_body_parts() {
    local v="$1" case="$ROOT/testdata/wsdl/header-parts" out="$WORK/$v/header-parts" problem
    mkdir -p "$WORK/$v"
    if ! "$RUNNER" build --wsdl "$case" --entry quotes.wsdl --samples "$case/samples" --security plain --version "$v" \
        --out "$out" >"$out.build.out" 2>"$out.build.err"; then
        fail "$v header-parts: build failed: $(tail -n1 "$out.build.err")"
        return
    fi
    problem="$(python3 - "$case/quotes.wsdl" "$out/wsdl/quotes.wsdl" "$out/build.log" <<'PY'
import re, sys
original, copy, log = (open(p, encoding="utf-8").read() for p in sys.argv[1:])
want = {125: ' parts="parameters"', 128: ' parts="parameters"', 137: ' parts=""', 146: ' parts="body"'}
# lastTrade's output header part body of message tradeNotice is named like lastTrade's body parts.
renamed = {89: ('name="body"', 'name="bodyHeader"'), 150: ('part="body"', 'part="bodyHeader"')}
a, b = original.split("\n"), copy.split("\n")
if len(a) != len(b):
    sys.exit(f"the copy has {len(b)} lines, the WSDL {len(a)}")
for number, (before, after) in enumerate(zip(a, b), 1):
    expected = before.replace("/>", want[number] + "/>", 1) if number in want else before
    if number in renamed:
        expected = before.replace(*renamed[number], 1)
    if after != expected:
        sys.exit(f"line {number} of the copy is {after.strip()!r}, want {expected.strip()!r}")
    if number in want and not re.search(rf"^quotes\.wsdl:{number}: soap:body without parts .*parts={re.escape(want[number].split('=')[1])}$", log, re.M):
        sys.exit(f"the build log does not name line {number}")
if not re.search(r"^quotes\.wsdl:89: part body of message tradeNotice, a SOAP header of operation lastTrade .* renamed bodyHeader ", log, re.M):
    sys.exit("the build log does not name the renamed header part at line 89")
PY
)" || { fail "$v header-parts: $problem"; return; }
    pass "$v header-parts: the soap:body parts stated and the clashing header part renamed in place, line for line"
}

for v in $(python3 -c 'import json,sys; [print(v["version"]) for v in json.load(open(sys.argv[1]))["versions"]]' "$HERE/stack.json"); do
    # wsimport reports an undefined element and then throws without a message ("wsimport: null").
    refused "$v" undefined-element "$ROOT/testdata/wsdl/invalid/undefined-element" echo.wsdl \
        "$ROOT/wsdl-catalog/echo/samples" \
        'error: wsimport: Schema descriptor {urn:soapbench:echo}echoReply in message part "parameters" is not defined' \
        ", in echo.wsdl:32"
    # wsimport skips an operation whose message binds two parts to the Body and goes on; the
    # build refuses the operation with wsimport's reason and the message's line.
    refused "$v" two-body-parts "$HERE/tests/two-body-parts" parts.wsdl "$HERE/tests/two-body-parts/samples" \
        'unsupported: operation join: wsimport leaves it out of the service interface (more than one part bound to body)' \
        ", in parts.wsdl:17"
    # A header part named like a part of its operation is renamed in the build's copy, unless its
    # message is an operation's own too (HeaderPartNames, shared with CXF).
    refused "$v" header-part-clash "$HERE/tests/header-part-clash" stockquote.wsdl "$HERE/tests/header-part-clash/samples" \
        'unsupported: SOAP header part body of message OptionalResponseHeader has the name of another part of operation GetLastTradePrice' \
        ", in stockquote.wsdl:80"
    stated_body_parts "$v"
done

# The security modes: secure-build's WSDL copies, then end to end on the catalog echo service
# (security-check and drive per mode).
python3 "$HERE/tests/secure-build-test" || failures=$((failures + 1))
bash "$HERE/tests/security-test" "$WORK/security" || failures=$((failures + 1))

[[ -n "${METRO_TEST_WORK:-}" ]] || rm -rf "$WORK"
echo "$failures failure(s)"
((failures == 0))
