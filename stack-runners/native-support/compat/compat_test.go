// Package compat checks that the C++ HdrHistogram encoder of the native drive clients writes what
// the worker decodes: it feeds value sets to test/hdr_encode (built by ../test.sh), decodes the
// line with hdrhistogram-go as workers/internal/job/native.go does, and compares it with the same
// values recorded here and, when HdrHistogram Java is at hand, with Java's own encoding.
package compat

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// highest is the drive clients' highest trackable latency in microseconds (one hour).
const highest = 3_600_000_000

// summary is the line hdr_encode and JavaEncode print.
type summary struct {
	Count     int64  `json:"count"`
	Max       int64  `json:"max"`
	P50       int64  `json:"p50"`
	P90       int64  `json:"p90"`
	P99       int64  `json:"p99"`
	Histogram string `json:"histogram"`
}

// valueSets are the inputs both encoders get; each stresses a different part of the format.
func valueSets() map[string][]int64 {
	r := rand.New(rand.NewSource(20240611))
	sets := map[string][]int64{
		// the empty histogram still encodes one count
		"empty": {},
		// one value: a lone zero count, then 1
		"single value 1": {1},
		// the unit-resolution sub-buckets, no zero runs
		"every value 0..2047": seq(0, 2047),
		// one bucket holding a count that needs a multi-byte varint
		"a million times 42": repeat(42, 1_000_000),
		// beyond the highest trackable value: counted at the highest, as the clients clamp
		"values past the highest": {5, 7_200_000_000, highest, highest + 1},
	}
	latencies := make([]int64, 20000)
	for i := range latencies {
		latencies[i] = int64(math.Exp(r.NormFloat64()*0.6 + math.Log(180)))
	}
	// a typical closed-loop run: log-normal around 180 µs
	sets["20000 log-normal latencies"] = latencies
	wide := make([]int64, 100000)
	for i := range wide {
		wide[i] = int64(math.Exp(r.Float64() * math.Log(highest)))
	}
	// every bucket of the range, long and short zero runs
	sets["100000 log-uniform values 1..3.6e9"] = wide
	return sets
}

func TestCppEncodingDecodesInHdrHistogramGo(t *testing.T) {
	tool := os.Getenv("HDR_ENCODE")
	if tool == "" {
		t.Skip("HDR_ENCODE is not set: run stack-runners/native-support/test.sh, which builds test/hdr_encode")
	}
	for name, values := range valueSets() {
		t.Run(name, func(t *testing.T) {
			got := run(t, values, tool)
			decoded, err := hdrhistogram.Decode([]byte(got.Histogram))
			if err != nil {
				t.Fatalf("hdrhistogram-go cannot decode the C++ histogram: %v", err)
			}
			expected := recordInGo(t, values)
			if decoded.TotalCount() != int64(len(values)) || got.Count != int64(len(values)) {
				t.Errorf("total count: decoded %d, reported %d, want %d", decoded.TotalCount(), got.Count, len(values))
			}
			if !decoded.Equals(expected) {
				t.Errorf("decoded histogram differs from the same values recorded by hdrhistogram-go")
			}
			wantMax := int64(0)
			if len(values) > 0 {
				wantMax = highestEquivalent(clamp(maxOf(values)))
			}
			if decoded.Max() != wantMax || got.Max != wantMax {
				t.Errorf("max: decoded %d, reported %d, want %d", decoded.Max(), got.Max, wantMax)
			}
			for _, p := range []struct {
				percentile int64
				reported   int64
			}{{50, got.P50}, {90, got.P90}, {99, got.P99}} {
				if want := javaPercentile(values, p.percentile); p.reported != want {
					t.Errorf("p%d: reported %d, want %d (the value at rank ceil(%d%% of %d), to its bucket's top)",
						p.percentile, p.reported, want, p.percentile, len(values))
				}
			}
			t.Logf("count %d, max %d, p50 %d, p99 %d, %d base64 bytes", got.Count, got.Max, got.P50, got.P99, len(got.Histogram))
		})
	}
}

