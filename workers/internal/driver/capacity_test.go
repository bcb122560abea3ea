package driver

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"soapbench.dev/workers/internal/samples"
)

func TestCapacityFindsTheKnee(t *testing.T) {
	if testing.Short() {
		t.Skip("the capacity search runs for several seconds")
	}
	// One request at a time, 4 ms each: the server saturates at 250/s and
	// latency grows without bound past it.
	const service = 4 * time.Millisecond
	var serial sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		serial.Lock()
		time.Sleep(service)
		serial.Unlock()
		w.Write([]byte(okBody))
	}))
	defer srv.Close()
	res, err := Run(context.Background(), Plan{Model: "capacity", Endpoint: srv.URL, Samples: []samples.Sample{sample("a")},
		Connections: 1, Rate: 50, Duration: 500 * time.Millisecond, MaxConnections: 50, KeepAlive: true,
		Capacity: CapacitySearch{P99: 40 * time.Millisecond, MaxErrorRatio: 0.01, MaxSteps: 10}})
	if err != nil {
		t.Fatal(err)
	}
	c := res.Capacity
	if c == nil {
		t.Fatal("no capacity in the result")
	}
	if c.Rate < 150 || c.Rate > 260 {
		t.Errorf("capacity %.0f/s, want between 150 and 260 (knee at 250/s); steps %+v", c.Rate, c.Steps)
	}
	if len(c.Steps) > 10 || len(c.Steps) < 4 {
		t.Errorf("%d steps, want doubling then bisection within 10", len(c.Steps))
	}
	// Doubling from 50 passes 100 and 200 before it fails at 400.
	for i, want := range []float64{50, 100, 200, 400} {
		if i < len(c.Steps) && c.Steps[i].Rate != want {
			t.Errorf("step %d at %.0f/s, want %.0f", i, c.Steps[i].Rate, want)
		}
	}
	if c.P99Ms > 40 || ms(res.Latency.ValueAtQuantile(99)) != c.P99Ms {
		t.Errorf("capacity p99 %.1f ms, result p99 %.1f ms: want the passing step's own, under 40", c.P99Ms, ms(res.Latency.ValueAtQuantile(99)))
	}
}

func TestCapacityNeedsAnObjective(t *testing.T) {
	_, err := Run(context.Background(), Plan{Model: "capacity", Endpoint: "http://127.0.0.1:1/", Samples: []samples.Sample{sample("a")}, Connections: 1})
	if err == nil {
		t.Fatal("capacity search without a p99 objective ran")
	}
}
