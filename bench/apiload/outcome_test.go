package main

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"
)

func TestWellFormed429(t *testing.T) {
	problemJSON := http.Header{"Content-Type": {"application/problem+json"}, "Retry-After": {"3"}}
	body := []byte(`{"status":429,"title":"Too many requests","detail":"Too many writes: 30 per minute"}`)
	for _, tc := range []struct {
		name   string
		header http.Header
		body   []byte
		want   bool
	}{
		// What the backend sends.
		{"seconds and problem+json", problemJSON, body, true},
		// Retry-After may be an HTTP date.
		{"date", http.Header{"Content-Type": {"application/problem+json; charset=utf-8"}, "Retry-After": {"Wed, 21 Oct 2026 07:28:00 GMT"}}, body, true},
		// Without Retry-After a client cannot know when to come back.
		{"no Retry-After", http.Header{"Content-Type": {"application/problem+json"}}, body, false},
		{"Retry-After not a number", http.Header{"Content-Type": {"application/problem+json"}, "Retry-After": {"soon"}}, body, false},
		// A proxy's or a container's own 429 page.
		{"plain JSON", http.Header{"Content-Type": {"application/json"}, "Retry-After": {"3"}}, body, false},
		{"HTML", http.Header{"Content-Type": {"text/html"}, "Retry-After": {"3"}}, []byte("<h1>429</h1>"), false},
		// The body must say what the status line says.
		{"status in the body differs", problemJSON, []byte(`{"status":400,"title":"Bad request"}`), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := answer{kind: answered, status: 429, header: tc.header, body: tc.body}.wellFormed429()
			if got != tc.want {
				t.Errorf("wellFormed429() = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestReason(t *testing.T) {
	for _, tc := range []struct {
		body, want string
	}{
		// The numbers after the colon differ between answers and would split one reason in many.
		{`{"title":"Too many requests","detail":"Too many writes: each caller may make 30 per minute"}`, "Too many writes"},
		{`{"title":"Too many requests","detail":"Your address has 32 requests in progress already; send the next later."}`, "Your address has 32 requests in progress already"},
		{`{"title":"Service unavailable"}`, "Service unavailable"},
		{`<html>Bad gateway</html>`, "(no problem+json body)"},
	} {
		if got := (answer{body: []byte(tc.body)}).reason(); got != tc.want {
			t.Errorf("reason(%s) = %q, want %q", tc.body, got, tc.want)
		}
	}
}

// TestClassify sends real requests to servers that fail each way a loaded backend could.
func TestClassify(t *testing.T) {
	closing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.(*net.TCPConn).SetLinger(0) // an RST, as an overflowing accept queue or a crash sends
			conn.Close()
		}
	}))
	defer closing.Close()
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	}))
	defer slow.Close()
	gone := httptest.NewServer(http.NotFoundHandler())
	goneURL := gone.URL
	gone.Close()

	for _, tc := range []struct {
		name string
		url  string
		want kind
	}{
		{"connection reset before the answer", closing.URL, reset},
		{"no answer within the timeout", slow.URL, timedOut},
		{"nothing listening", goneURL, refused},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := newAPI(tc.url, 300*time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, a.base+"/api/v1/runs", nil)
			got := send(a.client(netip.MustParseAddr("127.0.0.2"), false), req)
			if got.kind != tc.want {
				t.Errorf("kind = %d (%v), want %d", got.kind, got.err, tc.want)
			}
		})
	}
}

func TestNewAPIRefusesOtherHosts(t *testing.T) {
	for _, base := range []string{"http://192.0.2.1:8080", "ftp://127.0.0.1", "127.0.0.1:8080", "http://[::1]:8080"} {
		if _, err := newAPI(base, time.Second); err == nil {
			t.Errorf("newAPI(%q) accepted it", base)
		}
	}
	if _, err := newAPI("http://localhost:8080/", time.Second); err != nil {
		t.Errorf("newAPI(localhost): %v", err)
	}
}
