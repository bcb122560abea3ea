package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// cancelBackend answers POST /api/v1/runs/{id}/cancel as the backend does:
// the owner's token or the run's manage token may cancel; an ended run is 409.
func cancelBackend(seen *http.Request) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		*seen = *r
		problem := func(status int, title string) {
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(status)
			fmt.Fprintf(w, `{"title":%q,"status":%d,"detail":"run %s"}`, title, status, strings.Split(r.URL.Path, "/")[4])
		}
		switch {
		case r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/cancel"):
			http.NotFound(w, r)
		case strings.Contains(r.URL.Path, "/ended/"):
			problem(409, "Run already ended")
		case r.Header.Get("Authorization") != "Bearer owner" && r.Header.Get("X-Run-Manage-Token") != "m1":
			problem(403, "Not the run's owner")
		case strings.Contains(r.URL.Path, "/queued/"):
			w.Write([]byte(`{"id":"queued","status":"cancelled"}`))
		default:
			w.WriteHeader(202)
			w.Write([]byte(`{"id":"running","status":"cancelling"}`))
		}
	}
}

func TestCancel(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  string
		wantErr  string
		// wantPath is the request's path, when one is sent.
		wantPath string
	}{
		// A queued run is cancelled at once, by its owner's token.
		{"queued by owner", []string{"--token", "owner", "queued"}, 0, "run queued cancelled", "", "/api/v1/runs/queued/cancel"},
		// A running run is cancelling until its worker confirms; an anonymous run's manage token.
		{"running by manage token", []string{"--manage-token", "m1", "running"}, 0, "run running cancelling", "", "/api/v1/runs/running/cancel"},
		// Someone else's run: the problem is printed.
		{"not the owner", []string{"--token", "other", "running"}, 4, "", "benchctl: Not the run's owner: run running", "/api/v1/runs/running/cancel"},
		// A run that already ended cannot be cancelled.
		{"ended", []string{"--token", "owner", "ended"}, 3, "", "benchctl: Run already ended", "/api/v1/runs/ended/cancel"},
		// No run id.
		{"no id", []string{"--token", "owner"}, 2, "", "give the id of the run to cancel", ""},
		// An id that would leave the run's path is refused before any request.
		{"path in id", []string{"--token", "owner", "../tokens"}, 2, "", "not an id", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var seen http.Request
			srv := httptest.NewServer(cancelBackend(&seen))
			defer srv.Close()
			var out, errOut bytes.Buffer
			code := run(append([]string{"cancel", "--server", srv.URL}, tt.args...), &out, &errOut)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.wantCode, errOut.String())
			}
			if !strings.Contains(out.String(), tt.wantOut) || !strings.Contains(errOut.String(), tt.wantErr) {
				t.Errorf("stdout %q stderr %q, want %q and %q", out.String(), errOut.String(), tt.wantOut, tt.wantErr)
			}
			if seen.URL == nil && tt.wantPath != "" || seen.URL != nil && seen.URL.Path != tt.wantPath {
				t.Errorf("request %v, want POST %s", seen.URL, tt.wantPath)
			}
		})
	}
}
