package driver

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultMaxConnections bounds the open model's connections when the plan
// does not: enough for the backlog of a 100 ms stall at 1,000 requests/s.
const DefaultMaxConnections = 100

func init() { Register("open", runOpen) }

// runOpen is the open model: requests arrive at a constant rate whether or
// not earlier ones were answered. Request i is due at start + i/Rate; its
// latency runs from that intended time, so a request that waited for a free
// connection behind a stalled server carries the wait (coordinated omission
// is corrected, as wrk2 does).
func runOpen(ctx context.Context, p Plan) (Result, error) {
	if p.Rate <= 0 {
		return Result{}, fmt.Errorf("open model: the rate must be positive (got %g)", p.Rate)
	}
	total := int64(p.Requests)
	if p.Duration > 0 {
		total = int64(p.Duration.Seconds() * p.Rate)
	}
	if total < 1 {
		return Result{}, fmt.Errorf("open model: %s at %g/s sends no request", p.Duration, p.Rate)
	}
	t, reqs, names, err := wireRequests(p)
	if err != nil {
		return Result{}, err
	}
	n := int(min(int64(p.MaxConnections), total))
	corrected, uncorrected := newHistShards(n), newHistShards(n)
	perOperation := newOpShards(len(names), n)
	nanosPerRequest := float64(time.Second) / p.Rate
	var tickets atomic.Int64
	conns := make([]*loadConn, n)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range conns {
		c := newLoadConn(t, reqs, names, i, p)
		conns[i] = c
		fixed, raw := corrected.forConn(i), uncorrected.forConn(i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			timer := time.NewTimer(time.Hour)
			defer timer.Stop()
			for {
				ticket := tickets.Add(1) - 1
				if ticket >= total {
					return
				}
				intended := start.Add(time.Duration(float64(ticket) * nanosPerRequest))
				if !sleepUntil(ctx, timer, intended) {
					return
				}
				sent := time.Now()
				req := c.nextRequest()
				if end, ok := c.do(req, sent); ok {
					fixed.record(end.Sub(intended))
					raw.record(end.Sub(sent))
					perOperation.record(req.op, i, end.Sub(intended))
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	tallies := make([]*connTally, len(conns))
	for i, c := range conns {
		c.close()
		tallies[i] = &c.connTally
	}
	r := collect(tallies, elapsed, corrected.merged())
	r.Uncorrected = uncorrected.merged()
	r.Operations = shares(names, tallies, []opLatencies{perOperation.merged()})
	return r, ctx.Err()
}

// sleepUntil waits for at, reusing timer; false when ctx ended first.
func sleepUntil(ctx context.Context, timer *time.Timer, at time.Time) bool {
	d := time.Until(at)
	if d <= 0 {
		return ctx.Err() == nil
	}
	timer.Reset(d)
	select {
	case <-timer.C:
		return true
	case <-ctx.Done():
		return false
	}
}
