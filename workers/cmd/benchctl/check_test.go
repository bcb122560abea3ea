package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// checkBackend answers a compatibility check: the stacks it offers, the
// submission (kept), and the run, ended on the second poll with stacks.
type checkBackend struct {
	fakeBackend
	stacks []map[string]any
	// offered is GET /api/v1/stacks; two stacks without availability when empty.
	offered string
}

func (b *checkBackend) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/api/v1/stacks":
		if b.offered == "" {
			b.offered = `[{"id":"cxf"},{"id":"gsoap"}]`
		}
		w.Write([]byte(b.offered))
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/api/v1/runs/"):
		status := "running"
		if b.polls.Add(1) >= 2 {
			status = "completed"
		}
		json.NewEncoder(w).Encode(map[string]any{"id": "11111111-2222-3333-4444-555555555555", "status": status,
			"shareUrl": "http://x/r/abc", "stacks": b.stacks})
	default:
		b.fakeBackend.ServeHTTP(w, r)
	}
}

func TestCheckSendsACheckOfEveryOfferedStackAndSaysWhichVerified(t *testing.T) {
	b := &checkBackend{stacks: []map[string]any{
		{"id": "cxf", "version": "4.2.3", "status": "done"},
		{"id": "gsoap", "version": "2.8.124", "status": "verify_failed", "reason": "operation echo: text differs"},
	}}
	srv := httptest.NewServer(b)
	defer srv.Close()
	wsdl := writeFile(t, "service.wsdl", "<definitions/>")
	var out, errOut bytes.Buffer

	code := run([]string{"check", "--server", srv.URL, "--wsdl", wsdl, "--poll", "1ms", "--json", "-"}, &out, &errOut)

	if code != exitRunFailed {
		t.Fatalf("exit %d, want %d (a stack did not verify); stderr %s", code, exitRunFailed, errOut.String())
	}
	var workload map[string]any
	if err := json.Unmarshal([]byte(b.lastParts["workload"]), &workload); err != nil {
		t.Fatalf("workload %q: %v", b.lastParts["workload"], err)
	}
	if workload["mode"] != "check" || len(workload["stacks"].([]any)) != 2 || b.lastParts["visibility"] != "unlisted" {
		t.Errorf("sent workload %v visibility %q: want a check of cxf and gsoap, unlisted", workload, b.lastParts["visibility"])
	}
	if !hasRow(out.String(), "cxf", "4.2.3", "-", "verified") ||
		!hasRow(out.String(), "gsoap", "2.8.124", "-", "verify_failed", "operation echo: text differs") {
		t.Errorf("table:\n%s", out.String())
	}
	if !strings.Contains(out.String(), `"outcome": "verified"`) || !strings.Contains(out.String(), `"exitCode": 3`) {
		t.Errorf("JSON report missing:\n%s", out.String())
	}
}

// hasRow says whether the table has a row of exactly these cells (columns are two or more spaces apart).
func hasRow(table string, cells ...string) bool {
	want := strings.Join(cells, "|")
	for _, line := range strings.Split(table, "\n") {
		if strings.Join(regexp.MustCompile(`\s{2,}`).Split(strings.TrimSpace(line), -1), "|") == want {
			return true
		}
	}
	return false
}

func TestCheckSaysWhichSecurityModeOfAStackVerified(t *testing.T) {
	b := &checkBackend{stacks: []map[string]any{
		{"id": "cxf", "version": "4.2.3", "status": "verify_failed", "reason": "operation echo: the tampered request was accepted",
			"modes": []map[string]any{
				{"security": "plain", "status": "verified"},
				{"security": "sign", "status": "verify_failed", "reason": "operation echo: the tampered request was accepted"},
			}},
		{"id": "gsoap", "version": "2.8.124", "status": "unsupported", "reason": "unavailable: no gSOAP here"},
	}}
	if _, exit := checkOutcomes(runView{Stacks: []runStack{{ID: "metro", Version: "4.0.5", Status: "done",
		Modes: []stackMode{{Security: "plain", Status: "verified"}, {Security: "signencr", Status: "unsupported"}}}}}); exit != exitRunFailed {
		t.Errorf("a stack done in plain but unsupported in signencr: exit %d, want %d", exit, exitRunFailed)
	}
	srv := httptest.NewServer(b)
	defer srv.Close()
	wsdl := writeFile(t, "service.wsdl", "<definitions/>")
	var out, errOut bytes.Buffer

	code := run([]string{"check", "--server", srv.URL, "--wsdl", wsdl, "--security", "plain,sign", "--poll", "1ms", "--json", "-"}, &out, &errOut)

	if code != exitRunFailed {
		t.Fatalf("exit %d, want %d (sign did not verify); stderr %s", code, exitRunFailed, errOut.String())
	}
	if !hasRow(out.String(), "cxf", "4.2.3", "plain", "verified") ||
		!hasRow(out.String(), "cxf", "4.2.3", "sign", "verify_failed", "operation echo: the tampered request was accepted") ||
		!hasRow(out.String(), "gsoap", "2.8.124", "-", "unsupported", "unavailable: no gSOAP here") {
		t.Errorf("table:\n%s", out.String())
	}
	if !strings.Contains(out.String(), `"security": "plain",
          "outcome": "verified"`) {
		t.Errorf("JSON report has no modes:\n%s", out.String())
	}
}

