package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeBackend answers submissions by the client's address: 127.0.0.2 gets a 201, .3 a proper 429,
// .4 a 429 without Retry-After, .5 a 500, .6 a 201 without manageToken; a cancel is refused with a
// 429 the first time and accepted the second.
func fakeBackend(t *testing.T) (*httptest.Server, *sync.Map) {
	var runs atomic.Int64
	cancels := &sync.Map{} // run id -> tries
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, _, _ := net.SplitHostPort(r.RemoteAddr)
		if strings.HasSuffix(r.URL.Path, "/cancel") {
			id := strings.Split(r.URL.Path, "/")[4]
			if r.Header.Get("X-Run-Manage-Token") != "token-"+id {
				w.WriteHeader(http.StatusForbidden)
				return
			}
			tries, _ := cancels.LoadOrStore(id, new(atomic.Int64))
			if tries.(*atomic.Int64).Add(1) == 1 {
				w.Header().Set("Retry-After", "0")
				w.WriteHeader(http.StatusTooManyRequests)
				return
			}
			w.WriteHeader(http.StatusOK)
			return
		}
		problem := func(status int, retryAfter string) {
			if retryAfter != "" {
				w.Header().Set("Retry-After", retryAfter)
			}
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(status)
			fmt.Fprintf(w, `{"status":%d,"title":"t","detail":"Too many writes: try later"}`, status)
		}
		switch host {
		case "127.0.0.2":
			id := fmt.Sprint(runs.Add(1))
			w.WriteHeader(http.StatusCreated)
			fmt.Fprintf(w, `{"id":%q,"manageToken":"token-%s"}`, id, id)
		case "127.0.0.3":
			problem(http.StatusTooManyRequests, "1")
		case "127.0.0.4":
			problem(http.StatusTooManyRequests, "")
		case "127.0.0.5":
			problem(http.StatusInternalServerError, "")
		case "127.0.0.6":
			w.WriteHeader(http.StatusCreated)
			fmt.Fprint(w, `{"id":"x"}`)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, cancels
}

func TestSubmitAllCountsEachAnswer(t *testing.T) {
	srv, _ := fakeBackend(t)
	a, err := newAPI(srv.URL, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	f := submitAll(context.Background(), a, submission("echo", "gsoap", 10), 50, loopbackAddresses(5))
	if len(f.created) != 10 || f.unusable != 10 {
		t.Errorf("created %d, unusable %d; want 10 and 10", len(f.created), f.unusable)
	}
	if f.tooMany.total() != 20 || f.badTooMany != 10 {
		t.Errorf("429s %d, without Retry-After %d; want 20 and 10", f.tooMany.total(), f.badTooMany)
	}
	if f.server.total() != 10 || f.server["500 Too many writes"] != 10 {
		t.Errorf("5xx %v; want 10 of '500 Too many writes'", f.server)
	}
	if f.all.TotalCount() != 50 || f.ok.TotalCount() != 20 {
		t.Errorf("latencies of %d answers and %d 201s; want 50 and 20", f.all.TotalCount(), f.ok.TotalCount())
	}
	if f.print("test", time.Second) {
		t.Error("print() says every target held despite 5xx and 429s without Retry-After")
	}
}

func TestCancelAllWaitsOut429(t *testing.T) {
	srv, cancels := fakeBackend(t)
	a, err := newAPI(srv.URL, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	runs := []createdRun{{"1", "token-1"}, {"2", "token-2"}, {"3", "wrong"}}
	f := cancelAll(a, runs)
	if f.cancelled != 2 || f.failed["403 (no problem+json body)"] != 1 {
		t.Errorf("cancelled %d, failed %v; want 2 cancelled and one 403", f.cancelled, f.failed)
	}
	tries, _ := cancels.Load("1")
	if tries.(*atomic.Int64).Load() != 2 {
		t.Errorf("run 1 was asked %d times; want 2 (the 429, then the cancel)", tries.(*atomic.Int64).Load())
	}
	if f.print() {
		t.Error("print() says every run was cancelled despite a 403")
	}
}

func TestReadAllCountsErrorsAndLatency(t *testing.T) {
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1)%10 == 0 {
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprint(w, `{"status":503,"title":"Service unavailable"}`)
			return
		}
		fmt.Fprint(w, `{"items":[]}`)
	}))
	defer srv.Close()
	a, err := newAPI(srv.URL, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	f := readAll(context.Background(), a, "/api/v1/runs", 4, 200*time.Millisecond, 0, loopbackAddresses(2))
	if f.requests == 0 || f.latency.TotalCount() != int64(f.requests) {
		t.Fatalf("%d requests, %d latencies; want as many of each, more than 0", f.requests, f.latency.TotalCount())
	}
	if got := f.errors["503 Service unavailable"]; got != f.requests/10 {
		t.Errorf("%d 503s counted of %d requests; want %d", got, f.requests, f.requests/10)
	}
	if f.print(time.Second) {
		t.Error("print() says 0 errors")
	}
}

func TestBurstAllAsksAllAtOnceOnNewConnections(t *testing.T) {
	var inFlight, most, connections atomic.Int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := inFlight.Add(1)
		for {
			if seen := most.Load(); now <= seen || most.CompareAndSwap(seen, now) {
				break
			}
		}
		// Long enough that a burst overlaps on a busy machine too.
		time.Sleep(150 * time.Millisecond)
		inFlight.Add(-1)
		fmt.Fprint(w, `{"items":[]}`)
	}))
	srv.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		if state == http.StateNew {
			connections.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	a, err := newAPI(srv.URL, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	f := burstAll(context.Background(), a, "/api/v1/runs", 8, 3, 10*time.Millisecond, loopbackAddresses(2))
	if f.requests != 24 || f.latency.TotalCount() != 24 || f.errors.total() != 0 {
		t.Fatalf("%d requests, %d latencies, errors %s; want 24, 24, none", f.requests, f.latency.TotalCount(), f.errors)
	}
	if most.Load() < 6 {
		t.Errorf("at most %d requests were in progress at once; a burst of 8 should overlap", most.Load())
	}
	// The unmeasured warm-up burst comes first.
	if connections.Load() != 32 {
		t.Errorf("%d connections for 24 measured requests and 8 of warm-up; want a new one for each", connections.Load())
	}
	if p50 := time.Duration(f.latency.ValueAtQuantile(50)) * time.Microsecond; p50 < 150*time.Millisecond {
		t.Errorf("p50 %s; every answer took at least 150 ms", p50)
	}
	if f.print(time.Second) {
		t.Error("print() says p99 <= 100 ms held for answers of 150 ms")
	}
}
