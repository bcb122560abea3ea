package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAnAcknowledgementCoversItsCommitBranchStackAndMetric(t *testing.T) {
	run := ciContext{Project: "acme/billing", Branch: "feature/x", Commit: "4f2a9c1e0d"}
	for _, tt := range []struct {
		name string
		ack  acknowledgement
		head string
		want bool
	}{
		{"the abbreviated commit", acknowledgement{Commit: "4f2a9c1"}, "cxf@4.2.3", true},
		{"another commit", acknowledgement{Commit: "4f2a9c2"}, "cxf@4.2.3", false},
		{"the branch", acknowledgement{Branch: "feature/x"}, "cxf@4.2.3", true},
		{"another branch", acknowledgement{Branch: "main"}, "cxf@4.2.3", false},
		{"a stack id covers its versions", acknowledgement{Branch: "feature/x", Stack: "cxf"}, "cxf@3.6.10", true},
		{"a version covers itself only", acknowledgement{Branch: "feature/x", Stack: "cxf@4.2.3"}, "cxf@3.6.10", false},
		{"another metric", acknowledgement{Branch: "feature/x", Metric: "peakRss"}, "cxf@4.2.3", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.ack.covers(run, tt.head, "throughput"); got != tt.want {
				t.Errorf("covers = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestAnAcknowledgedRegressionPassesTheGateAndSaysWhy(t *testing.T) {
	slowed := slowedHead(t, "slower", 0.88, 0.84, 0.92)
	summary, _ := json.Marshal(slowed.Summary)
	workload := writeFile(t, "w.json", `{"stacks":["metro","gsoap","cxf"]}`)
	for _, tt := range []struct {
		name string
		acks string
		want int
	}{
		{"acknowledged", `[{"id":"a1","project":"acme/billing","commit":"0123abc","stack":"gsoap","reason":"bigger invoices"}]`, exitOK},
		{"acknowledged for another stack", `[{"id":"a1","project":"acme/billing","commit":"0123abc","stack":"cxf","reason":"x"}]`, exitRegression},
		{"no acknowledgement", `[]`, exitRegression},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeBackend{finalStatus: "completed", stackStatus: "done", summary: summary,
				ci: map[string]any{"project": "acme/billing", "branch": "feature/x", "commit": "0123abcdef"}, acks: tt.acks}
			srv := httptest.NewServer(f)
			defer srv.Close()
			md := filepath.Join(t.TempDir(), "comment.md")
			var out, errOut bytes.Buffer
			code := run([]string{"submit", "--server", srv.URL, "--catalog", "echo", "--workload", workload, "--wait", "--poll", "1ms",
				"--base", "metro", "--fail-on", "regression", "--markdown", md}, &out, &errOut)
			if code != tt.want {
				t.Fatalf("exit %d, want %d; stderr %s", code, tt.want, errOut.String())
			}
			comment, _ := os.ReadFile(md)
			if acknowledged := strings.Contains(string(comment), "▼ acknowledged: bigger invoices"); acknowledged != (tt.want == exitOK) {
				t.Errorf("comment marks the acknowledgement: %v, want %v\n%s", acknowledged, tt.want == exitOK, comment)
			}
		})
	}
}

func TestAcknowledgeSendsTheProjectTokenAndTheScope(t *testing.T) {
	var got map[string]any
	var auth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/api/v1/projects/acknowledgements" {
			http.NotFound(w, r)
			return
		}
		auth = r.Header.Get("Authorization")
		body, _ := io.ReadAll(r.Body)
		json.Unmarshal(body, &got)
		got["id"] = "a1"
		w.WriteHeader(201)
		json.NewEncoder(w).Encode(got)
	}))
	defer srv.Close()
	var out, errOut bytes.Buffer
	code := run([]string{"acknowledge", "--server", srv.URL, "--token", "sbt_p", "--project", "acme/billing", "--commit", "4f2a9c1",
		"--stack", "cxf", "--metric", "p99", "--reason", "expected"}, &out, &errOut)
	if code != exitOK {
		t.Fatalf("exit %d; stderr %s", code, errOut.String())
	}
	if auth != "Bearer sbt_p" || got["metric"] != "latencyP99" || got["commit"] != "4f2a9c1" || got["branch"] != nil {
		t.Errorf("sent %v with %q", got, auth)
	}
	if !strings.Contains(out.String(), "acknowledged a1  acme/billing: commit 4f2a9c1, stack cxf, metric latencyP99: expected") {
		t.Errorf("printed %q", out.String())
	}
	if code := run([]string{"acknowledge", "--server", srv.URL, "--project", "acme/billing", "--commit", "4f2a9c1"}, &out, &errOut); code != exitUsage {
		t.Errorf("no reason: exit %d, want %d", code, exitUsage)
	}
}
