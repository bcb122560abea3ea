package driver

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

func init() { Register("closed", runClosed) }

// runClosed is the closed model: each connection sends its next request as
// soon as the previous answer arrived, until Requests were sent in all or,
// with a Duration, until that time is up.
func runClosed(ctx context.Context, p Plan) (Result, error) {
	t, reqs, err := wireRequests(p)
	if err != nil {
		return Result{}, err
	}
	shards := newHistShards(p.Connections)
	var tickets atomic.Int64
	total := int64(p.Requests)
	conns := make([]*loadConn, p.Connections)
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(p.Duration)
	for i := range conns {
		c := newLoadConn(t, reqs, i, p)
		conns[i] = c
		shard := shards.forConn(i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				sent := time.Now()
				if p.Duration > 0 {
					if !sent.Before(deadline) {
						return
					}
				} else if tickets.Add(1) > total {
					return
				}
				if end, ok := c.do(c.nextRequest(), sent); ok {
					shard.record(end.Sub(sent))
				}
			}
		}()
	}
	wg.Wait()
	return collect(conns, time.Since(start), shards.merged()), ctx.Err()
}
