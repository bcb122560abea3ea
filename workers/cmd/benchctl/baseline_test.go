package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const headID = "11111111-2222-3333-4444-555555555555"

// baselineBackend is fakeBackend (the head run) plus the runs list of the base branch and the
// compare view, as the backend answers them: each candidate compares with the head as given in
// comparisons (by candidate id), else 404.
type baselineBackend struct {
	*fakeBackend
	listed      []map[string]string
	comparisons map[string]string
	listQuery   url.Values
	asked       []url.Values
}

func (b *baselineBackend) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/api/v1/runs":
		b.listQuery = r.URL.Query()
		json.NewEncoder(w).Encode(map[string]any{"items": b.listed, "page": 0, "size": 20, "total": len(b.listed)})
	case r.Method == http.MethodGet && r.URL.Path == "/api/v1/compare":
		q := r.URL.Query()
		b.asked = append(b.asked, q)
		page, ok := b.comparisons[q.Get("baseline")]
		if !ok {
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(404)
			w.Write([]byte(`{"title":"Run not found","status":404,"detail":"No run 'nope'."}`))
			return
		}
		w.Write([]byte(page))
	default:
		b.fakeBackend.ServeHTTP(w, r)
	}
}

// comparedWith is a compare view of baseline against the head: gSOAP's ratio (nil for none), the
// hardware classes and the warnings given.
func comparedWith(baseline, baselineClass string, ratio, low, high float64, verdict string, warnings ...map[string]string) string {
	if warnings == nil {
		warnings = []map[string]string{}
	}
	var r any
	if verdict != "" {
		r = map[string]any{"stack": "gsoap@2.8.124", "against": "gsoap@2.8.124", "ratio": ratio, "low": low, "high": high,
			"repetitions": 8, "verdict": verdict, "text": "gsoap@2.8.124 in run abc is " + verdict + " than in baseline run " + baseline}
	}
	page, _ := json.Marshal(map[string]any{
		"runs": []map[string]any{
			{"id": baseline + "-id", "slug": baseline, "hardwareClass": baselineClass},
			{"id": headID, "slug": "abc", "hardwareClass": "local"},
		},
		"warnings": warnings,
		"cells": []map[string]any{{
			"label": "plain · echo",
			"stacks": []map[string]any{{"stack": "gsoap@2.8.124", "runs": []map[string]any{
				{"run": baseline + "-id", "slug": baseline},
				{"run": headID, "slug": "abc", "ratio": r, "reason": map[bool]string{true: "baseline run has no figures for gsoap", false: ""}[verdict == ""]},
			}}},
		}},
	})
	return string(page)
}

func TestStoredBaselineIsTheNewestRunOfTheBranchWithTheSameWorkloadAndClass(t *testing.T) {
	b := &baselineBackend{fakeBackend: &fakeBackend{},
		listed: []map[string]string{
			{"id": headID, "slug": "abc", "branch": "main"},
			{"id": "newer-id", "slug": "newer", "branch": "main"},
			{"id": "other-class-id", "slug": "elsewhere", "branch": "main"},
			{"id": "older-id", "slug": "older", "branch": "main"},
		},
		comparisons: map[string]string{
			"newer-id": comparedWith("newer", "local", 1, 1, 1, "tied",
				map[string]string{"kind": "workload", "field": "/load/connections", "text": "The workloads differ in /load/connections: 25 in newer, 4 in abc."}),
			"other-class-id": comparedWith("elsewhere", "big", 1, 1, 1, "tied"),
			"older-id": comparedWith("older", "local", 0.85, 0.80, 0.90, "slower",
				map[string]string{"kind": "machine", "field": "kernel", "text": "The runs' machines differ in kernel"}),
		}}
	srv := httptest.NewServer(b)
	defer srv.Close()
	var log bytes.Buffer

	page, found, note, err := storedBaseline(newClient(srv.URL, ""), headID, "acme/billing", "main", "", &log)

	if err != nil || !found || note != "" {
		t.Fatalf("found %v, note %q, err %v; log %s", found, note, err, log.String())
	}
	if b.listQuery.Get("project") != "acme/billing" || b.listQuery.Get("branch") != "main" || b.listQuery.Get("status") != "completed" {
		t.Errorf("the runs list was asked %v", b.listQuery)
	}
	if len(b.asked) != 3 || b.asked[0].Get("runs") != "newer-id,"+headID || b.asked[0].Get("wsdl") != "may-differ" {
		t.Errorf("compare asked %v: want the head itself skipped, each candidate against the head, WSDLs allowed to differ", b.asked)
	}
	for _, want := range []string{"run newer of acme/billing on main left out: The workloads differ in /load/connections",
		"run elsewhere of acme/billing on main left out: hardware class big, not local", "baseline: run older of acme/billing on main\n"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log %q lacks %q", log.String(), want)
		}
	}

	rows, notes := baselineRows(page, thresholds{"throughput": 0.05})
	if len(rows) != 1 || rows[0].Outcome != outcomeRegression || rows[0].Measured != measuredApart ||
		rows[0].Base != "gsoap@2.8.124 in run older" || rows[0].Head != "gsoap@2.8.124 in run abc" {
		t.Errorf("rows %+v: want gSOAP 15 %% slower than in run older, a regression measured apart", rows)
	}
	if len(notes) != 1 || notes[0] != "The runs' machines differ in kernel" {
		t.Errorf("notes %q: want the machine warning", notes)
	}
	if rows, _ := baselineRows(page, thresholds{"throughput": 0.20}); rows[0].Outcome != outcomeUnchanged {
		t.Errorf("a 15 %% change against a 20 %% threshold is %s, want unchanged", rows[0].Outcome)
	}
}