func TestCheckPassesWhenEveryStackVerifiedAndTakesNamedStacks(t *testing.T) {
	b := &checkBackend{stacks: []map[string]any{{"id": "gsoap", "version": "2.8.124", "status": "done"}}}
	srv := httptest.NewServer(b)
	defer srv.Close()
	var out, errOut bytes.Buffer

	code := run([]string{"check", "--server", srv.URL, "--catalog", "echo", "--stacks", "gsoap", "--security", "plain,sign", "--poll", "1ms"}, &out, &errOut)

	if code != exitOK {
		t.Fatalf("exit %d, want 0; stderr %s", code, errOut.String())
	}
	if !strings.Contains(string(b.lastBody), `"mode":"check"`) || !strings.Contains(string(b.lastBody), `"security":["plain","sign"]`) ||
		!strings.Contains(string(b.lastBody), `"stacks":["gsoap"]`) {
		t.Errorf("sent %s", b.lastBody)
	}
}

func TestCheckNeedsOneSource(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"check", "--server", "http://x"}, &out, &errOut); code != exitUsage {
		t.Errorf("exit %d without --wsdl or --catalog, want %d", code, exitUsage)
	}
}

func TestCheckLeavesOutAStackNoLiveWorkerCanRunAndSaysSo(t *testing.T) {
	b := &checkBackend{stacks: []map[string]any{{"id": "cxf", "version": "4.2.3", "status": "done"}},
		offered: `[{"id":"cxf","availability":[{"hardwareClass":"local","available":true}]},
		  {"id":"wsfcpp","availability":[{"hardwareClass":"local","available":false,"reason":"WSFCPP_HOME is not set"}]},
		  {"id":"gsoap","availability":[]}]`}
	srv := httptest.NewServer(b)
	defer srv.Close()
	var out, errOut bytes.Buffer

	code := run([]string{"check", "--server", srv.URL, "--catalog", "echo", "--poll", "1ms"}, &out, &errOut)

	if code != exitOK {
		t.Fatalf("exit %d, want 0; stderr %s", code, errOut.String())
	}
	if !strings.Contains(string(b.lastBody), `"stacks":["cxf","gsoap"]`) {
		t.Errorf("sent %s: want cxf (available) and gsoap (not reported yet), not wsfcpp", b.lastBody)
	}
	if !strings.Contains(errOut.String(), "not checked: wsfcpp, which no live worker can run (local: WSFCPP_HOME is not set)") {
		t.Errorf("stderr does not name the stack left out:\n%s", errOut.String())
	}
}

func TestCheckWithNoRunnableStackIsTheServicesFault(t *testing.T) {
	b := &checkBackend{offered: `[{"id":"wsfcpp","availability":[{"hardwareClass":"local","available":false,"reason":"WSFCPP_HOME is not set"}]}]`}
	srv := httptest.NewServer(b)
	defer srv.Close()
	var out, errOut bytes.Buffer

	code := run([]string{"check", "--server", srv.URL, "--catalog", "echo", "--poll", "1ms"}, &out, &errOut)

	if code != exitService || b.lastBody != nil {
		t.Fatalf("exit %d (want %d) and sent %q (want nothing); stderr %s", code, exitService, b.lastBody, errOut.String())
	}
}
