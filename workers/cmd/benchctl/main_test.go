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
	"sync/atomic"
	"testing"
)

// fakeBackend answers like the backend's /api/v1/runs; the run becomes
// finalStatus on the second poll, with summary (the run view's statistics,
// in the backend's shape) once it ended.
type fakeBackend struct {
	finalStatus string
	stackStatus string
	summary     json.RawMessage
	polls       atomic.Int32
	lastCT      string
	lastAuth    string
	lastBody    []byte
	lastParts   map[string]string
	// ci is the run's CI context; acks the project's acknowledgements, as JSON.
	ci   map[string]any
	acks string
	// reference is the run's workload reference.
	reference string
}

func (f *fakeBackend) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/api/v1/runs":
		f.lastCT, f.lastAuth = r.Header.Get("Content-Type"), r.Header.Get("Authorization")
		if strings.HasPrefix(f.lastCT, "multipart/") {
			r.ParseMultipartForm(1 << 20)
			f.lastParts = map[string]string{}
			for k, v := range r.MultipartForm.Value {
				f.lastParts[k] = v[0]
			}
			for name, fh := range r.MultipartForm.File {
				file, _ := fh[0].Open()
				b, _ := io.ReadAll(file)
				f.lastParts[name+":"+fh[0].Filename] = string(b)
			}
		} else {
			f.lastBody, _ = io.ReadAll(r.Body)
		}
		if f.lastParts["workload"] == "bad" {
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(422)
			w.Write([]byte(`{"type":"about:blank","title":"Invalid workload","status":422,"detail":"load.connections: must be at most 1000"}`))
			return
		}
		w.WriteHeader(201)
		w.Write([]byte(`{"id":"11111111-2222-3333-4444-555555555555","slug":"abc","status":"queued","statusUrl":"/api/v1/runs/abc","shareUrl":"http://x/r/abc"}`))
	case r.Method == http.MethodGet && r.URL.Path == "/api/v1/projects/acknowledgements":
		w.Write([]byte(f.acks))
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/api/v1/runs/"):
		status, summary := "running", json.RawMessage("null")
		if f.polls.Add(1) >= 2 {
			status = f.finalStatus
			if f.summary != nil {
				summary = f.summary
			}
		}
		json.NewEncoder(w).Encode(map[string]any{
			"id": "11111111-2222-3333-4444-555555555555", "status": status, "shareUrl": "http://x/r/abc", "summary": summary, "ci": f.ci,
			"workload": map[string]any{"reference": f.reference},
			"stacks":   []map[string]any{{"id": "gsoap", "version": "2.8.124", "status": f.stackStatus}},
			"measurements": []map[string]any{
				{"stack": "gsoap", "version": "2.8.124", "repetition": 1, "cell": map[string]any{"security": "plain"}, "requests": 2000, "throughput": 9000.4,
					"latencyMs": map[string]any{"p50": 1.25, "p99": 7.5}, "serverCpuSeconds": 0.8, "peakRssBytes": 5 << 20},
			},
		})
	default:
		http.NotFound(w, r)
	}
}

func writeFile(t *testing.T, name, content string) string {
	p := filepath.Join(t.TempDir(), name)
	os.WriteFile(p, []byte(content), 0o644)
	return p
}