func TestNoBaselineYetIsANoteNotAFailure(t *testing.T) {
	b := &baselineBackend{fakeBackend: &fakeBackend{}, listed: []map[string]string{{"id": headID, "slug": "abc"}}}
	srv := httptest.NewServer(b)
	defer srv.Close()

	_, found, note, err := storedBaseline(newClient(srv.URL, ""), headID, "acme/billing", "main", "", &bytes.Buffer{})

	if err != nil || found || !strings.Contains(note, "no completed run of acme/billing on branch main with this workload") {
		t.Errorf("found %v, note %q, err %v", found, note, err)
	}
}

func TestANamedBaselineThatCannotJudgeIsAUsageError(t *testing.T) {
	b := &baselineBackend{fakeBackend: &fakeBackend{}, comparisons: map[string]string{
		"elsewhere": comparedWith("elsewhere", "big", 1, 1, 1, "tied")}}
	srv := httptest.NewServer(b)
	defer srv.Close()
	c := newClient(srv.URL, "")

	_, _, _, err := storedBaseline(c, headID, "", "", "elsewhere", &bytes.Buffer{})
	if err == nil || exitFor(err) != exitUsage || !strings.Contains(err.Error(), "hardware class big, not local") {
		t.Errorf("err %v (exit %d): want a usage error naming the hardware classes", err, exitFor(err))
	}
	_, _, _, err = storedBaseline(c, headID, "", "", "nope", &bytes.Buffer{})
	if err == nil || exitFor(err) != exitRunFailed || !strings.Contains(err.Error(), "the baseline run nope: Run not found") {
		t.Errorf("err %v (exit %d): want the backend's 404 named", err, exitFor(err))
	}
}

func TestSubmitGatesAgainstTheBaselineBranch(t *testing.T) {
	workload := writeFile(t, "w.json", `{"stacks":["gsoap"]}`)
	b := &baselineBackend{fakeBackend: &fakeBackend{finalStatus: "completed", stackStatus: "done"},
		listed:      []map[string]string{{"id": "older-id", "slug": "older"}},
		comparisons: map[string]string{"older-id": comparedWith("older", "local", 0.85, 0.80, 0.90, "slower")}}
	srv := httptest.NewServer(b)
	defer srv.Close()
	md := filepath.Join(t.TempDir(), "pr.md")
	var out, errOut bytes.Buffer

	code := run([]string{"submit", "--server", srv.URL, "--catalog", "echo", "--workload", workload, "--wait", "--poll", "1ms",
		"--project", "acme/billing", "--baseline-branch", "main", "--fail-on", "regression", "--markdown", md}, &out, &errOut)

	if code != exitRegression {
		t.Fatalf("exit %d, want %d; stderr %s", code, exitRegression, errOut.String())
	}
	text, _ := os.ReadFile(md)
	for _, want := range []string{"| plain · echo | gsoap@2.8.124 in run older | gsoap@2.8.124 in run abc | throughput | -15.0 % (-20.0 % to -10.0 %) | ▼ regression |",
		"Rows against run older were measured apart from it"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("markdown %q lacks %q", text, want)
		}
	}

	// Without the project, the branch names no runs (outside a pipeline).
	for _, v := range []string{"GITHUB_ACTIONS", "GITLAB_CI", "JENKINS_URL"} {
		t.Setenv(v, "")
	}
	code = run([]string{"submit", "--server", srv.URL, "--catalog", "echo", "--workload", workload, "--wait", "--baseline-branch", "main"}, &out, &errOut)
	if code != exitUsage || !strings.Contains(errOut.String(), "--baseline-branch needs the project") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}

