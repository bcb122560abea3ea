package main

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// readFigures are the answers to the readers of one page.
type readFigures struct {
	path      string
	readers   int
	addresses int
	pause     time.Duration
	bursts    int // readers that all asked at once, this many times; 0: each reader in a loop
	requests  int
	errors    counts
	first     string // the first transport error's message
	latency   *hdrhistogram.Histogram
	wall      time.Duration
	cpu       float64
}

// reader is one reader's share, merged when all have stopped.
type reader struct {
	requests int
	errors   counts
	first    string
	latency  *hdrhistogram.Histogram
}

// readAll runs readers clients at once, each on its own keep-alive connection, reading path for
// the given time. They are spread over addrs: the backend lets one address hold only a few
// request threads at once (soapbench.limits.max-in-flight-per-address), and that limit is the
// submissions' to show, not the readers'.
func readAll(ctx context.Context, a *api, path string, readers int, length, pause time.Duration, addrs []netip.Addr) *readFigures {
	shares := make([]*reader, readers)
	start := make(chan struct{})
	var deadline time.Time
	var wg sync.WaitGroup
	for i := range shares {
		r := &reader{errors: counts{}, latency: newHistogram()}
		shares[i] = r
		client := a.client(addrs[i%len(addrs)], true)
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			// Readers that pause start spread over one pause, so their requests do not arrive in
			// waves of all at once.
			time.Sleep(pause * time.Duration(i) / time.Duration(readers))
			for ctx.Err() == nil && time.Now().Before(deadline) {
				r.read(ctx, client, a.base+path)
				if pause > 0 {
					time.Sleep(pause)
				}
			}
			client.CloseIdleConnections()
		}()
	}
	cpu := cpuSeconds()
	began := time.Now()
	deadline = began.Add(length)
	close(start)
	wg.Wait()

	f := &readFigures{
		path: path, readers: readers, addresses: min(readers, len(addrs)), pause: pause, errors: counts{},
		latency: newHistogram(), wall: time.Since(began), cpu: cpuSeconds() - cpu,
	}
	for _, r := range shares {
		f.merge(r)
	}
	return f
}

// merge adds one reader's share to the figures.
func (f *readFigures) merge(r *reader) {
	f.requests += r.requests
	for k, v := range r.errors {
		f.errors[k] += v
	}
	if f.first == "" {
		f.first = r.first
	}
	f.latency.Merge(r.latency)
}

func (r *reader) read(ctx context.Context, client *http.Client, url string) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		r.errors["request not made"]++
		return
	}
	req.Header.Set("Accept", "application/json, application/problem+json")
	ans := send(client, req)
	if ctx.Err() != nil {
		return // cut short by a signal: neither an answer nor an error of the instance
	}
	r.requests++
	switch {
	case ans.kind == reset:
		r.errors["reset"]++
	case ans.kind == refused:
		r.errors["refused"]++
	case ans.kind == timedOut:
		r.errors["timeout"]++
	case ans.kind == otherError:
		r.errors["other error"]++
	case ans.status < 200 || ans.status > 299:
		r.errors[fmt.Sprintf("%d %s", ans.status, ans.reason())]++
	}
	if ans.kind != answered {
		if r.first == "" {
			r.first = ans.err.Error()
		}
		return
	}
	record(r.latency, ans.took)
}

// print writes the figures and their targets; it returns whether every target held.
func (f *readFigures) print(timeout time.Duration) bool {
	how := "back to back"
	switch {
	case f.bursts > 0:
		how = fmt.Sprintf("all at once on new connections, %d times %s apart", f.bursts, f.pause)
	case f.pause > 0:
		how = fmt.Sprintf("each on its connection, pausing %s between requests", f.pause)
	}
	fmt.Printf("\nreaders of %s: %d from %d addresses, %s, for %.1f s; client CPU %.2f s\n",
		f.path, f.readers, f.addresses, how, f.wall.Seconds(), f.cpu)
	fmt.Printf("  requests             %6d   %.0f/s\n", f.requests, float64(f.requests)/f.wall.Seconds())
	noErrors := f.errors.total() == 0
	fmt.Printf("  errors               %6d   target 0   %s", f.errors.total(), verdict(noErrors))
	if !noErrors {
		fmt.Printf("   %s", f.errors)
		if f.errors["timeout"] > 0 {
			fmt.Printf(" (no answer within %s)", timeout)
		}
		if f.first != "" {
			fmt.Printf("; first: %s", f.first)
		}
	}
	fmt.Println()
	p99 := time.Duration(f.latency.ValueAtQuantile(99)) * time.Microsecond
	fast := f.latency.TotalCount() > 0 && p99 <= 100*time.Millisecond
	fmt.Printf("  latency, every answer: %s   target p99 <= 100 ms   %s\n", latencies(f.latency), verdict(fast))
	return noErrors && fast
}
