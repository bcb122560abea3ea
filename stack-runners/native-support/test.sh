#!/usr/bin/env bash
# Checks the code the native runners share: their common bash (test/runner_common_test.sh), the
# C++ unit checks of the HdrHistogram encoder (index math, percentiles, V2 bytes) and of the
# summary line, then that hdrhistogram-go decodes what the encoder writes and that HdrHistogram
# Java writes the same bytes for the same values (compat/compat_test.go).
# Usage: stack-runners/native-support/test.sh
set -uo pipefail

readonly HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly HDR_JAR="$HOME/.m2/repository/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar"
readonly CXXFLAGS=(-O2 -std=c++11 -Wall -Wextra -Werror)
WORK="$(mktemp -d /tmp/native-support-test.XXXXXX)" || { echo "FAIL cannot create a work folder"; exit 1; }
readonly WORK
trap 'rm -rf "$WORK"' EXIT
failures=0

echo "== runner-common.sh"
bash "$HERE/test/runner_common_test.sh" || failures=$((failures + 1))

echo "== C++ unit checks (g++ ${CXXFLAGS[*]})"
if g++ "${CXXFLAGS[@]}" -I"$HERE" "$HERE/test/hdr_histogram_test.cpp" "$HERE/hdr_histogram.cpp" -lz -o "$WORK/hdr_histogram_test" \
    && g++ "${CXXFLAGS[@]}" -I"$HERE" "$HERE/test/hdr_encode.cpp" "$HERE/hdr_histogram.cpp" -lz -o "$WORK/hdr_encode" \
    && g++ "${CXXFLAGS[@]}" -I"$HERE" "$HERE/test/drive_summary_test.cpp" "$HERE/drive_summary.cpp" "$HERE/hdr_histogram.cpp" \
        -lz -o "$WORK/drive_summary_test"; then
    "$WORK/hdr_histogram_test" || failures=$((failures + 1))
    "$WORK/drive_summary_test" || failures=$((failures + 1))
else
    echo "FAIL the encoder, the summary or their tests do not compile"
    exit 1
fi

echo "== compatibility with hdrhistogram-go and HdrHistogram Java"
java_classpath=""
if [[ -f "$HDR_JAR" ]] && command -v javac >/dev/null; then
    mkdir -p "$WORK/java"
    if javac -d "$WORK/java" -cp "$HDR_JAR" "$HERE/test/JavaEncode.java"; then
        java_classpath="$HDR_JAR:$WORK/java"
    else
        echo "FAIL test/JavaEncode.java does not compile against $HDR_JAR"
        failures=$((failures + 1))
    fi
else
    echo "SKIP the byte-for-byte comparison with Java: needs javac and $HDR_JAR (make -C stack-runners build fetches it)"
fi
if command -v go >/dev/null; then
    # pipefail: the subshell fails when go test does, whatever grep keeps of its output
    (cd "$HERE/compat" && HDR_ENCODE="$WORK/hdr_encode" HDR_JAVA_CLASSPATH="$java_classpath" \
        go test -count=1 -v ./... 2>&1 | grep -E '^(\s*--- |ok|FAIL|panic|\s+compat_test)') \
        || failures=$((failures + 1))
else
    echo "SKIP the hdrhistogram-go check: go is not installed"
fi

[[ $failures -eq 0 ]] && echo "all native-support tests passed" || echo "$failures native-support test group(s) failed"
[[ $failures -eq 0 ]]
