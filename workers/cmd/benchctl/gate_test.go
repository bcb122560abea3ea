package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// slowedHead is the fixture's plain cell with gsoap made slower than metro by ratio (CI low-high).
func slowedHead(t *testing.T, verdict string, ratio, low, high float64) runView {
	t.Helper()
	r, _ := readRunView(t)
	c := &r.Summary.Cells[0]
	for i := range c.Comparisons {
		if strings.HasPrefix(c.Comparisons[i].Stack, "gsoap") {
			c.Comparisons[i].Verdict, c.Comparisons[i].Ratio, c.Comparisons[i].Low, c.Comparisons[i].High = verdict, &ratio, &low, &high
		}
	}
	return r
}

func outcomes(rows []gateRow) map[string]string {
	out := map[string]string{}
	for _, r := range rows {
		out[strings.SplitN(r.Cell, " ", 2)[0]+" "+r.Head] = r.Outcome
	}
	return out
}

func TestGateJudgesEachHeadAgainstTheBase(t *testing.T) {
	tests := []struct {
		name                   string
		verdict                string
		ratio, low, high, thre float64
		want                   string
	}{
		{"slower beyond the threshold", "slower", 0.88, 0.84, 0.92, 0.05, outcomeRegression},
		{"slower within the threshold", "slower", 0.97, 0.95, 0.99, 0.05, outcomeUnchanged},
		{"a change the interval cannot tell from none", "tied", 0.90, 0.78, 1.03, 0.05, outcomeUnchanged},
		{"faster beyond the threshold", "faster", 1.12, 1.08, 1.17, 0.05, outcomeImprovement},
		{"slower, no threshold", "slower", 0.99, 0.985, 0.995, 0, outcomeRegression},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, err := gate(slowedHead(t, tt.verdict, tt.ratio, tt.low, tt.high), "metro", thresholds{"throughput": tt.thre})
			if err != nil {
				t.Fatal(err)
			}
			got := outcomes(rows)
			if got["plain gsoap@2.8.124"] != tt.want {
				t.Errorf("gsoap: %s, want %s (all: %v)", got["plain gsoap@2.8.124"], tt.want, got)
			}
			if got["plain cxf@4.2.3"] != outcomeUnchanged || got["username cxf@4.2.3"] != outcomeNoVerdict {
				t.Errorf("cxf tied in plain, without a verdict in username; got %v", got)
			}
			if regressed(rows) != (tt.want == outcomeRegression) {
				t.Errorf("regressed = %v", regressed(rows))
			}
		})
	}
}

func TestGateRefusesABaseThatIsNotTheReference(t *testing.T) {
	r, _ := readRunView(t)
	if _, err := gate(r, "cxf", thresholds{"throughput": 0.05}); err == nil || !strings.Contains(err.Error(), "not with the base cxf") {
		t.Errorf("err = %v", err)
	}
	if _, err := gate(r, "metro@4.0.5", thresholds{"throughput": 0.05}); err != nil {
		t.Errorf("metro@4.0.5 is the reference: %v", err)
	}
	r.Summary.Cells[0].ReferenceChosenBy = "fastest"
	if _, err := gate(r, "metro", thresholds{"throughput": 0.05}); err == nil {
		t.Error("a reference chosen as the fastest is no base")
	}
}

func TestWithReferenceNamesTheBaseInAJSONWorkload(t *testing.T) {
	got, err := withReference([]byte(`{"stacks":["cxf@3.6.10","cxf@4.2.3"]}`), "cxf@3.6.10")
	if err != nil {
		t.Fatal(err)
	}
	var w map[string]any
	json.Unmarshal(got, &w)
	if w["reference"] != "cxf@3.6.10" || w["stacks"] == nil {
		t.Errorf("workload %s", got)
	}
	if _, err := withReference([]byte(`{"reference":"gsoap"}`), "cxf"); err == nil {
		t.Error("a workload naming another reference must be refused")
	}
	if yaml, _ := withReference([]byte("stacks: [cxf]\n"), "cxf"); string(yaml) != "stacks: [cxf]\n" {
		t.Errorf("a YAML workload goes as it is, got %q", yaml)
	}
}

