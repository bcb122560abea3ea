package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestQueuePlaceDescribe(t *testing.T) {
	seconds := func(s int64) *int64 { return &s }
	tests := []struct {
		place queuePlace
		want  string
	}{
		{queuePlace{Position: 1, EstimatedStartSeconds: seconds(12)}, "next in line, a worker should take it in about 10 s"},
		{queuePlace{Position: 3, EstimatedStartSeconds: seconds(250)}, "number 3 in line, a worker should take it in about 4 min"},
		{queuePlace{Position: 2}, "number 2 in line, no live worker of its class"},
		{queuePlace{Position: 9, EstimatedStartSeconds: seconds(2*3600 + 20*60)}, "number 9 in line, a worker should take it in about 2 h 20 min"},
	}
	for _, tt := range tests {
		if got := tt.place.describe(); got != tt.want {
			t.Errorf("describe(%+v) = %q, want %q", tt.place, got, tt.want)
		}
	}
}

// --wait says where a queued run stands each time that changes, and not again while it does not.
func TestWaitPrintsThePlaceInLine(t *testing.T) {
	var polls atomic.Int32
	answers := []string{
		`{"id":"r1","status":"queued","queue":{"position":2,"running":1,"workers":1,"estimatedStartSeconds":130}}`,
		`{"id":"r1","status":"queued","queue":{"position":2,"running":1,"workers":1,"estimatedStartSeconds":130}}`,
		`{"id":"r1","status":"queued","queue":{"position":1,"running":1,"workers":1,"estimatedStartSeconds":40}}`,
		`{"id":"r1","status":"running"}`,
		`{"id":"r1","status":"completed"}`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := min(int(polls.Add(1))-1, len(answers)-1)
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(answers[i]))
	}))
	defer srv.Close()
	var progress bytes.Buffer
	if _, err := waitForRun(context.Background(), newClient(srv.URL, ""), "r1", time.Minute, time.Millisecond, &progress); err != nil {
		t.Fatal(err)
	}
	want := "status: queued\nqueued: number 2 in line, a worker should take it in about 2 min\n" +
		"queued: next in line, a worker should take it in about 40 s\nstatus: running\nstatus: completed\n"
	if progress.String() != want {
		t.Errorf("progress:\n%s\nwant:\n%s", progress.String(), want)
	}
}

func TestAWaitRidesOutAMomentOfTheServiceAndStopsAtARefusal(t *testing.T) {
	var polls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch n := polls.Add(1); {
		case n <= 2:
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write([]byte(`{"title":"Service unavailable","status":503,"detail":"The service's database cannot be reached right now"}`))
		case r.URL.Path == "/api/v1/runs/gone":
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"title":"Not Found","status":404,"detail":"No run 'gone'."}`))
		default:
			w.Write([]byte(`{"id":"r1","status":"completed"}`))
		}
	}))
	defer srv.Close()
	var progress bytes.Buffer

	r, err := waitForRun(context.Background(), newClient(srv.URL, ""), "r1", time.Minute, time.Millisecond, &progress)

	if err != nil || r.Status != "completed" {
		t.Fatalf("run %+v, err %v: want the wait to ride out two 503s", r, err)
	}
	if strings.Count(progress.String(), "asking again") != 2 {
		t.Errorf("progress %q: want each 503 said", progress.String())
	}
	if _, err := waitForRun(context.Background(), newClient(srv.URL, ""), "gone", time.Minute, time.Millisecond, &progress); err == nil {
		t.Error("a 404 while waiting was asked again: want it to end the wait")
	}
}