func TestCompareJudgesTwoStoredRuns(t *testing.T) {
	b := &baselineBackend{fakeBackend: &fakeBackend{}, comparisons: map[string]string{
		"older":     comparedWith("older", "local", 0.85, 0.80, 0.90, "slower"),
		"elsewhere": comparedWith("elsewhere", "big", 0.85, 0.80, 0.90, "slower")}}
	srv := httptest.NewServer(b)
	defer srv.Close()
	junit := filepath.Join(t.TempDir(), "j.xml")
	var out, errOut bytes.Buffer

	code := run([]string{"compare", "--server", srv.URL, "--fail-on", "regression", "--junit", junit, "older", "abc"}, &out, &errOut)

	if code != exitRegression {
		t.Fatalf("exit %d, want %d; stderr %s", code, exitRegression, errOut.String())
	}
	if !strings.Contains(out.String(), "plain · echo  gsoap@2.8.124 in run abc against gsoap@2.8.124 in run older: -15.0 % (-20.0 % to -10.0 %)  ▼ regression") {
		t.Errorf("stdout %q", out.String())
	}
	if xml, _ := os.ReadFile(junit); !strings.Contains(string(xml), `failures="1"`) {
		t.Errorf("junit %s: want the regression as a failed case", xml)
	}
	if q := b.asked[0]; q.Get("runs") != "older,abc" || q.Get("baseline") != "older" {
		t.Errorf("compare asked %v", q)
	}

	// Other conditions are a note for a look, a refusal for a gate.
	out.Reset()
	if code := run([]string{"compare", "--server", srv.URL, "elsewhere", "abc"}, &out, &errOut); code != exitOK ||
		!strings.Contains(out.String(), "note: measured under different conditions: hardware class big, not local") {
		t.Errorf("exit %d, stdout %q", code, out.String())
	}
	if code := run([]string{"compare", "--server", srv.URL, "--fail-on", "regression", "elsewhere", "abc"}, &out, &errOut); code != exitUsage {
		t.Errorf("a gate on another hardware class exits %d, want %d", code, exitUsage)
	}
	if code := run([]string{"compare", "--server", srv.URL, "older"}, &out, &errOut); code != exitUsage {
		t.Errorf("one run exits %d, want %d", code, exitUsage)
	}
}

func TestHistoryPrintsEachSeriesChangesAndGatesOnTheNewest(t *testing.T) {
	var asked url.Values
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked = r.URL.Query()
		w.Write([]byte(`{"project":"acme/billing","branch":"main","runs":[{"slug":"a"},{"slug":"b"}],"series":[
			{"hardwareClass":"local","cell":"plain · echo","stack":"gsoap","metric":"throughput","points":[{"median":1000},{"median":800}],
			 "changes":[{"direction":"slower","regression":true,"ratio":0.8,"text":"gsoap became slower: 1000 to 800 req/s (0.80×) between commit c3 and commit c4 (p = 0.012)"}]},
			{"hardwareClass":"local","cell":"plain · echo","stack":"cxf","metric":"throughput","points":[{"median":500}],"changes":[],
			 "note":"not enough runs to look for a change: 1, at least 6 needed"}]}`))
	}))
	defer srv.Close()
	var out, errOut bytes.Buffer

	code := run([]string{"history", "--server", srv.URL, "--project", "acme/billing", "--fail-on", "regression"}, &out, &errOut)

	if code != exitRegression {
		t.Errorf("exit %d, want %d; stderr %s", code, exitRegression, errOut.String())
	}
	if asked.Get("project") != "acme/billing" || asked.Get("branch") != "main" {
		t.Errorf("asked %v", asked)
	}
	for _, want := range []string{"acme/billing on main: 2 runs", "gsoap throughput · plain · echo · local: 2 runs\n  gsoap became slower: 1000 to 800",
		"cxf throughput · plain · echo · local: 1 runs\n  not enough runs"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout %q lacks %q", out.String(), want)
		}
	}
	if code := run([]string{"history", "--server", srv.URL, "--project", "acme/billing", "--threshold", "25", "--fail-on", "regression"}, &out, &errOut); code != exitOK {
		t.Errorf("a 20 %% slowdown against a 25 %% threshold exits %d", code)
	}
}