func TestReportsOfARegression(t *testing.T) {
	rows, err := gate(slowedHead(t, "slower", 0.88, 0.84, 0.92), "metro", thresholds{"throughput": 0.05})
	if err != nil {
		t.Fatal(err)
	}
	rep := report{Run: "r1", ShareURL: "http://x/r/abc", Status: "completed", Base: "metro", Rows: rows, Exit: exitRegression,
		Outcome: describeExit(exitRegression)}
	dir := t.TempDir()
	step := filepath.Join(dir, "step-summary.md")
	t.Setenv("GITHUB_STEP_SUMMARY", step)
	var stdout bytes.Buffer
	if err := writeJUnit(filepath.Join(dir, "junit.xml"), rep, &stdout); err != nil {
		t.Fatal(err)
	}
	if err := writeMarkdown(filepath.Join(dir, "comment.md"), rep, &stdout); err != nil {
		t.Fatal(err)
	}
	if err := writeJSON("-", rep, &stdout); err != nil {
		t.Fatal(err)
	}

	raw, _ := os.ReadFile(filepath.Join(dir, "junit.xml"))
	var suite junitSuite
	if err := xml.Unmarshal(raw, &suite); err != nil {
		t.Fatalf("junit: %v\n%s", err, raw)
	}
	if suite.Tests != 3 || suite.Failures != 1 || suite.Skipped != 1 {
		t.Errorf("junit: %d tests, %d failures, %d skipped; want 3, 1, 1\n%s", suite.Tests, suite.Failures, suite.Skipped, raw)
	}
	comment, _ := os.ReadFile(filepath.Join(dir, "comment.md"))
	for _, want := range []string{"| gsoap@2.8.124 | throughput | -12.0 % (-16.0 % to -8.0 %) | ▼ regression |", "? not enough data", "### SOAPBench: regression"} {
		if !strings.Contains(string(comment), want) {
			t.Errorf("markdown lacks %q:\n%s", want, comment)
		}
	}
	if summary, _ := os.ReadFile(step); string(summary) != string(comment) {
		t.Errorf("GITHUB_STEP_SUMMARY holds %q, want the comment", summary)
	}
	var back report
	if err := json.Unmarshal(stdout.Bytes(), &back); err != nil || back.Exit != exitRegression || len(back.Rows) != 3 {
		t.Errorf("json: %v %+v", err, back)
	}
}

func TestMarkdownKeepsValuesInTheirCells(t *testing.T) {
	text := markdown(report{Run: "r", Status: "completed", Rows: []gateRow{{Cell: "a|b\nc", Base: "x", Head: "y", Outcome: outcomeNoVerdict}}})
	if !strings.Contains(text, "| a\\|b c | x | y |") {
		t.Errorf("markdown:\n%s", text)
	}
}

func TestSubmitFailsTheGateOnARegressionAndCancelsAWaitThatRunsOut(t *testing.T) {
	slowed := slowedHead(t, "slower", 0.88, 0.84, 0.92)
	summary, _ := json.Marshal(slowed.Summary)
	workload := writeFile(t, "w.json", `{"stacks":["metro","gsoap","cxf"]}`)
	for _, tt := range []struct {
		name    string
		summary json.RawMessage
		args    []string
		want    int
	}{
		{"regression", summary, []string{"--fail-on", "regression", "--base", "metro"}, exitRegression},
		{"a regression within a wider threshold", summary, []string{"--fail-on", "regression", "--base", "metro", "--threshold", "15"}, exitOK},
		{"judged without failing", summary, []string{"--base", "metro"}, exitOK},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeBackend{finalStatus: "completed", stackStatus: "done", summary: tt.summary}
			srv := httptest.NewServer(f)
			defer srv.Close()
			var out, errOut bytes.Buffer
			args := append([]string{"submit", "--server", srv.URL, "--catalog", "echo", "--workload", workload, "--wait", "--poll", "1ms",
				"--json", "-"}, tt.args...)
			if code := run(args, &out, &errOut); code != tt.want {
				t.Errorf("exit %d, want %d; stderr %s", code, tt.want, errOut.String())
			}
			var sent map[string]any
			json.Unmarshal(f.lastBody, &sent)
			if sent["workload"].(map[string]any)["reference"] != "metro" {
				t.Errorf("the workload sent does not name the base: %s", f.lastBody)
			}
			if !strings.Contains(out.String(), `"exitCode": `+strconv.Itoa(tt.want)) {
				t.Errorf("--json - does not say exit %d:\n%s", tt.want, out.String())
			}
		})
	}
}

func TestAWaitThatRunsOutCancelsTheRun(t *testing.T) {
	var cancelled atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodPost && r.URL.Path == "/api/v1/runs":
			w.WriteHeader(201)
			w.Write([]byte(`{"id":"r1","status":"queued","shareUrl":"http://x/r/r1","manageToken":"m1"}`))
		case r.Method == http.MethodPost && r.URL.Path == "/api/v1/runs/r1/cancel" && r.Header.Get("X-Run-Manage-Token") == "m1":
			cancelled.Store(true)
			w.Write([]byte(`{"id":"r1","status":"cancelled"}`))
		default:
			w.Write([]byte(`{"id":"r1","status":"queued"}`))
		}
	}))
	defer srv.Close()
	workload := writeFile(t, "w.json", `{"stacks":["gsoap"]}`)
	for _, keep := range []bool{false, true} {
		cancelled.Store(false)
		args := []string{"submit", "--server", srv.URL, "--catalog", "echo", "--workload", workload, "--wait", "--poll", "1ms", "--timeout", "20ms"}
		if keep {
			args = append(args, "--keep-on-timeout")
		}
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != exitService {
			t.Errorf("keep=%v: exit %d, want %d", keep, code, exitService)
		}
		if cancelled.Load() == keep {
			t.Errorf("keep=%v: cancelled=%v; stderr %s", keep, cancelled.Load(), errOut.String())
		}
	}
}

