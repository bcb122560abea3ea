package driver

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"soapbench.dev/workers/internal/samples"
)

// Each operation's share adds up to the run's own figures, and an
// operation's faults stay in its own share.
func TestSharesPerOperation(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(answer))
	defer srv.Close()
	plans := map[string]Plan{
		"closed": {Connections: 3, Requests: 60, KeepAlive: true},
		"open":   {Model: "open", Connections: 1, Rate: 300, Requests: 60, KeepAlive: true},
	}
	for name, plan := range plans {
		t.Run(name, func(t *testing.T) {
			plan.Endpoint = srv.URL + "/ws"
			plan.Samples = []samples.Sample{sample("a"), sample("fault"), sample("b"), sample("a")}
			res, err := Run(context.Background(), plan)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Operations) != 3 {
				t.Fatalf("operations %+v, want a, fault, b", res.Operations)
			}
			var ok, latencies int64
			for i, want := range []string{"a", "fault", "b"} {
				share := res.Operations[i]
				if share.Operation != want {
					t.Errorf("operation %d = %q, want %q", i, share.Operation, want)
				}
				ok += share.Requests
				latencies += share.Latency.TotalCount()
				if share.Latency.TotalCount() != share.Requests {
					t.Errorf("%s: %d latencies for %d correct answers", want, share.Latency.TotalCount(), share.Requests)
				}
			}
			if ok != res.Requests || latencies != res.Latency.TotalCount() {
				t.Errorf("shares add up to %d answers and %d latencies, the run has %d and %d", ok, latencies, res.Requests, res.Latency.TotalCount())
			}
			fault := res.Operations[1]
			if fault.Requests != 0 || fault.Errors[ErrSOAPFault] != res.Errors[ErrSOAPFault] || fault.Errors[ErrSOAPFault] == 0 {
				t.Errorf("fault share %+v, run errors %v: every fault belongs to its operation", fault, res.Errors)
			}
			// "a" is two of the four samples: about half the requests.
			if a := res.Operations[0].Requests; a < 20 || a > 40 {
				t.Errorf("a answered %d of 60, want about 30", a)
			}
		})
	}
}

func TestOneOperationHasNoShares(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(answer))
	defer srv.Close()
	res, err := Run(context.Background(), Plan{Endpoint: srv.URL, Samples: []samples.Sample{sample("a"), sample("a")},
		Connections: 1, Requests: 10, KeepAlive: true, RequestTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if res.Operations != nil {
		t.Errorf("operations %+v, want none with one operation", res.Operations)
	}
}
