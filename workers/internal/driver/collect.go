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
	micros := d.Microseconds()
	if micros < histogramMinMicros {
		micros = histogramMinMicros
	}
	if micros > histogramMaxMicros {
		micros = histogramMaxMicros
	}
	s.mu.Lock()
	_ = s.h.RecordValue(micros)
	s.mu.Unlock()
}

// collect closes every connection and adds up their counters.
func collect(conns []*loadConn, elapsed time.Duration, latency *hdrhistogram.Histogram) Result {
	r := Result{Errors: map[string]int64{}, Elapsed: elapsed, Latency: latency}
	for _, c := range conns {
		c.close()
		r.Requests += c.ok
		r.BytesSent += c.sent
		r.BytesReceived += c.counter.n
		for kind, n := range c.errs {
			r.Errors[kind] += n
		}
	}
	return r
}

func wireRequests(p Plan) (target, []wireRequest, error) {
	t, err := parseTarget(p.Endpoint)
	if err != nil {
		return target{}, nil, err
	}
	reqs := make([]wireRequest, len(p.Samples))
	for i, s := range p.Samples {
		reqs[i] = buildWireRequest(t, s, p.KeepAlive)
	}
	return t, reqs, nil
}