func TestTheGateJudgesTheCostsItIsAskedFor(t *testing.T) {
	th, err := parseMetrics("throughput,p99=10,rss", 0.05)
	if err != nil || len(th) != 3 || th["throughput"] != 0.05 || th["latencyP99"] != 0.10 || th["peakRss"] != 0.05 {
		t.Fatalf("parseMetrics: %v %v", th, err)
	}
	for _, bad := range []string{"speed", "p99=abc", "p99=150", ""} {
		if _, err := parseMetrics(bad, 0.05); err == nil {
			t.Errorf("--metrics %q accepted", bad)
		}
	}

	r := slowedHead(t, "tied", 1.0, 0.97, 1.03)
	cost := func(metric, verdict string, ratio, low, high float64) metricComparison {
		return metricComparison{Metric: metric, comparison: comparison{Stack: "gsoap@2.8.124", Against: "metro@4.0.5", Rounds: 8,
			Ratio: &ratio, Low: &low, High: &high, Verdict: verdict, Text: "the " + metric + " of gsoap@2.8.124 is " + verdict}}
	}
	r.Summary.Cells[0].MetricComparisons = []metricComparison{
		cost("latencyP99", "higher", 1.25, 1.15, 1.32),    // beyond p99's 10 %: a regression
		cost("cpuPerRequest", "higher", 1.50, 1.40, 1.60), // not asked for: no row
		cost("peakRss", "higher", 1.03, 1.01, 1.05),       // within 5 %: unchanged
	}

	rows, err := gate(r, "metro", th)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, row := range rows {
		if strings.HasPrefix(row.Head, "gsoap") && strings.HasPrefix(row.Cell, "plain") {
			got[row.Metric] = row.Outcome
		}
	}
	want := map[string]string{"throughput": outcomeUnchanged, "latencyP99": outcomeRegression, "peakRss": outcomeUnchanged}
	if len(got) != len(want) {
		t.Errorf("rows %v, want %v", got, want)
	}
	for m, o := range want {
		if got[m] != o {
			t.Errorf("%s: %s, want %s", m, got[m], o)
		}
	}
	if !regressed(rows) {
		t.Error("a p99 beyond its threshold did not fail the gate")
	}
	var decoded metricComparison
	if err := json.Unmarshal([]byte(`{"stack":"cxf@4.2.3","against":"gsoap@2.8.124","metric":"peakRss","rounds":8,"ratio":1.5,"verdict":"higher"}`), &decoded); err != nil ||
		decoded.Stack != "cxf@4.2.3" || decoded.Metric != "peakRss" || decoded.Ratio == nil || *decoded.Ratio != 1.5 || decoded.Verdict != "higher" {
		t.Errorf("decoded %+v (%v)", decoded, err)
	}
	lower := 0.8
	if costOutcome("lower", &lower, 0.05) != outcomeImprovement || costOutcome("not-enough-data", nil, 0.05) != outcomeNoVerdict {
		t.Error("a lower cost is an improvement, and no data no verdict")
	}
}

func TestAHeadWSDLIsUploadedBesideTheCatalogAndJudgedAgainstTheReference(t *testing.T) {
	slowed := slowedHead(t, "slower", 0.88, 0.84, 0.92)
	summary, _ := json.Marshal(slowed.Summary)
	f := &fakeBackend{finalStatus: "completed", stackStatus: "done", summary: summary, reference: "metro@4.0.5"}
	srv := httptest.NewServer(f)
	defer srv.Close()
	workload := writeFile(t, "w.json", `{"stacks":["metro"]}`)
	head := writeFile(t, "service.wsdl", "<definitions/>")
	var out, errOut bytes.Buffer

	code := run([]string{"submit", "--server", srv.URL, "--catalog", "echo", "--head-wsdl", head, "--workload", workload,
		"--wait", "--poll", "1ms", "--fail-on", "regression"}, &out, &errOut)

	if code != exitRegression {
		t.Errorf("exit %d, want %d: the head judged against the run's reference; stderr %s", code, exitRegression, errOut.String())
	}
	if f.lastParts["catalog"] != "echo" || f.lastParts["headWsdl:service.wsdl"] != "<definitions/>" {
		t.Errorf("sent %v: want the catalog as the base and the head WSDL as a file", f.lastParts)
	}
}