func TestCppEncodingMatchesHdrHistogramJava(t *testing.T) {
	tool, java := os.Getenv("HDR_ENCODE"), os.Getenv("HDR_JAVA_CLASSPATH")
	if tool == "" || java == "" {
		t.Skip("HDR_ENCODE or HDR_JAVA_CLASSPATH is not set: test.sh sets them when HdrHistogram 2.2.2 is in ~/.m2 and javac is installed")
	}
	for name, values := range valueSets() {
		t.Run(name, func(t *testing.T) {
			cpp := run(t, values, tool)
			jvm := run(t, values, "java", "-cp", java, "JavaEncode")
			if cpp.Count != jvm.Count || cpp.Max != jvm.Max || cpp.P50 != jvm.P50 || cpp.P90 != jvm.P90 || cpp.P99 != jvm.P99 {
				t.Errorf("C++ reports %+v, Java %+v", withoutHistogram(cpp), withoutHistogram(jvm))
			}
			if c, j := inflate(t, cpp.Histogram), inflate(t, jvm.Histogram); !bytes.Equal(c, j) {
				t.Errorf("V2 encodings differ: C++ %d bytes, Java %d bytes", len(c), len(j))
			}
		})
	}
}

// run feeds values to an encoder command and parses its line.
func run(t *testing.T, values []int64, command string, args ...string) summary {
	t.Helper()
	var in strings.Builder
	for _, v := range values {
		fmt.Fprintln(&in, v)
	}
	cmd := exec.Command(command, args...)
	cmd.Stdin = strings.NewReader(in.String())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v: %s", command, err, stderr.String())
	}
	var s summary
	if err := json.Unmarshal(out, &s); err != nil {
		t.Fatalf("%s printed %q: %v", command, out, err)
	}
	return s
}

// inflate is the uncompressed V2 encoding inside a compressed base64 histogram.
func inflate(t *testing.T, encoded string) []byte {
	t.Helper()
	framed, err := base64.StdEncoding.DecodeString(encoded)
	if err != nil || len(framed) < 8 {
		t.Fatalf("not a compressed histogram: %q", encoded)
	}
	z, err := zlib.NewReader(bytes.NewReader(framed[8:]))
	if err != nil {
		t.Fatalf("zlib: %v", err)
	}
	plain, err := io.ReadAll(z)
	if err != nil {
		t.Fatalf("zlib: %v", err)
	}
	return plain
}

func recordInGo(t *testing.T, values []int64) *hdrhistogram.Histogram {
	t.Helper()
	h := hdrhistogram.New(1, highest, 3)
	for _, v := range values {
		if err := h.RecordValue(clamp(v)); err != nil {
			t.Fatalf("recording %d: %v", v, err)
		}
	}
	return h
}

// javaPercentile is HdrHistogram Java's getValueAtPercentile worked out from the raw values: the
// value at rank ceil(p% of n), counting from 1, raised to the top of its bucket.
func javaPercentile(values []int64, percentile int64) int64 {
	if len(values) == 0 {
		return 0
	}
	sorted := make([]int64, len(values))
	for i, v := range values {
		sorted[i] = clamp(v)
	}
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	rank := max((percentile*int64(len(sorted))+99)/100, 1)
	return highestEquivalent(sorted[rank-1])
}

// highestEquivalent is the top of v's bucket, as hdrhistogram-go reports a histogram's max.
func highestEquivalent(v int64) int64 {
	h := hdrhistogram.New(1, highest, 3)
	_ = h.RecordValue(v)
	return h.Max()
}

func clamp(v int64) int64 { return min(max(v, 0), highest) }

func maxOf(values []int64) int64 {
	m := values[0]
	for _, v := range values {
		m = max(m, v)
	}
	return m
}

func seq(from, to int64) []int64 {
	out := []int64{}
	for v := from; v <= to; v++ {
		out = append(out, v)
	}
	return out
}

func repeat(v int64, n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func withoutHistogram(s summary) summary {
	s.Histogram = ""
	return s
}
