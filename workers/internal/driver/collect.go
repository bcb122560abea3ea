package driver

import (
	"runtime"
	"sync"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// histShards spreads recording over a few locked histograms: one per
// connection would cost ~140 KB each at 1,000 connections.
type histShards []*histShard

func newHistShards(connections int) histShards {
	s := make(histShards, min(connections, 2*runtime.GOMAXPROCS(0)))
	for i := range s {
		s[i] = &histShard{h: newHistogram()}
	}
	return s
}

func (s histShards) forConn(i int) *histShard { return s[i%len(s)] }

func (s histShards) merged() *hdrhistogram.Histogram {
	h := newHistogram()
	for _, sh := range s {
		h.Merge(sh.h)
	}
	return h
}

type histShard struct {
	mu sync.Mutex
	h  *hdrhistogram.Histogram
}

func (s *histShard) record(d time.Duration) {
	s.mu.Lock()
	recordLatency(s.h, d)
	s.mu.Unlock()
}

// recordLatency files d in h, clamped to the histogram's range.
func recordLatency(h *hdrhistogram.Histogram, d time.Duration) {
	micros := min(max(d.Microseconds(), histogramMinMicros), histogramMaxMicros)
	_ = h.RecordValue(micros)
}

// collect adds up the connections' tallies.
func collect(tallies []*connTally, elapsed time.Duration, latency *hdrhistogram.Histogram) Result {
	r := Result{Errors: map[string]int64{}, Elapsed: elapsed, Latency: latency}
	for _, t := range tallies {
		r.Requests += t.ok
		r.BytesSent += t.sent
		r.BytesReceived += t.received
		for kind, n := range t.errs {
			r.Errors[kind] += n
		}
	}
	return r
}

// wireRequests builds the requests in wire form, each with the index of its
// operation in names (nil when the samples have one operation).
func wireRequests(p Plan) (target, []wireRequest, []string, error) {
	t, err := parseTarget(p.Endpoint)
	if err != nil {
		return target{}, nil, nil, err
	}
	names, index := operationIndex(p.Samples)
	reqs := make([]wireRequest, len(p.Samples))
	for i, s := range p.Samples {
		reqs[i] = buildWireRequest(t, s, p.KeepAlive)
		reqs[i].op = index[i]
	}
	return t, reqs, names, nil
}
