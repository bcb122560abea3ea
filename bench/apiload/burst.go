package main

import (
	"context"
	"net/netip"
	"sync"
	"time"
)

// burstAll sends readers GETs of path all at once, each on a new connection, spread over addrs,
// then waits for every answer and pauses before the next of bursts rounds: many people opening
// the same page at the same moment (a link shared in a chat), not a client that reads in a loop.
func burstAll(ctx context.Context, a *api, path string, readers, bursts int, pause time.Duration, addrs []netip.Addr) *readFigures {
	shares := make([]*reader, readers)
	for i := range shares {
		shares[i] = &reader{errors: counts{}, latency: newHistogram()}
	}
	// One burst more than measured, first: it warms the path of a new connection (the JIT of a
	// freshly started backend), which the instance's own readers warmed long ago.
	warmUp := make([]*reader, readers)
	for i := range warmUp {
		warmUp[i] = &reader{errors: counts{}, latency: newHistogram()}
	}
	burst(ctx, a, path, warmUp, addrs)
	var cpu float64
	var began time.Time
	for b := 0; b < bursts && ctx.Err() == nil; b++ {
		time.Sleep(pause)
		if b == 0 {
			cpu, began = cpuSeconds(), time.Now()
		}
		burst(ctx, a, path, shares, addrs)
	}
	f := &readFigures{
		path: path, readers: readers, addresses: min(readers, len(addrs)), bursts: bursts, pause: pause,
		errors: counts{}, latency: newHistogram(), wall: time.Since(began), cpu: cpuSeconds() - cpu,
	}
	for _, r := range shares {
		f.merge(r)
	}
	return f
}

// burst sends one GET of path per reader, all at once, each on a new connection.
func burst(ctx context.Context, a *api, path string, shares []*reader, addrs []netip.Addr) {
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, r := range shares {
		client := a.client(addrs[i%len(addrs)], false)
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			r.read(ctx, client, a.base+path)
			client.CloseIdleConnections()
		}()
	}
	close(start)
	wg.Wait()
}
