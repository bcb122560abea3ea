package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// readRunView is testdata/run-view.json: GET /api/v1/runs/{id} of a run of
// four stacks in two cells, in the backend's shape. In plain, the workload
// names metro as the reference, cxf is tied with it, gsoap faster, and
// axis2 unranked for its errors; in username, metro's flagged rounds leave
// two paired rounds, too few for a verdict.
func readRunView(t *testing.T) (runView, []byte) {
	t.Helper()
	raw, err := os.ReadFile("testdata/run-view.json")
	if err != nil {
		t.Fatal(err)
	}
	var r runView
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	return r, raw
}

func TestSummaryMatchesGolden(t *testing.T) {
	r, _ := readRunView(t)
	var out bytes.Buffer
	printSummary(&out, r)
	const golden = "testdata/summary.golden"
	if *update {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run the test with -update to write it)", err)
	}
	if out.String() != string(want) {
		t.Errorf("summary differs from %s (-update rewrites it):\n got:\n%s\nwant:\n%s", golden, out.String(), want)
	}
}

func TestSummarySaysWhatTheVerdictsRestOn(t *testing.T) {
	r, _ := readRunView(t)
	var out bytes.Buffer
	printSummary(&out, r)
	got := out.String()
	tests := []struct {
		name string
		want string
	}{
		// Each verdict in the backend's own words.
		{"faster", "gsoap@2.8.124 is faster than metro@4.0.5 by 2.44× (95 % CI 2.22–2.70×, 6 paired rounds)"},
		{"tied", "cxf@4.2.3 and metro@4.0.5 are tied: ratio 0.99× (95 % CI 0.96–1.03×, 6 paired rounds), the difference is within the interval"},
		// A cell without enough rounds says so once, instead of a verdict.
		{"not enough data", "  not enough data for a verdict: 2 paired rounds, at least 6 needed\n"},
		// Who the reference is and why.
		{"reference", "reference metro@4.0.5 (named by the workload)"},
		// The drift of the reference across rounds.
		{"drift", "drift: the reference's throughput moved by 3.8 % across 6 rounds"},
		// A median with its interval and what it rests on.
		{"median", "2     gsoap@2.8.124  9000   95 % CI 8812–9210 "},
		{"rests on", " 6 of 6 repetitions, 144000 requests\n"},
		// Two repetitions: the interval's real coverage, not 95 %.
		{"low coverage", "50 % CI 1150–1270 (below 95 %)  2 of 6 repetitions, 5800 requests"},
		// A band shared, and a stack without one.
		{"band", "tied with cxf@4.2.3"},
		{"unranked", "not ranked: 4 of 6 repetitions flagged errors"},
	}
	for _, tt := range tests {
		if !strings.Contains(got, tt.want) {
			t.Errorf("%s: the summary lacks %q:\n%s", tt.name, tt.want, got)
		}
	}
	if strings.Count(got, "not enough data for a verdict on") != 0 {
		t.Errorf("a cell without enough data repeats a sentence per comparison:\n%s", got)
	}
}

// A run stored before the backend computed summaries prints its table alone.
func TestSummaryWithoutStatistics(t *testing.T) {
	r, _ := readRunView(t)
	r.Summary = nil
	var out bytes.Buffer
	printSummary(&out, r)
	if strings.Contains(out.String(), "reference") || !strings.Contains(out.String(), "gsoap  2.8.124  done") {
		t.Errorf("summary without statistics:\n%s", out.String())
	}
}

func TestInterval(t *testing.T) {
	tests := []struct {
		name string
		m    *medianInterval
		want string
	}{
		// Six repetitions reach 96.9 %: shown as the 95 % asked for.
		{"six", &medianInterval{Median: 10, Low: 9, High: 11, N: 6, Coverage: 0.96875}, "95 % CI 9–11"},
		// Five reach 93.75 %: said, and never rounded up to 94 %.
		{"five", &medianInterval{Median: 10, Low: 9, High: 11, N: 5, Coverage: 0.9375}, "93.7 % CI 9–11 (below 95 %)"},
		// One repetition has no interval.
		{"one", &medianInterval{Median: 10, Low: 10, High: 10, N: 1, Coverage: 0}, "one repetition, no interval"},
		// No figures at all.
		{"none", nil, "-"},
	}
	for _, tt := range tests {
		if got := interval(tt.m, 0.95); got != tt.want {
			t.Errorf("%s: interval() = %q, want %q", tt.name, got, tt.want)
		}
	}
}
