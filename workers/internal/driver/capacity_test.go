package driver

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"soapbench.dev/workers/internal/samples"
)

func TestCapacityFindsTheKnee(t *testing.T) {
	// A server model that saturates at 250/s: p99 is 5 ms below the knee and
	// grows past it; at more than twice the knee it also delivers too little.
	const knee = 250.0
	var offered []float64
	model := func(_ context.Context, p Plan) (Result, error) {
		offered = append(offered, p.Rate)
		p99 := 5 * time.Millisecond
		delivered := p.Rate
		if p.Rate > knee {
			p99 = time.Duration(5+(p.Rate-knee)) * time.Millisecond
		}
		if p.Rate > 2*knee {
			delivered = knee
		}
		h := newHistogram()
		h.RecordValues(p99.Microseconds(), 100)
		return Result{Requests: int64(delivered * p.Duration.Seconds()), Elapsed: p.Duration, Latency: h}, nil
	}
	res, err := searchCapacity(context.Background(), Plan{Model: "capacity", Rate: 50, Duration: time.Second,
		Capacity: CapacitySearch{P99: 40 * time.Millisecond, MaxErrorRatio: 0.01, MaxSteps: 10}}, model)
	if err != nil {
		t.Fatal(err)
	}
	c := res.Capacity
	if c == nil {
		t.Fatal("no capacity in the result")
	}
	// p99 reaches 40 ms at 285/s: the answer must lie within the 5% resolution below it.
	if c.Rate < 270 || c.Rate > 285 {
		t.Errorf("capacity %.1f/s, want within 5%% below 285/s; steps %+v", c.Rate, c.Steps)
	}
	// Doubling from 50 passes 100 and 200 before it fails at 400.
	for i, want := range []float64{50, 100, 200, 400} {
		if i >= len(offered) || offered[i] != want {
			t.Fatalf("rates tried %v, want doubling 50, 100, 200, 400 first", offered)
		}
	}
	if len(c.Steps) != len(offered) || len(c.Steps) > 10 {
		t.Errorf("%d steps recorded for %d tried (limit 10)", len(c.Steps), len(offered))
	}
	if c.P99Ms > 40 || ms(res.Latency.ValueAtQuantile(99)) != c.P99Ms {
		t.Errorf("capacity p99 %.1f ms, result p99 %.1f ms: want the passing step's own, under 40", c.P99Ms, ms(res.Latency.ValueAtQuantile(99)))
	}
}

func TestCapacityRunsTheOpenModelAgainstARealServer(t *testing.T) {
	// The search wired to the real open model: each step really sends, and the
	// quick server passes the generous objective at every rate tried.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Write([]byte(okBody))
	}))
	defer srv.Close()
	res, err := Run(context.Background(), Plan{Model: "capacity", Endpoint: srv.URL, Samples: []samples.Sample{sample("a")},
		Connections: 1, Rate: 20, Duration: 300 * time.Millisecond, MaxConnections: 20, KeepAlive: true,
		Capacity: CapacitySearch{P99: 2 * time.Second, MaxErrorRatio: 0.01, MaxSteps: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Capacity == nil || len(res.Capacity.Steps) != 2 {
		t.Fatalf("capacity %+v, want two steps", res.Capacity)
	}
	if res.Requests == 0 || res.Capacity.Rate != 40 {
		t.Errorf("found %.0f/s after %d requests, want 40/s (both steps pass)", res.Capacity.Rate, res.Requests)
	}
}

func TestCapacityNeedsAnObjective(t *testing.T) {
	_, err := Run(context.Background(), Plan{Model: "capacity", Endpoint: "http://127.0.0.1:1/", Samples: []samples.Sample{sample("a")}, Connections: 1})
	if err == nil {
		t.Fatal("capacity search without a p99 objective ran")
	}
}