func TestSubmit(t *testing.T) {
	wsdl := writeFile(t, "svc.wsdl", "<definitions/>")
	jsonWorkload := writeFile(t, "w.json", `{"stacks":["gsoap"]}`)
	yamlWorkload := writeFile(t, "w.yaml", "stacks: [gsoap]\n")
	badWorkload := writeFile(t, "bad.yaml", "bad")
	var view struct{ Summary json.RawMessage }
	_, raw := readRunView(t)
	if err := json.Unmarshal(raw, &view); err != nil {
		t.Fatal(err)
	}
	summary := view.Summary
	tests := []struct {
		name        string
		args        []string
		final       string
		stackStatus string
		wantCode    int
		wantOut     string
		wantErr     string
		check       func(t *testing.T, f *fakeBackend)
	}{
		// An upload goes as multipart with the file and the token.
		{"upload", []string{"--wsdl", wsdl, "--workload", yamlWorkload, "--token", "T1"}, "", "", 0, "run 11111111-2222-3333-4444-555555555555\nhttp://x/r/abc", "",
			func(t *testing.T, f *fakeBackend) {
				if f.lastParts["wsdl:svc.wsdl"] != "<definitions/>" || f.lastParts["workload"] != "stacks: [gsoap]\n" || f.lastParts["visibility"] != "public" {
					t.Errorf("parts = %v", f.lastParts)
				}
				if f.lastAuth != "Bearer T1" {
					t.Errorf("Authorization = %q", f.lastAuth)
				}
			}},
		// A catalog run with a JSON workload goes as JSON.
		{"catalog json", []string{"--catalog", "echo", "--workload", jsonWorkload, "--visibility", "private"}, "", "", 0, "http://x/r/abc", "",
			func(t *testing.T, f *fakeBackend) {
				var body map[string]any
				json.Unmarshal(f.lastBody, &body)
				if f.lastCT != "application/json" || body["catalog"] != "echo" || body["visibility"] != "private" || body["workload"].(map[string]any)["stacks"] == nil {
					t.Errorf("content type %q body %s", f.lastCT, f.lastBody)
				}
			}},
		// Where the run comes from travels with it.
		{"ci context", []string{"--catalog", "echo", "--workload", jsonWorkload, "--project", "acme/billing", "--commit", "ABCDEF1"}, "", "", 0, "http://x/r/abc", "",
			func(t *testing.T, f *fakeBackend) {
				var body struct{ CI map[string]string }
				json.Unmarshal(f.lastBody, &body)
				if body.CI["project"] != "acme/billing" || body.CI["commit"] != "abcdef1" {
					t.Errorf("body %s", f.lastBody)
				}
			}},
		// A zip's entry travels beside it.
		{"upload with an entry", []string{"--wsdl", wsdl, "--entry", "api/service.wsdl", "--workload", yamlWorkload}, "", "", 0, "http://x/r/abc", "",
			func(t *testing.T, f *fakeBackend) {
				if f.lastParts["entry"] != "api/service.wsdl" {
					t.Errorf("parts = %v", f.lastParts)
				}
			}},
		{"ci context in a form", []string{"--wsdl", wsdl, "--workload", yamlWorkload, "--project", "acme/billing"}, "", "", 0, "http://x/r/abc", "",
			func(t *testing.T, f *fakeBackend) {
				if f.lastParts["ci"] != `{"project":"acme/billing"}` {
					t.Errorf("parts %v", f.lastParts)
				}
			}},
		// A refused run prints the problem's title and detail.
		{"problem", []string{"--wsdl", wsdl, "--workload", badWorkload}, "", "", 3, "", "benchctl: Invalid workload: load.connections: must be at most 1000", nil},
		// --wait prints a summary and succeeds on a completed run.
		{"wait completed", []string{"--catalog", "echo", "--workload", jsonWorkload, "--wait", "--poll", "1ms"}, "completed", "done", 0, "gsoap  2.8.124  done    plain     9000", "", nil},
		// --wait prints the verdicts of the run's summary after the table.
		{"wait verdicts", []string{"--catalog", "echo", "--workload", jsonWorkload, "--wait", "--poll", "1ms"}, "completed", "done", 0,
			"done    plain     9000   1.25    7.50    0.80   5.0     0\n\nplain · echo · closed 25×2000 · keep-alive · neutral driver\n  reference metro@4.0.5 (named by the workload)\n", "",
			nil},
		// A failed run exits 3.
		{"wait failed", []string{"--catalog", "echo", "--workload", jsonWorkload, "--wait", "--poll", "1ms"}, "failed", "failed", 3, "gsoap", "", nil},
		// A completed run with a stack that did not build exits 3.
		{"wait stack failed", []string{"--catalog", "echo", "--workload", jsonWorkload, "--wait", "--poll", "1ms"}, "completed", "build_failed", 3, "build_failed", "", nil},
		// Bad usage.
		{"gate without a base", []string{"--catalog", "echo", "--workload", jsonWorkload, "--wait", "--fail-on", "regression"}, "", "", 2, "", "--fail-on regression needs what the head is judged against: --head-wsdl FILE or --base", nil},
		{"reports without waiting", []string{"--catalog", "echo", "--workload", jsonWorkload, "--junit", "j.xml"}, "", "", 2, "", "need --wait", nil},
		{"both sources", []string{"--catalog", "echo", "--wsdl", wsdl, "--workload", jsonWorkload}, "", "", 2, "", "exactly one of --wsdl FILE and --catalog ID", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeBackend{finalStatus: tt.final, stackStatus: tt.stackStatus, summary: summary}
			srv := httptest.NewServer(f)
			defer srv.Close()
			var out, errOut bytes.Buffer
			code := run(append([]string{"submit", "--server", srv.URL}, tt.args...), &out, &errOut)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.wantCode, errOut.String())
			}
			if !strings.Contains(out.String(), tt.wantOut) {
				t.Errorf("stdout %q, want it to contain %q", out.String(), tt.wantOut)
			}
			if !strings.Contains(errOut.String(), tt.wantErr) {
				t.Errorf("stderr %q, want it to contain %q", errOut.String(), tt.wantErr)
			}
			if tt.check != nil {
				tt.check(t, f)
			}
		})
	}
}

func TestAProblemNamesWhereEachFaultIs(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/problem+json")
		w.WriteHeader(422)
		w.Write([]byte(`{"title":"Invalid WSDL","status":422,"detail":"The WSDL is not well-formed XML.",
			"errors":[{"message":"element not closed","file":"broken.wsdl","line":38,"column":3},{"message":"required","field":"workload"}]}`))
	}))
	defer srv.Close()
	wsdl := writeFile(t, "broken.wsdl", "<definitions>")
	workload := writeFile(t, "w.json", `{"stacks":["gsoap"]}`)
	var out, errOut bytes.Buffer

	code := run([]string{"submit", "--server", srv.URL, "--wsdl", wsdl, "--workload", workload, "--wait"}, &out, &errOut)

	if code != exitRunFailed {
		t.Errorf("exit %d, want %d", code, exitRunFailed)
	}
	want := "benchctl: Invalid WSDL: The WSDL is not well-formed XML.\n  broken.wsdl:38:3: element not closed\n  workload: required\n"
	if !strings.Contains(errOut.String(), want) {
		t.Errorf("stderr %q, want it to contain %q", errOut.String(), want)
	}
}
