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

// stallingServer answers okBody at once, except that every period it holds
// every request for stall, starting offset after it starts.
func stallingServer(t *testing.T, offset, period, stall time.Duration) *httptest.Server {
	var gate sync.RWMutex
	stop := make(chan struct{})
	go func() {
		timer := time.NewTimer(offset)
		defer timer.Stop()
		for {
			select {
			case <-stop:
				return
			case <-timer.C:
			}
			gate.Lock()
			time.Sleep(stall)
			gate.Unlock()
			timer.Reset(period - stall)
		}
	}()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		gate.RLock()
		defer gate.RUnlock()
		w.Write([]byte(okBody))
	}))
	t.Cleanup(func() {
		close(stop)
		srv.Close()
	})
	return srv
}

func TestOpenCorrectsCoordinatedOmission(t *testing.T) {
	srv := stallingServer(t, 250*time.Millisecond, time.Second, 200*time.Millisecond)
	res, err := Run(context.Background(), Plan{Model: "open", Endpoint: srv.URL, Samples: []samples.Sample{sample("a")},
		Connections: 1, Rate: 500, Duration: 2 * time.Second, MaxConnections: 10, KeepAlive: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Requests != 1000 || len(res.Errors) != 0 {
		t.Fatalf("correct %d, errors %v: want all 1000 arrivals answered", res.Requests, res.Errors)
	}
	p90, p99 := ms(res.Latency.ValueAtQuantile(90)), ms(res.Latency.ValueAtQuantile(99))
	raw90 := ms(res.Uncorrected.ValueAtQuantile(90))
	// A fifth of the arrivals fall into a stall and wait up to 200 ms for it.
	if p99 < 150 || p90 < 50 {
		t.Errorf("corrected p90 %.1f ms, p99 %.1f ms: want the stalls seen (p90 >= 50, p99 >= 150)", p90, p99)
	}
	// Timed from the actual send, the queued requests look fast: the same run
	// reports a far smaller p90 (a ratio, so that a loaded machine does not
	// decide the test).
	if raw90 > p90/3 {
		t.Errorf("uncorrected p90 %.1f ms, corrected %.1f ms: want it to hide the stall (under a third)", raw90, p90)
	}
}

func TestOpenKeepsItsRate(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(answer))
	defer srv.Close()
	res, err := Run(context.Background(), Plan{Model: "open", Endpoint: srv.URL, Samples: []samples.Sample{sample("a"), sample("b")},
		Connections: 1, Rate: 400, Duration: time.Second, KeepAlive: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Requests != 400 {
		t.Errorf("correct %d, want 400 (rate x duration)", res.Requests)
	}
	// Arrivals are spread over the second, not sent in a burst.
	if res.Elapsed < 950*time.Millisecond || res.Elapsed > 2500*time.Millisecond {
		t.Errorf("elapsed %s, want about 1 s (at least 0.95 s)", res.Elapsed)
	}
}

func TestOpenNeedsARate(t *testing.T) {
	_, err := Run(context.Background(), Plan{Model: "open", Endpoint: "http://127.0.0.1:1/", Samples: []samples.Sample{sample("a")},
		Connections: 1, Requests: 10})
	if err == nil {
		t.Fatal("open model without a rate ran")
	}
}

func ms(micros int64) float64 { return float64(micros) / 1000 }
